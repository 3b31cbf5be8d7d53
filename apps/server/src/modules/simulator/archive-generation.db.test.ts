import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { testDatabaseUrl } from '../../test/database';
import { type Harness, startHarness } from '../../test/harness';
import { defaultConstellation } from '../catalogue/constellation';
import { generateArchive } from './archive-generation';

/** The simulator's scenes reach the archive, deterministically, through the real scene store. */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(new URL('../../../../../data/tle', import.meta.url).pathname);
});

// Other test files add made-up satellites (with orbital elements) and their simulated scenes to the
// shared database (search-plan: 20,000 over three years): generate and count only the
// constellation's, or the figures depend on which files ran before this one.
const noradIds = defaultConstellation.flatMap((g) => g.satellites.map((s) => s.noradId));
const window = { from: new Date('2024-07-20T00:00:00Z'), to: new Date('2024-07-21T00:00:00Z') };
const constellationIds = async () =>
  (
    await h.pool.query<{ id: number }>('SELECT id FROM satellites WHERE norad_id = ANY($1::int[])', [
      noradIds,
    ])
  ).rows.map((r) => r.id);

describe('simulated archive in the database', () => {
  it('writes the scenes once; a second run over the same window changes nothing', async () => {
    const satelliteIds = await constellationIds();
    const first = await generateArchive(h.services.archiveGeneration, {
      ...window,
      targetCount: 400,
      seed: 7,
      satelliteIds,
    });
    expect(first.written).toBeGreaterThan(200);
    expect(first.inserted).toBe(first.written);
    const again = await generateArchive(h.services.archiveGeneration, {
      ...window,
      targetCount: 400,
      seed: 7,
      satelliteIds,
    });
    expect(again.written).toBe(first.written);
    expect(again.inserted).toBe(0);
    expect(again.updated).toBe(0);

    const { rows } = await h.pool.query(
      `SELECT count(*)::int AS n, min(acquired_at) AS first, max(acquired_at) AS last,
              bool_and(provenance = 'simulated') AS simulated, bool_and(ST_IsValid(footprint::geometry)) AS valid
         FROM scenes WHERE acquired_at >= $1 AND acquired_at < $2 AND provenance = 'simulated'
          AND satellite_id IN (SELECT id FROM satellites WHERE norad_id = ANY($3::int[]))`,
      [window.from, window.to, noradIds],
    );
    expect(rows[0]).toMatchObject({ n: first.written, simulated: true, valid: true });
  });

  it('is searchable: a scene is found by a search over its own footprint', async () => {
    const { rows } = await h.pool.query(
      `SELECT s.id, s.satellite_id, ST_AsGeoJSON(ST_PointOnSurface(s.footprint::geometry))::json AS point
         FROM scenes s WHERE s.provenance = 'simulated' AND s.acquired_at >= $1 AND s.acquired_at < $2
        ORDER BY s.id LIMIT 1`,
      [window.from, window.to],
    );
    const scene = rows[0];
    const [lon, lat] = scene.point.coordinates as [number, number];
    const d = 0.01;
    const { username, password } = await h.createUser();
    const { token } = await h.login(username, password);
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/archive/search',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        page: { start: 0, length: 1000 },
        aois: [
          {
            type: 'Polygon',
            coordinates: [
              [
                [lon - d, lat - d],
                [lon + d, lat - d],
                [lon + d, lat + d],
                [lon - d, lat + d],
                [lon - d, lat - d],
              ],
            ],
          },
        ],
        condition: {
          fdate: '2024-07-20',
          tdate: '2024-07-20',
          cc: 100,
          ac: 0,
          ona: 90,
          sza: 0,
          orbit: 0,
          productQualities: ['A', 'B'],
        },
        satIds: [scene.satellite_id],
      },
    });
    const body = r.json();
    expect(body.code).toBe(2000);
    expect(body.data.images.map((i: { sceneId: string }) => i.sceneId)).toContain(scene.id);
  });

  it('runs from the operator CLI with a window, a count and satellites by name', async () => {
    const cli = (args: string[]) => runCliWith({ DATABASE_URL: testDatabaseUrl() }, args);
    const { code, lines } = await cli([
      'simulate',
      '--from',
      '2024-07-22',
      '--to',
      '2024-07-23',
      '--count',
      '50',
      '--sats',
      'Landsat 8,Sentinel-2A',
    ]);
    expect(code).toBe(0);
    expect(lines.at(-1)).toMatch(
      /^simulated \d+ scenes \(\d+ new, 0 updated\) from 2024-07-22 to 2024-07-23/,
    );
    const { rows } = await h.pool.query(
      `SELECT DISTINCT sat.name FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id
        WHERE s.provenance = 'simulated' AND s.acquired_at >= '2024-07-22' AND s.acquired_at < '2024-07-23'
          AND sat.norad_id = ANY($1::int[])`,
      [noradIds],
    );
    expect(rows.map((r) => r.name).sort()).toEqual(['Landsat 8', 'Sentinel-2A']);
    await expect(cli(['simulate', '--sats', 'No Such Sat'])).rejects.toThrow('no satellite');
  });
});
