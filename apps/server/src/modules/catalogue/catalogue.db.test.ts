import {
  apiPath,
  Paths,
  ResolutionsResponse,
  ResultCode,
  type Satellite,
  type SatelliteGroup,
  SatellitesResponse,
  SensorType,
} from '@satportal/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { type ConstellationGroup, defaultConstellation } from './constellation';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  const { username, password } = await h.createUser();
  token = (await h.login(username, password)).token;
});

/** GET with a query string (the harness's `call` takes bare paths). */
async function get(path: string, withToken = true) {
  const r = await h.app.inject({
    method: 'GET',
    url: `${apiPath(path as (typeof Paths)[keyof typeof Paths])}`,
    headers: withToken ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: r.statusCode, body: r.json() };
}

const byName = (sats: Satellite[]) => new Map(sats.map((s) => [s.name, s]));

describe('satellites', () => {
  it('need a session, like every API route', async () => {
    for (const path of [Paths.satellites, `${Paths.satellites}?taskable=true`, Paths.resolutions]) {
      const r = await get(path, false);
      expect(r.status, path).toBe(401);
      expect(r.body.code, path).toBe(ResultCode.InvalidSession);
    }
  });

  it('lists every archive satellite in the spec shape, with its groups', async () => {
    const r = await get(Paths.satellites);
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(ResultCode.Success);
    expect(Value.Check(SatellitesResponse, r.body.data)).toBe(true);

    const { sats, groups } = r.body.data as { sats: Satellite[]; groups: SatelliteGroup[] };
    const names = byName(sats);
    for (const name of [
      'SuperView-1 01',
      'SuperView-1 02',
      'SuperView-1 03',
      'SuperView-1 04',
      'Pléiades Neo 3',
      'Pléiades Neo 4',
      'WorldView-1',
      'WorldView-2',
      'WorldView-3',
      'GeoEye-1',
      'Pléiades 1A',
      'Pléiades 1B',
      'SPOT 6',
      'SPOT 7',
      'KOMPSAT-3A',
      'Jilin-1 03',
      'Jilin-1 07',
      'Jilin-1 08',
      'Gaofen-1',
      'Gaofen-2',
      'Gaofen-6',
      'Gaofen-7',
      'Sentinel-2A',
      'Sentinel-2B',
      'Sentinel-2C',
      'Landsat 8',
      'Landsat 9',
      'Sentinel-1A',
      'KOMPSAT-5',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    expect(names.get('WorldView-3')).toMatchObject({
      noradId: 40115,
      category: 'WorldView',
      taskable: true,
      status: 'operational',
      altitudeKm: 617,
      swathKm: 13.1,
      panGsd: 0.31,
      msGsd: 1.24,
      launchDate: '2014-08-13',
      localTimeOfNode: { node: 'descending', time: '13:30' },
      cap: { caps: [{ type: SensorType.Optical, maxResolution: 0.31, stereos: ['MONO', 'STEREO'] }] },
    });
    expect(names.get('Sentinel-1A')?.cap.caps[0]).toMatchObject({
      type: SensorType.Radar,
      bands: ['C'],
      polarisations: ['HH', 'HV', 'VV', 'VH'],
    });

    // each satellite sits in exactly one group, the group named by its category
    const groupOf = new Map<number, SatelliteGroup>();
    for (const g of groups) for (const id of g.satIds) groupOf.set(id, g);
    expect(groupOf.size).toBe(sats.length);
    expect(groups.reduce((n, g) => n + g.satIds.length, 0)).toBe(sats.length);
    for (const s of sats) expect(groupOf.get(s.id)?.category).toBe(s.category);

    const group = (category: string) => groups.find((g) => g.category === category);
    expect(group('SuperView-1')?.satIds).toHaveLength(4);
    expect(group('SuperView-1')?.resolutionId).toBe(2);
    expect(group('Gaofen-2')?.resolutionId).toBe(3);
    expect(group('Sentinel-2')?.resolutionId).toBe(4);
    expect(group('Landsat')?.resolutionId).toBe(4);
    expect(group('Gaofen-5')?.resolutionId).toBe(5);
  });

  it('covers all five sensor types', async () => {
    const { sats } = (await get(Paths.satellites)).body.data as { sats: Satellite[] };
    const types = new Set(sats.flatMap((s) => s.cap.caps.map((c) => c.type)));
    expect([...types].sort()).toEqual([
      SensorType.Optical,
      SensorType.Night,
      SensorType.Hyperspectral,
      SensorType.Radar,
      SensorType.Video,
    ]);
  });

  it('taskable=true lists only satellites that take tasking orders, and their groups', async () => {
    const all = (await get(`${Paths.satellites}?taskable=false`)).body.data as { sats: Satellite[] };
    const r = await get(`${Paths.satellites}?taskable=true`);
    expect(r.body.code).toBe(ResultCode.Success);
    const { sats, groups } = r.body.data as { sats: Satellite[]; groups: SatelliteGroup[] };

    expect(sats.length).toBeGreaterThan(0);
    expect(sats.length).toBeLessThan(all.sats.length);
    expect(sats.every((s) => s.taskable && s.status === 'operational')).toBe(true);
    expect(sats).toEqual(all.sats.filter((s) => s.taskable));
    const names = byName(sats);
    for (const name of [
      'WorldView-3',
      'Pléiades Neo 3',
      'SuperView-1 01',
      'SPOT 6',
      'KOMPSAT-5',
      'Jilin-1 03',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    for (const name of ['Sentinel-2A', 'Landsat 9', 'Sentinel-1A', 'SPOT 7', 'Gaofen-2']) {
      expect(names.has(name), name).toBe(false);
    }
    expect(groups.map((g) => g.category)).not.toContain('Sentinel-2');
    expect(groups.find((g) => g.category === 'SPOT')?.satIds).toEqual([names.get('SPOT 6')!.id]);
  });

  it('taskable defaults to false (every archive satellite) and must be a boolean', async () => {
    const plain = await get(Paths.satellites);
    const explicit = await get(`${Paths.satellites}?taskable=false`);
    expect(plain.body.data).toEqual(explicit.body.data);

    const bad = await get(`${Paths.satellites}?taskable=maybe`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: ResultCode.ValidationFailed, data: { field: 'taskable' } });
  });
});

describe('resolution classes', () => {
  it('are the five classes of the spec, in metres', async () => {
    const r = await get(Paths.resolutions);
    expect(r.status).toBe(200);
    expect(Value.Check(ResolutionsResponse, r.body.data)).toBe(true);
    expect(r.body.data.resolutions).toEqual([
      { id: 1, min: 0, max: 0.3 },
      { id: 2, min: 0.3, max: 0.8 },
      { id: 3, min: 0.8, max: 1.5 },
      { id: 4, min: 1.5, max: 15 },
      { id: 5, min: 15, max: null },
    ]);
  });
});

describe('catalogue seed', () => {
  const testSatellite = (noradId: number, name: string) => ({
    name,
    noradId,
    operator: 'Test',
    taskable: false,
    status: 'operational' as const,
    launchDate: null,
    altitudeKm: 500,
    swathKm: 10,
    maxOffNadirDeg: 20,
    panGsd: null,
    msGsd: null,
    localTimeOfNode: null,
    caps: [],
  });

  it('is idempotent: a second run keeps every id and adds no row', async () => {
    const before = (await get(Paths.satellites)).body.data;
    const count = async () =>
      (
        await h.pool.query(
          `SELECT (SELECT count(*) FROM satellites)::int AS s, (SELECT count(*) FROM satellite_groups)::int AS g,
                  (SELECT count(*) FROM satellite_capabilities)::int AS c`,
        )
      ).rows[0];
    const counted = await count();
    await h.services.catalogue.seedConstellation(defaultConstellation);
    expect(await count()).toEqual(counted);
    expect((await get(Paths.satellites)).body.data).toEqual(before);
  });

  it('brings a changed figure to an existing database, matching the satellite by NORAD id', async () => {
    const noradId = 90_000 + Math.floor(Math.random() * 9_000);
    const category = uniqueName('Group');
    const seed = (swathKm: number, name: string): ConstellationGroup[] => [
      {
        category,
        satellites: [
          {
            ...testSatellite(noradId, name),
            swathKm,
            caps: [
              { type: 1, bands: ['PAN'], stereos: [], polarisations: [], maxResolution: 2, maxShtPeriod: 3 },
            ],
          },
        ],
      },
    ];
    await h.services.catalogue.seedConstellation(seed(10, uniqueName('Before')));
    const first = (await get(Paths.satellites)).body.data.sats.find((s: Satellite) => s.noradId === noradId);
    const renamed = uniqueName('After');
    await h.services.catalogue.seedConstellation(seed(12.5, renamed));
    const second = (await get(Paths.satellites)).body.data.sats.find((s: Satellite) => s.noradId === noradId);
    expect(second).toMatchObject({ id: first.id, name: renamed, swathKm: 12.5, category });
  });

  it('keeps a satellite with an empty capability and only warns about it', async () => {
    const noradId = 80_000 + Math.floor(Math.random() * 9_000);
    const name = uniqueName('NoCaps');
    const warnings: string[] = [];
    const report = await h.services.catalogue.seedConstellation(
      [{ category: uniqueName('Group'), satellites: [testSatellite(noradId, name)] }],
      (w) => warnings.push(w),
    );
    expect(warnings).toEqual([
      `satellite "${name}" (NORAD ${noradId}) has no capability; kept in the catalogue`,
    ]);
    expect(report.warnings).toEqual(warnings);

    const { sats, groups } = (await get(Paths.satellites)).body.data as {
      sats: Satellite[];
      groups: SatelliteGroup[];
    };
    const kept = sats.find((s) => s.noradId === noradId);
    expect(kept).toMatchObject({ name, cap: { caps: [] } });
    expect(groups.find((g) => g.category === kept?.category)).toMatchObject({
      satIds: [kept?.id],
      resolutionId: 5,
    });
  });

  it('warns about nothing for the default constellation', async () => {
    const warnings: string[] = [];
    await h.services.catalogue.seedConstellation(defaultConstellation, (w) => warnings.push(w));
    expect(warnings).toEqual([]);
  });
});
