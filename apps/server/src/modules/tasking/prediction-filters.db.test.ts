import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { ResultCode, type TaskingPass, type TaskingPrediction } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';

/**
 * Issue 13's tasking leftovers: passes filtered by cloud forecast (cc) and AOI coverage (ac),
 * predictions stored under a taskId, and the 15-day rule in the user's time zone, over real orbits.
 */

let h: Harness;
let token: string;
let userId: number;
let taskable: number[];
const repo = resolve(import.meta.dirname, '../../../../..');
const dayMs = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
const beijing = box(116, 39.5, 117, 40.5);

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(resolve(repo, 'data/tle'));
  ({ token, userId } = await h.signedIn());
  const sats = (await h.call('GET', '/satellites', { token })).body.data.sats as {
    id: number;
    taskable: boolean;
  }[];
  taskable = sats.filter((s) => s.taskable).map((s) => s.id);
});

function request(condition: Record<string, unknown> = {}, more: Record<string, unknown> = {}) {
  return {
    aois: [beijing],
    condition: { fdate: day(1), tdate: day(3), cc: 100, ac: 0, ona: 30, sza: 0, ...condition },
    satIds: taskable,
    sensor: {},
    ...more,
  };
}

async function predict(body: unknown, t = token): Promise<TaskingPrediction> {
  const r = await h.call('POST', '/tasking/predictions', { token: t, body });
  expect(r.body.code, JSON.stringify(r.body).slice(0, 300)).toBe(ResultCode.Success);
  return r.body.data[0] as TaskingPrediction;
}

const passesOf = (p: TaskingPrediction) => p.list.flatMap((d) => d.item);
/** A pass by its satellite and best instant. */
const keyOf = (i: TaskingPass) => `${i.satId} ${i.bestTime}`;
const keys = (passes: TaskingPass[]) => passes.map(keyOf).sort();

describe('cloud forecast (cc)', () => {
  it('gives each pass a forecast, the same on every call, and leaves out the passes above cc', async () => {
    const all = await predict(request());
    const again = await predict(request());
    const passes = passesOf(all);
    expect(passes.length).toBeGreaterThan(5);
    expect(passesOf(again).map((i) => [keyOf(i), i.cloudForecast])).toEqual(
      passes.map((i) => [keyOf(i), i.cloudForecast]),
    );
    for (const i of passes) {
      expect(i.cloudForecast).toBeGreaterThanOrEqual(0);
      expect(i.cloudForecast).toBeLessThanOrEqual(100);
      expect(Math.round(i.cloudForecast * 100) / 100).toBe(i.cloudForecast);
      if (i.sensorType === 4) expect(i.cloudForecast).toBe(0);
    }
    const forecasts = [...new Set(passes.map((i) => i.cloudForecast))].sort((a, b) => a - b);
    expect(forecasts.length).toBeGreaterThan(2);
    // A cc between the forecasts: those above it disappear, the others stay as they were.
    const cc = forecasts[Math.floor(forecasts.length / 2)]!;
    const lowered = await predict(request({ cc }));
    const expected = passes.filter((i) => i.cloudForecast <= cc);
    expect(expected.length).toBeLessThan(passes.length);
    expect(keys(passesOf(lowered))).toEqual(keys(expected));
    expect(lowered.total).toBe(expected.length);
    // The prediction says how many passes the cloud limit left out.
    expect(lowered.leftOut).toEqual({ cloud: passes.length - expected.length, coverage: 0 });
    expect(all.leftOut).toEqual({ cloud: 0, coverage: 0 });
  });
});

describe('AOI coverage (ac)', () => {
  it('gives each pass the geodesic share of the AOI its footprint covers, and leaves out the passes below ac', async () => {
    const all = await predict(request());
    const passes = passesOf(all);
    // Agile swaths of 10–20 km over an AOI of about 85 × 110 km: most passes cover part of it.
    const partial = passes.filter((i) => i.coverage < 100);
    expect(partial.length).toBeGreaterThan(3);
    const { rows } = await h.pool.query<{ n: number; covered: number }>(
      `WITH a AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS g)
       SELECT n, ST_Area(ST_Intersection(ST_Union(ST_SetSRID(ST_GeomFromGeoJSON(
                   jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(x.ring))), 4326)), a.g)::geography)
                 / ST_Area(a.g::geography) * 100 AS covered
         FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS p(rings, n),
              jsonb_array_elements(p.rings) AS x(ring), a
        GROUP BY n, a.g ORDER BY n`,
      [JSON.stringify(beijing), JSON.stringify(passes.map((i) => i.boundaries))],
    );
    expect(rows).toHaveLength(passes.length);
    rows.forEach((row, k) => {
      expect(passes[k]!.coverage).toBeCloseTo(row.covered, 0);
    });
    for (const i of passes) expect(Math.round(i.coverage * 100) / 100).toBe(i.coverage);

    const whole = await predict(request({ ac: 100 }));
    expect(keys(passesOf(whole))).toEqual(keys(passes.filter((i) => i.coverage === 100)));
    for (const i of partial) expect(keys(passesOf(whole))).not.toContain(keyOf(i));
    expect(whole.leftOut).toEqual({ cloud: 0, coverage: passes.length - whole.total });
    // The prediction's coverage is the union of the passes it keeps.
    if (whole.total === 0) expect(whole.coverage).toBe(0);
    else expect(whole.coverage).toBe(100);

    const ac = 10;
    const tenth = await predict(request({ ac }));
    const kept = passes.filter((i) => i.coverage >= ac);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(passes.length);
    expect(keys(passesOf(tenth))).toEqual(keys(kept));
    expect(tenth.coverage).toBeLessThanOrEqual(all.coverage);
  });

  it('keeps the passes that cover a small AOI whole with ac 100', async () => {
    const small = box(116.4, 39.9, 116.42, 39.92);
    const all = await predict(request({}, { aois: [small] }));
    const whole = await predict(request({ ac: 100 }, { aois: [small] }));
    expect(whole.total).toBeGreaterThan(0);
    expect(keys(passesOf(whole))).toEqual(keys(passesOf(all).filter((i) => i.coverage === 100)));
    expect(whole.coverage).toBe(100);
  });
});

describe('stored predictions', () => {
  it('stores each prediction under a new taskId, which only its user finds', async () => {
    const body = request({}, { taskId: 'panel-task-1' });
    const p = await predict(body);
    expect(p.taskId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const stored = await h.services.taskingRepository.findPrediction(userId, p.taskId);
    expect(stored?.prediction).toEqual(p);
    expect(stored?.request).toMatchObject({ taskId: 'panel-task-1', satIds: taskable, aois: [beijing] });
    expect(Date.now() - stored!.createdAt.getTime()).toBeLessThan(60_000);
    expect((await predict(body)).taskId).not.toBe(p.taskId);

    const other = await h.signedIn();
    expect(await h.services.taskingRepository.findPrediction(other.userId, p.taskId)).toBeNull();
    expect(await h.services.taskingRepository.findPrediction(userId, randomUUID())).toBeNull();
  });

  it('stores an empty prediction too (total 0: the order.nullbody flow)', async () => {
    const sats = (await h.call('GET', '/satellites', { token })).body.data.sats as {
      id: number;
      name: string;
    }[];
    const landsat = sats.filter((s) => s.name.startsWith('Landsat')).map((s) => s.id);
    const p = await predict(request({}, { satIds: landsat }));
    expect(p.total).toBe(0);
    expect((await h.services.taskingRepository.findPrediction(userId, p.taskId))?.prediction).toEqual(p);
  });
});

describe('the 15-day rule in the user’s time zone', () => {
  async function userIn(timezone: string) {
    const username = uniqueName('zone');
    const password = `pw-${randomUUID()}`;
    await h.services.accounts.createUser({ username, password, orgType: 4, orderTypes: [1, 4], timezone });
    return (await h.login(username, password)).token;
  }
  const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
  const plus = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);

  it('counts from the user’s today: 15 days ahead at Kiritimati is more at Pago Pago', async () => {
    const kiritimati = await userIn('Pacific/Kiritimati');
    const pagoPago = await userIn('Pacific/Pago_Pago');
    // UTC+14 and UTC−11: Kiritimati's today is always a day or two after Pago Pago's.
    const fdate = plus(todayIn('Pacific/Kiritimati'), 15);
    const body = request({ fdate, tdate: fdate }, { satIds: taskable.slice(0, 2) });
    const ahead = await predict(body, kiritimati);
    // The window is Kiritimati's day: local midnight (UTC+14) to the next.
    expect(ahead.windowStart).toBe(new Date(Date.parse(`${fdate}T00:00:00Z`) - 14 * 3_600_000).toISOString());
    expect(ahead.windowEnd).toBe(new Date(Date.parse(`${fdate}T00:00:00Z`) + 10 * 3_600_000).toISOString());
    const refused = await h.call('POST', '/tasking/predictions', { token: pagoPago, body });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: ResultCode.ValidationFailed,
      message: 'search.exceed15',
      data: { field: 'condition.fdate', params: { days: 15 } },
    });
  });
});
