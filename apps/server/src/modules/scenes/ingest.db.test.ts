import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ResultCode } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { bowtie, box, loginNewUser, postSearch, searchRequest } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { describeIngest } from './ingest.service';

let h: Harness;
const stacDir = resolve(import.meta.dirname, '../../../../../data/stac-items');
const scratch = mkdtempSync(join(tmpdir(), 'satportal-stac-'));
const realS2 = readFileSync(join(stacDir, '1000-sentinel-2-items.ndjson'), 'utf8').split('\n')[0]!;
const realLandsat = readFileSync(join(stacDir, '100-landsat-items.ndjson'), 'utf8').split('\n')[0]!;

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the CLI against the test database, collecting its output. */
async function cli(...args: string[]): Promise<{ code: number; out: string[] }> {
  const { code, lines } = await runCliWith({ DATABASE_URL: h.url }, args);
  return { code, out: lines };
}

/** A real item under a new id, changed as a test needs. */
// biome-ignore lint/suspicious/noExplicitAny: tests change STAC items at any depth
function variant(source: string, change: (item: Record<string, any>) => void = () => {}) {
  const item = JSON.parse(source);
  item.id = uniqueName('item');
  change(item);
  return item;
}

describe('ingest of the real STAC items', () => {
  it('ingests 1099 items, rejects the Landsat 7 one, and changes nothing the second time', async () => {
    const first = await cli('ingest', stacDir);
    expect(first.code).toBe(1); // one item was rejected
    expect(first.out).toEqual([
      '100-landsat-items.ndjson: 100 items read, 99 inserted, 0 updated, 0 unchanged, 1 rejected',
      '  rejected line 98 (LE07_L2SP_034032_20231028_02_T2): unknown platform "landsat-7": no satellite of the catalogue has that name',
      '1000-sentinel-2-items.ndjson: 1000 items read, 1000 inserted, 0 updated, 0 unchanged, 0 rejected',
    ]);
    const before = await h.pool.query('SELECT id, updated_at FROM scenes WHERE provenance = $1 ORDER BY id', [
      'real',
    ]);

    const second = await cli('ingest', stacDir);
    expect(second.out).toEqual([
      '100-landsat-items.ndjson: 100 items read, 0 inserted, 0 updated, 99 unchanged, 1 rejected',
      '  rejected line 98 (LE07_L2SP_034032_20231028_02_T2): unknown platform "landsat-7": no satellite of the catalogue has that name',
      '1000-sentinel-2-items.ndjson: 1000 items read, 0 inserted, 0 updated, 1000 unchanged, 0 rejected',
    ]);
    const after = await h.pool.query('SELECT id, updated_at FROM scenes WHERE provenance = $1 ORDER BY id', [
      'real',
    ]);
    expect(after.rows).toEqual(before.rows);

    const { rows } = await h.pool.query(
      `SELECT sat.name, count(*)::int AS n FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id
        WHERE s.provenance = 'real' GROUP BY sat.name ORDER BY sat.name`,
    );
    expect(rows).toEqual([
      { name: 'Landsat 8', n: 48 },
      { name: 'Landsat 9', n: 51 },
      { name: 'Sentinel-2A', n: 487 },
      { name: 'Sentinel-2B', n: 513 },
    ]);
  });

  it('maps the STAC fields of a Sentinel-2 and a Landsat item', async () => {
    const { rows } = await h.pool.query(
      `SELECT s.id, sat.name, s.acquired_at, s.cloud_cover, s.off_nadir, s.sun_zenith, s.gsd, s.orbit_direction,
              s.sensor_type, s.bands, s.product_quality, s.provenance, s.resolution_id, s.assets->'quicklook'->>'key' AS quicklook,
              jsonb_array_length(s.assets->'files') AS files, s.properties->>'platform' AS platform, round(s.area_km2) AS area
         FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id
        WHERE s.id IN ('S2B_MSIL2A_20240709T174909_R141_T13TEF_20240709T235809', 'LC08_L2SP_033032_20241127_02_T1')
        ORDER BY s.id`,
    );
    expect(rows[0]).toMatchObject({
      name: 'Landsat 8',
      acquired_at: new Date('2024-11-27T17:37:29.806Z'),
      cloud_cover: 73.36,
      off_nadir: 0,
      gsd: 30,
      orbit_direction: 2,
      sensor_type: 1,
      bands: ['CB', 'B', 'G', 'R', 'NIR', 'SWIR', 'TIR'],
      product_quality: 'A',
      provenance: 'real',
      resolution_id: 5,
      quicklook: 'rendered_preview',
      platform: 'landsat-8',
    });
    const elevation = JSON.parse(realLandsat).properties['view:sun_elevation'];
    expect(rows[0].sun_zenith).toBeCloseTo(90 - elevation, 9);
    expect(rows[1]).toMatchObject({
      name: 'Sentinel-2B',
      // the datatake start, kept as published
      acquired_at: new Date('2024-07-09T17:49:09.024Z'),
      cloud_cover: 16.647588,
      off_nadir: null,
      sun_zenith: 22.6869261886756,
      gsd: 10,
      orbit_direction: 2,
      bands: ['CB', 'B', 'G', 'R', 'RE', 'NIR', 'SWIR'],
      product_quality: 'A',
      resolution_id: 4,
      quicklook: 'rendered_preview',
    });
    expect(rows[1].files).toBeGreaterThan(10);
    // an MGRS tile is 109.8 km square; this one is partly outside the swath
    expect(Number(rows[1].area)).toBeGreaterThan(5_000);
    expect(Number(rows[1].area)).toBeLessThan(12_100);

    const tiers = await h.pool.query(
      `SELECT properties->>'landsat:collection_category' AS tier, array_agg(DISTINCT product_quality) AS q
         FROM scenes WHERE properties ? 'landsat:collection_category' GROUP BY 1 ORDER BY 1`,
    );
    expect(tiers.rows).toEqual([
      { tier: 'T1', q: ['A'] },
      { tier: 'T2', q: ['B'] },
    ]);
  });

  it('makes the real scenes searchable through the API', async () => {
    const token = await loginNewUser(h);
    const { rows } = await h.pool.query(
      `SELECT array_agg(id ORDER BY id) AS ids FROM satellites WHERE name IN ('Sentinel-2A', 'Sentinel-2B')`,
    );
    // Denver, summer 2024
    const r = await postSearch(
      h,
      token,
      searchRequest([box(-105.1, 39.6, -104.8, 39.8)], rows[0].ids, {
        fdate: '2024-07-01',
        tdate: '2024-08-31',
        cc: 100,
      }),
    );
    expect(r.body.code).toBe(ResultCode.Success);
    expect(r.body.data.count).toBeGreaterThan(5);
    expect(r.body.data.ac).toBe(100);
    expect(r.body.data.images[0]).toMatchObject({
      satGroupName: 'Sentinel-2',
      provenance: 'real',
      imageGsd: 10,
    });
    expect(r.body.data.images[0].quicklookUrl).toMatch(/^https:\/\/planetarycomputer/);
  });
});

describe('ingest of malformed items', () => {
  it('reports each malformed item with its reason and ingests the rest', async () => {
    const good = [variant(realS2), variant(realLandsat)];
    const crossing = variant(realS2, (i) => {
      i.geometry = box(179.5, 10, 180.5, 11);
    });
    const file = join(scratch, 'mixed.ndjson');
    const lines = [
      JSON.stringify(good[0]),
      '{"type": "Feature", "id": ',
      JSON.stringify(variant(realS2, (i) => (i.geometry = null))),
      JSON.stringify(
        variant(realS2, (i) => {
          i.geometry = bowtie;
        }),
      ),
      JSON.stringify(variant(realS2, (i) => (i.properties.platform = 'landsat-5'))),
      '',
      JSON.stringify(variant(realS2, (i) => (i.properties.datetime = 'yesterday'))),
      JSON.stringify(variant(realS2, (i) => (i.properties['eo:cloud_cover'] = 150))),
      JSON.stringify(variant(realS2, (i) => (i.geometry = { type: 'Point', coordinates: [0, 0] }))),
      JSON.stringify(good[1]),
      JSON.stringify(crossing),
      JSON.stringify({ type: 'Collection', id: 'not-an-item' }),
    ];
    writeFileSync(file, `${lines.join('\n')}\n`);

    const report = (await h.services.ingest.ingestPath(file))[0]!;
    expect(report).toMatchObject({ source: 'mixed.ndjson', read: 11, inserted: 3, updated: 0, unchanged: 0 });
    expect(report.rejected.map((r) => [r.where, r.reason])).toEqual([
      ['line 2', expect.stringMatching(/^not JSON: /)],
      ['line 3', 'no geometry'],
      ['line 5', 'unknown platform "landsat-5": no satellite of the catalogue has that name'],
      ['line 7', 'bad datetime "yesterday"'],
      ['line 8', 'eo:cloud_cover 150 is outside 0–100'],
      ['line 9', 'invalid geometry: not a Polygon or MultiPolygon'],
      ['line 12', 'not a STAC Item (type must be "Feature")'],
      ['line 4', expect.stringMatching(/^invalid geometry: Self-intersection/)],
    ]);
    const { rows } = await h.pool.query(
      'SELECT id, ST_NumGeometries(footprint::geometry) AS parts FROM scenes WHERE id = ANY($1) ORDER BY id',
      [[...good, crossing].map((i) => i.id)],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...good, crossing].map((i) => i.id).sort());
    expect(rows.find((r) => r.id === crossing.id).parts).toBe(2);
    expect(describeIngest(report)[0]).toBe(
      'mixed.ndjson: 11 items read, 3 inserted, 0 updated, 0 unchanged, 8 rejected',
    );
  });

  it('reads an ItemCollection and a single Item, and updates a changed item', async () => {
    const items = [variant(realS2), variant(realLandsat)];
    const collection = join(scratch, 'collection.json');
    writeFileSync(collection, JSON.stringify({ type: 'FeatureCollection', features: items }));
    expect((await h.services.ingest.ingestPath(collection))[0]).toMatchObject({
      read: 2,
      inserted: 2,
      rejected: [],
    });

    const single = join(scratch, 'single.geojson');
    items[0].properties['eo:cloud_cover'] = 1.5;
    writeFileSync(single, JSON.stringify(items[0]));
    expect((await h.services.ingest.ingestPath(single))[0]).toMatchObject({
      read: 1,
      inserted: 0,
      updated: 1,
    });
    const { rows } = await h.pool.query('SELECT cloud_cover FROM scenes WHERE id = $1', [items[0].id]);
    expect(rows[0].cloud_cover).toBe(1.5);

    const broken = join(scratch, 'broken.json');
    writeFileSync(broken, '{"type": "FeatureCollection", "features": [');
    expect((await h.services.ingest.ingestPath(broken))[0]!.rejected[0]).toMatchObject({
      where: 'file',
      reason: expect.stringMatching(/^not JSON/),
    });
  });

  it('demo mode ingests a folder once and only digests it on later starts', async () => {
    const folder = mkdtempSync(join(scratch, 'demo-'));
    writeFileSync(join(folder, 'a.ndjson'), `${JSON.stringify(variant(realS2))}\n`);
    writeFileSync(join(folder, 'notes.txt'), 'not an item file');
    const first = await h.services.ingest.ingestFolderOnce(folder);
    expect(first).toMatchObject([{ source: 'a.ndjson', inserted: 1 }]);
    expect(await h.services.ingest.ingestFolderOnce(folder)).toMatchObject([
      { source: 'a.ndjson', skipped: true },
    ]);
    // a changed file is ingested again
    writeFileSync(join(folder, 'a.ndjson'), `${JSON.stringify(variant(realS2))}\n`);
    expect(await h.services.ingest.ingestFolderOnce(folder)).toMatchObject([{ inserted: 1 }]);
  });

  it('the CLI needs one path, names a missing one, and exits 0 for a clean file', async () => {
    await expect(cli('ingest')).rejects.toThrow(/FILE or DIR/);
    await expect(cli('ingest', join(scratch, 'absent.ndjson'))).rejects.toThrow(/absent\.ndjson/);
    const clean = join(scratch, 'clean.ndjson');
    writeFileSync(clean, `${JSON.stringify(variant(realLandsat))}\n`);
    const r = await cli('ingest', clean);
    expect(r).toEqual({
      code: 0,
      out: ['clean.ndjson: 1 items read, 1 inserted, 0 updated, 0 unchanged, 0 rejected'],
    });
  });
});
