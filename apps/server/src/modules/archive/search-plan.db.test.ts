import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites, defaultSearchCondition } from '../../test/scenes';
import { AreasRepository, overlayFor } from '../areas';
import { defaultConstellation } from '../catalogue/constellation';
import { normaliseLonLat } from '../scenes/lonlat';
import { firstPageQuery, pageQuery, type SceneFilter } from './archive.queries';
import { filterOf, parseSort } from './archive.service';

/**
 * The typical searches use the spatial index (issue 3 "a test asserts (through EXPLAIN) that
 * the typical searches use it"). The plans are printed for the record.
 */

let h: Harness;
let sats: number[];
const scenes = 20_000;

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  sats = (await createTestSatellites(h, 4)).ids;
  // Scenes over the world and three years, written directly: the planner needs a realistic table.
  await h.pool.query('SELECT setseed(0.42)');
  await h.pool.query(
    `INSERT INTO scenes (id, satellite_id, acquired_at, footprint, orbit_direction, sensor_type, bands,
                         product_quality, cloud_cover, off_nadir, sun_zenith, gsd, resolution_id, area_km2, provenance)
     SELECT 'plan-' || i, ($1::int[])[1 + i % 4], timestamptz '2022-01-01' + random() * interval '1095 days',
            ST_Multi(ST_MakeEnvelope(x, y, x + w, y + w, 4326))::geography, 2, 1, '{B,G,R}',
            CASE WHEN random() < 0.8 THEN 'A' ELSE 'B' END, random() * 100, random() * 45, 20 + random() * 60,
            0.5, 2, 100, 'simulated'
       FROM (SELECT i, -180 + random() * 359 AS x, -60 + random() * 129 AS y, 0.1 + random() * 0.9 AS w
               FROM generate_series(1, $2::int) i) g`,
    [sats, scenes],
  );
  await h.pool.query('ANALYZE scenes');
});

async function plan(
  aoi: ReturnType<typeof box>,
  condition: Partial<Parameters<typeof filterOf>[0]['condition']>,
) {
  const prepared = await new AreasRepository(h.pool).prepareAois([normaliseLonLat(aoi)]);
  const filter: SceneFilter = filterOf({
    aois: [aoi],
    satIds: sats,
    sensor: {},
    condition: { ...defaultSearchCondition, ...condition },
  });
  const explain = async (q: { text: string; values: unknown[] }) =>
    (await h.pool.query(`EXPLAIN ${q.text}`, q.values)).rows
      .map((r) => (r['QUERY PLAN'] as string).replace(/'[0-9A-F]{40,}'::geometry/g, 'AOI'))
      .join('\n');
  const area = { aoi: prepared.union!, areaKm2: prepared.areaKm2, snapshot: prepared.snapshot };
  const overlay = overlayFor(h.kind);
  const first = await explain(firstPageQuery(area, filter, parseSort(undefined), 1000, 0, overlay));
  const more = await explain(
    pageQuery(
      area,
      filter,
      parseSort(undefined),
      1000,
      { after: { start: 1000, key: '2024-12-01', id: 'x' } },
      overlay,
    ),
  );
  return { first, more };
}

describe('query plans', () => {
  it('a 1° AOI over one year with cloud ≤ 20 % uses the spatial index', async () => {
    const { first, more } = await plan(box(10, 45, 11, 46), {});
    console.log(`[${h.kind}] 1° AOI, one year — first page:\n${first}\n[${h.kind}] get more:\n${more}`);
    expect(first).toMatch(/scenes_footprint_time_idx/);
    expect(more).toMatch(/scenes_footprint_time_idx/);
    expect(first).not.toMatch(/Seq Scan on scenes/);
  });

  it('a 10° AOI over 90 days uses the spatial index', async () => {
    const { first, more } = await plan(box(0, 40, 10, 50), { fdate: '2024-10-01', tdate: '2024-12-29' });
    console.log(`[${h.kind}] 10° AOI, 90 days — first page:\n${first}`);
    expect(first).toMatch(/scenes_footprint_time_idx/);
    expect(more).toMatch(/scenes_footprint_time_idx/);
    expect(first).not.toMatch(/Seq Scan on scenes/);
  });

  it('a continent over one week scans an index, not the table', async () => {
    const { first } = await plan(box(-20, -35, 50, 35), { fdate: '2024-06-01', tdate: '2024-06-07' });
    console.log(`[${h.kind}] continent, 7 days — first page:\n${first}`);
    expect(first).toMatch(/Index Scan|Bitmap Index Scan/);
    expect(first).not.toMatch(/Seq Scan on scenes/);
  });
});
