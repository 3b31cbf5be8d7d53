import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArchiveCommandError } from './cli-archive';
import { defaultConstellation } from './modules/catalogue/constellation';
import { runCliWith } from './test/cli';
import { testDatabaseUrl } from './test/database';
import { type Harness, startHarness } from './test/harness';

/**
 * The operator's living-archive commands, run in-process against the test database: what the next
 * advance would add (written nowhere), the advance itself (exactly those scenes, the reach moved),
 * the status, and refusals that change nothing.
 */
let h: Harness;
const hour = 3_600_000;

// The scenes these tests add are real land scenes of real satellites, around now too: left in the
// shared database, they could match other test files' subscriptions. Test files run one after
// another, so every simulated scene written since this file began is one of these.

beforeAll(async () => {
  h = await startHarness();
  const startedAt: Date = (await h.pool.query('SELECT now() AS t')).rows[0].t;
  // registered after the harness's own, so it runs before the harness closes its pool
  afterAll(async () => {
    await h.pool.query(`DELETE FROM scenes WHERE provenance = 'simulated' AND created_at >= $1`, [startedAt]);
    await h.pool.query('DELETE FROM living_archive');
  });
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(new URL('../../../data/tle', import.meta.url).pathname);
});

const cli = (...args: string[]) =>
  runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir }, args);

async function setRow(simulatedTo: Date) {
  await h.pool.query('DELETE FROM living_archive');
  await h.pool.query('INSERT INTO living_archive (density, seed, simulated_to) VALUES (0.02, 1, $1)', [
    simulatedTo,
  ]);
}

const reach = async () => (await h.services.livingArchive.state())?.simulatedTo.toISOString();
const scenesBetween = async (from: Date, to: Date) =>
  (
    await h.pool.query<{ id: string }>(
      `SELECT id FROM scenes WHERE acquired_at >= $1 AND acquired_at < $2 AND provenance = 'simulated' ORDER BY id`,
      [from, to],
    )
  ).rows.map((r) => r.id);

interface UpcomingScene {
  id: string;
  satelliteId: number;
  satelliteName: string;
  acquiredAt: string;
  cloudCover: number;
  offNadir: number;
  sunZenith: number;
  sensorType: number;
  productQuality: string;
  areaKm2: number;
  footprint: { type: string; coordinates: unknown[] };
}

describe('operator CLI: the living archive', () => {
  it('refuses every command without a living archive', async () => {
    await h.pool.query('DELETE FROM living_archive');
    await expect(cli('archive', 'status')).rejects.toThrow(/no living archive/);
    await expect(cli('archive', 'advance', '--hours', '1')).rejects.toThrow(ArchiveCommandError);
  });

  it('shows the scenes an advance would add without writing them, then adds exactly those', async () => {
    // three days back: scenes the subscriptions' windows (from yesterday) would not see in other tests
    const from = new Date(Math.floor((Date.now() - 72 * hour) / hour) * hour);
    const to = new Date(from.getTime() + 6 * hour);
    await setRow(from);
    // other test files' archives may hold some of these scenes already: an advance adds the others
    const before = await scenesBetween(from, to);

    const upcoming = await cli('archive', 'upcoming', '--hours', '6', '--json');
    expect(upcoming.code).toBe(0);
    expect(upcoming.lines).toHaveLength(1);
    const scenes = JSON.parse(upcoming.lines[0]!) as UpcomingScene[];
    expect(scenes.length).toBeGreaterThan(10);
    for (const s of scenes) {
      expect(Object.keys(s).sort()).toEqual(
        [
          'id',
          'satelliteId',
          'satelliteName',
          'acquiredAt',
          'cloudCover',
          'offNadir',
          'sunZenith',
          'sensorType',
          'productQuality',
          'areaKm2',
          'footprint',
        ].sort(),
      );
      expect(new Date(s.acquiredAt) >= from && new Date(s.acquiredAt) < to).toBe(true);
      expect(['Polygon', 'MultiPolygon']).toContain(s.footprint.type);
      expect(s.areaKm2).toBeGreaterThan(0);
    }
    // nothing written
    expect(await scenesBetween(from, to)).toEqual(before);
    expect(await reach()).toBe(from.toISOString());

    const text = await cli('archive', 'upcoming', '--hours', '6');
    expect(text.lines.at(-1)).toBe(
      `${scenes.length} scenes from ${from.toISOString()} to ${to.toISOString()}`,
    );

    const added = scenes.filter((s) => !before.includes(s.id));
    expect(added.length).toBeGreaterThan(10);
    const advance = await cli('archive', 'advance', '--hours', '6');
    expect(advance.code).toBe(0);
    expect(advance.lines[0]).toBe(
      `living archive: ${from.toISOString()} → ${to.toISOString()}, ${added.length} new scenes`,
    );
    expect(await reach()).toBe(to.toISOString());
    expect(await scenesBetween(from, to)).toEqual(
      [...new Set([...before, ...scenes.map((s) => s.id)])].sort(),
    );

    // the area printed is the product's geodesic area of the stored footprint
    const first = scenes[0]!;
    const stored = (
      await h.pool.query('SELECT lonlat_area_km2(footprint::geometry) AS area FROM scenes WHERE id = $1', [
        first.id,
      ])
    ).rows[0].area as number;
    expect(first.areaKm2).toBeCloseTo(stored, -1);
    expect(Math.abs(first.areaKm2 - stored) / stored).toBeLessThan(0.005);

    const status = await cli('archive', 'status');
    const pending = (await h.pool.query('SELECT count(*)::int AS n FROM scene_arrivals')).rows[0].n;
    expect(status.lines).toEqual([
      expect.stringMatching(
        new RegExp(`^living archive: reaches ${to.toISOString()} \\(\\d+\\.\\d h behind now\\)$`),
      ),
      '  density 0.0200, seed 1',
      `  new scenes waiting to be matched: ${pending}`,
    ]);
    // the advance matched what it added (and whatever else waited): nothing is left waiting
    expect(pending).toBe(0);
  });

  it('matches the new scenes before the advance returns: a subscription over an upcoming scene has it', async () => {
    // From an hour ago: inside a subscription's window when it starts yesterday (a subscription
    // may start as early as yesterday). One starting today missed a scene of 23:xx UTC when the
    // test ran in the first hour of a UTC day (CI, 2026-11-29).
    const from = new Date(Math.floor((Date.now() - hour) / hour) * hour);
    await setRow(from);
    const scenes = JSON.parse(
      (await cli('archive', 'upcoming', '--hours', '12', '--json')).lines[0]!,
    ) as UpcomingScene[];
    const before = await scenesBetween(from, new Date(from.getTime() + 12 * hour));
    const scene = scenes.find(
      (s) =>
        !before.includes(s.id) &&
        s.footprint.type === 'Polygon' &&
        s.offNadir <= 45 &&
        JSON.stringify(s.footprint.coordinates)
          .match(/-?\d+(\.\d+)?(e-?\d+)?/g)!
          .every((n) => Math.abs(Number(n)) <= 180),
    );
    expect(scene).toBeDefined();
    // a small box around a point inside the footprint, as the end-to-end test draws its AOI
    const point = (
      await h.pool.query('SELECT ST_AsGeoJSON(ST_PointOnSurface(ST_GeomFromGeoJSON($1)))::json AS p', [
        JSON.stringify(scene!.footprint),
      ])
    ).rows[0].p.coordinates as [number, number];
    const [lon, lat] = point;
    const d = 0.005;
    const user = await h.signedIn();
    const day = (offset: number) => new Date(Date.now() + offset * 24 * hour).toISOString().slice(0, 10);
    const created = await h.call('POST', '/subscriptions', {
      token: user.token,
      body: {
        aoiName: 'Over the next pass',
        aoiId: null,
        boundaries: {
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
        satIds: [scene!.satelliteId],
        condition: {
          fdate: day(-1),
          tdate: day(30),
          cc: 100,
          ac: 10,
          ona: 45,
          sza: 0,
          orbit: 0,
          productQualities: ['A', 'B'],
        },
      },
    });
    expect(created.body.code).toBe(2000);
    const subscriptionId = created.body.data.id as number;

    const advance = await cli('archive', 'advance', '--hours', '12');
    expect(advance.lines[1]).toMatch(/^matching: \d+ new scenes, \d+ matches$/);
    const matches = await h.pool.query(
      'SELECT scene_id FROM subscription_matches WHERE subscription_id = $1',
      [subscriptionId],
    );
    expect(matches.rows.map((r) => r.scene_id)).toContain(scene!.id);
    expect(
      (await h.pool.query('SELECT count(*)::int AS n FROM scene_arrivals WHERE scene_id = $1', [scene!.id]))
        .rows[0].n,
    ).toBe(0);
  });

  it('refuses bad hours and a reach beyond a week ahead, changing nothing', async () => {
    const from = new Date(Math.floor((Date.now() + 160 * hour) / hour) * hour);
    await setRow(from);
    const before = await scenesBetween(from, new Date(from.getTime() + 9 * hour));
    for (const hours of ['0', '-1', '168.5', 'abc', '1e2', ' ']) {
      await expect(cli('archive', 'advance', `--hours=${hours}`), hours).rejects.toThrow(ArchiveCommandError);
    }
    await expect(cli('archive', 'advance')).rejects.toThrow('--hours is required');
    await expect(cli('archive', 'upcoming', '--hours', '200')).rejects.toThrow(ArchiveCommandError);
    await expect(cli('archive', 'advance', '--hours', '9')).rejects.toThrow(/beyond 168 hours ahead of now/);
    expect(await reach()).toBe(from.toISOString());
    expect(await scenesBetween(from, new Date(from.getTime() + 9 * hour))).toEqual(before);
  });
});
