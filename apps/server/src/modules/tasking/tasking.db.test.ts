import { resolve } from 'node:path';
import { ResultCode, type TaskingPass, type TaskingPrediction } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { testDatabaseUrl } from '../../test/database';
import { type Harness, startHarness } from '../../test/harness';
import { bowtie, box } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import type { UnstoredPrediction } from './tasking.service';

/** Tasking prediction (issue 6): the endpoint, its rules, the coverage, the elements, the CLI. */

let h: Harness;
let token: string;
let taskable: number[];
let byName: Map<string, number>;
const repo = resolve(import.meta.dirname, '../../../../..');
const dayMs = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
const beijing = box(116, 39.5, 117, 40.5);

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(resolve(repo, 'data/tle'));
  token = (await h.signedIn()).token;
  const sats = (await h.call('GET', '/satellites', { token })).body.data.sats as {
    id: number;
    name: string;
    taskable: boolean;
  }[];
  taskable = sats.filter((s) => s.taskable).map((s) => s.id);
  byName = new Map(sats.map((s) => [s.name, s.id]));
});

/** Without the cloud and coverage filters (prediction-filters.db.test.ts tests them), so every pass counts. */
function request(condition: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
  return {
    aois: [beijing],
    condition: { fdate: day(1), tdate: day(3), cc: 100, ac: 0, ona: 25, sza: 0, ...condition },
    satIds: taskable,
    sensor: {},
    ...more,
  };
}

/** POSTs a prediction with the test user's session, or with none (`null`). */
const predict = (body: unknown, t: string | null = token) =>
  h.call('POST', '/tasking/predictions', { ...(t ? { token: t } : {}), body });

describe('POST /tasking/predictions', () => {
  it('needs a session', async () => {
    const r = await predict(request(), null);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(ResultCode.InvalidSession);
  });

  it('answers data[0] with the passes grouped by day, their geometry and the coverage', async () => {
    const r = await predict(request());
    expect(r.body.code, JSON.stringify(r.body).slice(0, 400)).toBe(ResultCode.Success);
    expect(r.body.data).toHaveLength(1);
    const p = r.body.data[0] as TaskingPrediction;
    const items = p.list.flatMap((d) => d.item);
    expect(p.total).toBe(items.length);
    expect(p.total).toBeGreaterThan(3);
    expect(p.beginTime).toBe(items[0]!.enterTime);
    expect(p.endTime).toBe(
      items
        .map((i) => i.leaveTime)
        .sort()
        .at(-1),
    );
    expect(p.windowEnd).toBe(`${day(4)}T00:00:00.000Z`);
    expect(p.coverage).toBeGreaterThan(0);
    expect(p.coverage).toBeLessThanOrEqual(100);
    expect(Math.round(p.coverage * 100) / 100).toBe(p.coverage);
    expect(p.list.map((d) => d.date)).toEqual([...new Set(p.list.map((d) => d.date))].sort());
    for (const d of p.list) {
      for (const i of d.item) {
        expect(i.enterTime.slice(0, 10)).toBe(d.date);
        expect(taskable).toContain(i.satId);
        expect(i.enterTime < i.leaveTime).toBe(true);
        expect(i.bestTime >= i.enterTime && i.bestTime <= i.leaveTime).toBe(true);
        expect(i.enterTime >= p.windowStart && i.leaveTime <= p.windowEnd).toBe(true);
        expect(i.offNadirAngle).toBeGreaterThanOrEqual(0);
        expect(i.offNadirAngle).toBeLessThanOrEqual(25);
        expect(i.imageGsd).toBeGreaterThan(0);
        // Day sensors in daylight (the default limit, 80°); the night-light one in the dark.
        if (i.sensorType === 2) expect(i.sunZenith).toBeGreaterThan(102);
        else if (i.sensorType !== 4) expect(i.sunZenith).toBeLessThan(80);
        for (const ring of i.boundaries) expect(ring[0]).toEqual(ring.at(-1));
      }
    }
    // Elements older than 14 days at the window start carry the staleness warning, with their epoch.
    const start = Date.parse(p.windowStart);
    const used = new Map(items.map((i) => [i.satId, i.elementsEpoch]));
    for (const [satId, epoch] of used) {
      const stale = p.staleElements.find((s) => s.satId === satId);
      expect(Boolean(stale), `${satId}`).toBe(start - Date.parse(epoch) > 14 * dayMs);
      if (stale) expect(stale.epoch).toBe(epoch);
    }
  });

  it('takes the off-nadir limit, the orbit direction and the sensor choice', async () => {
    const wide = (await predict(request({ ona: 45 }))).body.data[0] as TaskingPrediction;
    const narrow = (await predict(request({ ona: 10 }))).body.data[0] as TaskingPrediction;
    expect(wide.total).toBeGreaterThan(narrow.total);
    const all = (p: TaskingPrediction) => p.list.flatMap((d) => d.item);
    for (const i of all(narrow)) expect(i.offNadirAngle).toBeLessThanOrEqual(10);
    const descending = (await predict(request({ ona: 45, orbit: 2 }))).body.data[0] as TaskingPrediction;
    expect(all(descending).every((i) => i.orbit === 2)).toBe(true);
    expect(descending.total).toBeLessThan(wide.total);
    // Radar satellites are few: over two days some windows have no radar pass at all, so 30 days.
    const radar = (await predict(request({ ona: 45, tdate: day(30) }, { sensor: { type: 4 } }))).body
      .data[0] as TaskingPrediction;
    expect(all(radar).every((i) => i.sensorType === 4)).toBe(true);
    expect(radar.unpredicted.some((u) => u.reason === 'noSensor')).toBe(true);
  });

  it('measures the coverage as the geodesic union of the footprints over the AOI', async () => {
    const p = (await predict(request({ ona: 45 }))).body.data[0] as TaskingPrediction;
    const footprints = p.list
      .flatMap((d) => d.item)
      .flatMap((i) => i.boundaries.map((ring) => ({ type: 'Polygon', coordinates: [ring] })));
    const { rows } = await h.pool.query<{ covered: number; summed: number }>(
      `WITH a AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g),
            f AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON(j), 4326) AS g FROM jsonb_array_elements($2::jsonb) j)
       SELECT ST_Area(ST_Intersection(ST_Union(f.g), a.g)::geography) / ST_Area(a.g::geography) * 100 AS covered,
              sum(ST_Area(ST_Intersection(f.g, a.g)::geography)) / ST_Area(a.g::geography) * 100 AS summed
         FROM f, a GROUP BY a.g`,
      [JSON.stringify(beijing), JSON.stringify(footprints)],
    );
    expect(p.coverage).toBeCloseTo(rows[0]!.covered, 0);
    // Overlapping footprints count once.
    expect(rows[0]!.summed).toBeGreaterThan(rows[0]!.covered + 1);
  });

  it('refuses what the tasking rules refuse, naming the field', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string, string][] = [
      [{}, { satIds: [] }, 'satIds', 'placeholder.selectSatellite'],
      [{ fdate: day(3), tdate: day(2) }, {}, 'condition.fdate', 'search.exceedTime'],
      [{ fdate: day(16), tdate: day(20) }, {}, 'condition.fdate', 'search.exceed15'],
      [{ fdate: day(1), tdate: day(32) }, {}, 'condition.tdate', 'search.exceed30'],
      [{ fdate: day(-5), tdate: day(2) }, {}, 'condition.fdate', 'search.dateOutOfRange'],
      [{ fdate: '2026-02-30' }, {}, 'condition.fdate', 'search.invalidDate'],
      [{}, { aois: [] }, 'aois', 'search.noAoi'],
    ];
    for (const [condition, more, field, message] of cases) {
      const r = await predict(request(condition, more));
      expect(r.status, message).toBe(400);
      expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message, data: { field } });
    }
    const invalid = await predict(request({}, { aois: [bowtie] }));
    expect(invalid.body).toMatchObject({ code: 4000, message: 'search.invalidAoi', data: { field: 'aois' } });
    const schema = await predict(request({ ona: 120 }));
    expect(schema.status).toBe(400);
    expect(schema.body.data.field).toContain('ona');
    // A span of exactly 30 days and a start 15 days ahead are allowed.
    expect((await predict(request({ fdate: day(15), tdate: day(16) }))).body.code).toBe(ResultCode.Success);
  });

  it('answers an empty prediction (the order.nullbody flow) with total 0, not an error', async () => {
    const landsat = [byName.get('Landsat 8')!, byName.get('Landsat 9')!];
    for (const body of [request({}, { satIds: landsat }), request({}, { sensor: { type: 3 } })]) {
      const r = await predict(body);
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(ResultCode.Success);
      expect(r.body.data[0]).toMatchObject({
        total: 0,
        list: [],
        coverage: 0,
        beginTime: null,
        endTime: null,
      });
    }
    const r = await predict(request({}, { satIds: landsat }));
    expect((r.body.data[0] as TaskingPrediction).unpredicted.map((u) => u.reason)).toEqual([
      'notTaskable',
      'notTaskable',
    ]);
  });
});

describe('prediction over any window (operators)', () => {
  const landsat8 = () => byName.get('Landsat 8')!;
  const superView = () => byName.get('SuperView-1 01')!;
  const window = (from: string, to: string, satIds: number[]) => ({
    aois: [beijing],
    from: new Date(from),
    to: new Date(to),
    satIds,
    maxOffNadirDeg: 45,
    maxSunZenithDeg: 0,
    taskableOnly: false,
  });

  it('uses for each satellite the stored elements whose epoch is nearest the window', async () => {
    const epochOf = (p: UnstoredPrediction) => p.list[0]!.item[0]!.elementsEpoch.slice(0, 10);
    const july2024 = await h.services.tasking.predictWindow(window('2024-07-15', '2024-07-31', [landsat8()]));
    expect(epochOf(july2024)).toBe('2024-07-22');
    expect(july2024.staleElements).toEqual([]);
    const june2026 = await h.services.tasking.predictWindow(window('2026-06-01', '2026-06-20', [landsat8()]));
    expect(epochOf(june2026)).toBe('2026-05-30');
    // SuperView-1 01: elements of 2022-08-09 and of 2026; in autumn 2022 the 2022 ones, 48 days old.
    const autumn2022 = await h.services.tasking.predictWindow(
      window('2022-09-26', '2022-10-06', [superView()]),
    );
    expect(epochOf(autumn2022)).toBe('2022-08-09');
    expect(autumn2022.staleElements).toEqual([
      expect.objectContaining({ satId: superView(), epoch: expect.stringMatching(/^2022-08-09T/) }),
    ]);
    expect(autumn2022.staleElements[0]!.ageDays).toBeGreaterThan(47);
    expect(autumn2022.staleElements[0]!.ageDays).toBeLessThan(49);
  });
});

describe('npm run cli -- tasking predict', () => {
  const cli = (...args: string[]) => runCliWith({ DATABASE_URL: testDatabaseUrl() }, args);

  it('prints the prediction JSON for a past window, satellites by name or NORAD id', async () => {
    const aoi = resolve(repo, 'apps/server/src/modules/tasking/fixtures/colorado.geojson');
    const { code, text } = await cli(
      'tasking',
      'predict',
      '--aoi',
      aoi,
      '--from',
      '2024-07-13T17:00:00Z',
      '--to',
      '2024-07-13T18:30:00Z',
      '--sats',
      'Landsat 8,49260',
      '--max-ona',
      '10',
    );
    expect(code).toBe(0);
    const p = JSON.parse(text) as TaskingPrediction;
    const items: TaskingPass[] = p.list.flatMap((d) => d.item);
    // LC08_L2SP_034032_20240713_02_T1 was acquired at 17:42:55 UTC over this AOI.
    const pass = items.find((i) => i.satName === 'Landsat 8');
    expect(pass).toBeDefined();
    expect(Math.abs(Date.parse(pass!.bestTime) - Date.parse('2024-07-13T17:42:55Z'))).toBeLessThan(60_000);
    expect(items.every((i) => i.satName !== 'Landsat 9')).toBe(true);
    await expect(
      cli('tasking', 'predict', '--aoi', aoi, '--from', '2024-07-13', '--to', '2024-07-14'),
    ).rejects.toThrow('--sats is required');
  });
});
