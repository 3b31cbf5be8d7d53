import { randomUUID } from 'node:crypto';
import { ArchiveSearchResponse, ResultCode } from '@satportal/contract';
import { Value } from 'typebox/value';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, loginNewUser, postSearch, scene, searchRequest } from '../../test/scenes';
import type { SceneInput } from '../scenes/scenes.repository';
import { searchData, startArchiveHarness } from './test-setup';

let h: Harness;
let token: string;
const prefix = uniqueName('arc');

beforeAll(async () => {
  ({ h, token } = await startArchiveHarness());
});

type Data = ArchiveSearchResponse;
const ids = (data: { images: { sceneId: string }[] }) => data.images.map((i) => i.sceneId).sort();

const ok = (body: unknown, sort?: string, as = token): Promise<Data> => searchData(h, as, body, sort);

describe('filters', () => {
  const aoi = box(60, 20, 61, 21);
  let sats: number[];
  let all: string[];
  const id = (name: string) => `${prefix}-f-${name}`;
  /** Everything passes: the widest condition of each filter. */
  const wide = { cc: 100, ona: 90, sza: 0, orbit: 0, ac: 0, productQualities: ['A', 'B'] };

  beforeAll(async () => {
    sats = (await createTestSatellites(h, 2)).ids;
    const base = { satelliteId: sats[0]!, footprint: aoi };
    const variants: Record<string, Partial<SceneInput>> = {
      base: {},
      cc30: { cloudCover: 30 },
      ccUnknown: { cloudCover: null },
      ona30: { offNadir: 30 },
      onaUnknown: { offNadir: null },
      sza70: { sunZenith: 70 },
      ascending: { orbitDirection: 1 },
      qualityB: { productQuality: 'B' },
      otherSat: { satelliteId: sats[1]! },
      radar: { sensorType: 4, bands: ['C'] },
      gsd5: { gsd: 5 },
      stereo: { stereoMode: 'STEREO' },
      rgb: { bands: ['B', 'G', 'R'] },
      partial: { footprint: box(60, 20, 60.3, 21) },
      firstInstant: { acquiredAt: '2024-01-01T00:00:00.000Z' },
      lastInstant: { acquiredAt: '2024-12-31T23:59:59.999Z' },
    };
    const outside: Record<string, Partial<SceneInput>> = {
      before: { acquiredAt: '2023-12-31T23:59:59.999Z' },
      after: { acquiredAt: '2025-01-01T00:00:00.000Z' },
      elsewhere: { footprint: box(62, 20, 63, 21) },
    };
    const scenes = Object.entries({ ...variants, ...outside }).map(([name, v]) =>
      scene({ ...base, ...v, id: id(name) }),
    );
    expect((await h.services.scenesRepository.upsertScenes(scenes)).rejected).toEqual([]);
    all = Object.keys(variants).map(id).sort();
  });

  const search = (condition: Record<string, unknown>, more: Record<string, unknown> = {}) =>
    ok(searchRequest([aoi], sats, { ...wide, ...condition }, more));
  const without = (...names: string[]) => all.filter((s) => !names.map(id).includes(s));

  it('the widest condition finds every scene of the AOI and dates, and no other', async () => {
    const data = await search({});
    expect(ids(data)).toEqual(all);
    expect(data.count).toBe(all.length);
    expect(Value.Check(ArchiveSearchResponse, data)).toBe(true);
  });

  it('each filter excludes exactly the scenes it should', async () => {
    expect(ids(await search({ cc: 20 }))).toEqual(without('cc30'));
    expect(ids(await search({ ona: 20 }))).toEqual(without('ona30'));
    expect(ids(await search({ sza: 60 }))).toEqual(without('sza70'));
    expect(ids(await search({ orbit: 2 }))).toEqual(without('ascending'));
    expect(ids(await search({ orbit: 1 }))).toEqual([id('ascending')]);
    expect(ids(await search({ productQualities: ['A'] }))).toEqual(without('qualityB'));
    expect(ids(await search({ productQualities: ['B'] }))).toEqual([id('qualityB')]);
    expect(ids(await search({ ac: 50 }))).toEqual(without('partial'));
    expect(ids(await search({ fdate: '2024-06-01', tdate: '2024-06-30' }))).toEqual(
      without('firstInstant', 'lastInstant'),
    );
    expect(ids(await ok(searchRequest([aoi], [sats[1]!], wide)))).toEqual([id('otherSat')]);
    expect(ids(await search({}, { sensor: { type: 1 } }))).toEqual(without('radar'));
    expect(ids(await search({}, { sensor: { type: 4 } }))).toEqual([id('radar')]);
    expect(ids(await search({}, { sensor: { resolutionIds: [1, 2, 3] } }))).toEqual(without('gsd5'));
    expect(ids(await search({}, { sensor: { resolutionIds: [4] } }))).toEqual([id('gsd5')]);
    expect(ids(await search({}, { sensor: { mode: 'MONO' } }))).toEqual(without('stereo'));
    expect(ids(await search({}, { sensor: { band: ['NIR'] } }))).toEqual(without('rgb', 'radar'));
    expect(ids(await search({}, { sensor: { band: ['R', 'G', 'B'] } }))).toEqual(without('radar'));
  });

  it('the panel defaults (cloud 20, off-nadir 45, zenith 0 = no limit) find scenes', async () => {
    const data = await ok(searchRequest([aoi], sats));
    expect(ids(data)).toEqual(without('cc30'));
  });

  it('sorts by time, cloud, off-nadir, sun zenith or GSD, unknown values last, ties by id', async () => {
    const order = async (sort: string) => (await ok(searchRequest([aoi], sats, wide), sort)).images;
    const byTime = await order('time,desc');
    const times = byTime.map((i) => Date.parse(i.time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const cc = (await order('cc,asc')).map((i) => i.cc);
    expect(cc.at(-1)).toBeNull();
    expect(cc.slice(0, -1)).toEqual([...cc.slice(0, -1)].sort((a, b) => a! - b!));
    const ccDesc = (await order('cc,desc')).map((i) => i.cc);
    expect(ccDesc[0]).toBe(30);
    expect(ccDesc.at(-1)).toBeNull();
    const gsd = await order('gsd,desc');
    expect(gsd[0]!.sceneId).toBe(id('gsd5'));
    // equal keys: scene id in the same direction
    const rest = gsd.slice(1).map((i) => i.sceneId);
    expect(rest).toEqual([...rest].sort().reverse());
    const ona = (await order('ona,asc')).map((i) => i.ona);
    expect(ona.at(-1)).toBeNull();
    const sza = (await order('sza,desc')).map((i) => i.sza);
    expect(sza[0]).toBe(70);
  });

  it('answers each scene in the spec shape', async () => {
    const data = await search({ cc: 5, ona: 10, sza: 40, orbit: 2, productQualities: ['A'] });
    const base = data.images.find((i) => i.sceneId === id('base'));
    expect(base).toMatchObject({
      sceneId: id('base'),
      time: '2024-06-15T10:30:00.000Z',
      shooting_time: '2024-06-15T10:30:00.000Z',
      satId: sats[0],
      imageGsd: 0.5,
      resolutionId: 2,
      cc: 5,
      ona: 10,
      sza: 40,
      ac: 100,
      productQuality: 'A',
      orbit: 2,
      type: 1,
      bands: ['PAN', 'B', 'G', 'R', 'NIR'],
      mode: 'MONO',
      provenance: 'simulated',
      ossKey: null,
      orderNo: null,
    });
    expect(base!.boundaries).toEqual([aoi.coordinates[0]]);
    // 1° × 1° at 20.5° N: about 110.7 km × 104.3 km
    expect(base!.area).toBeGreaterThan(11_500);
    expect(base!.area).toBeLessThan(11_600);
  });
});

describe('get more', () => {
  const aoi = box(70, -30, 71, -29);
  let sats: number[];
  const total = 2500;

  beforeAll(async () => {
    sats = (await createTestSatellites(h, 1)).ids;
    // 24 instants and 7 cloud values shared by many scenes, their groups straddling the pages:
    // the order needs its tiebreaker.
    const scenes = Array.from({ length: total }, (_, i) =>
      scene({
        // ids in another order than the rows are written: the tiebreaker cannot lean on storage order
        id: `${prefix}-p-${String((i * 7919) % total).padStart(4, '0')}`,
        satelliteId: sats[0]!,
        footprint: box(70 + (i % 10) * 0.05, -30, 70.5 + (i % 10) * 0.05, -29.5),
        acquiredAt: new Date(Date.UTC(2024, 2, 1 + (i % 24), 3)).toISOString(),
        cloudCover: (i * 3) % 7,
      }),
    );
    const report = await h.services.scenesRepository.upsertScenes(scenes);
    expect(report.inserted).toBe(total);
  });

  async function pages(sort: string, between?: () => Promise<void>) {
    const first = await ok(searchRequest([aoi], sats), sort);
    expect(first).toMatchObject({ count: total, more: true });
    expect(first.images).toHaveLength(1000);
    const seen = [...first.images];
    let start = 1000;
    let more = first.more;
    while (more) {
      await between?.();
      const next = await ok(
        { ...searchRequest([aoi], sats), taskId: first.taskId, page: { start, length: 1000 } },
        sort,
      );
      expect(next).toMatchObject({ count: total, taskId: first.taskId, ac: first.ac });
      expect(next.images.length, `page at ${start}`).toBeGreaterThan(0);
      seen.push(...next.images);
      start += next.images.length;
      more = next.more;
    }
    return { first, seen };
  }

  it('pages through more than 2000 scenes, each once, in a deterministic order', async () => {
    for (const sort of ['time,desc', 'cc,asc', 'time,asc']) {
      const { seen } = await pages(sort);
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((i) => i.sceneId)).size).toBe(total);
      const asc = sort.endsWith('asc');
      const key = (i: (typeof seen)[number]) => (sort.startsWith('cc') ? i.cc! : Date.parse(i.time));
      for (let k = 1; k < seen.length; k++) {
        const [a, b] = [seen[k - 1]!, seen[k]!];
        const cmp = key(a) === key(b) ? a.sceneId.localeCompare(b.sceneId) : key(a) - key(b);
        expect(asc ? cmp < 0 : cmp > 0, `${sort} at ${k}`).toBe(true);
      }
    }
  });

  it('scenes written between pages neither duplicate nor shift the pages', async () => {
    let added = 0;
    const { seen } = await pages('time,desc', async () => {
      const report = await h.services.scenesRepository.upsertScenes(
        Array.from({ length: 5 }, () =>
          scene({
            id: `${prefix}-late-${added++}`,
            satelliteId: sats[0]!,
            footprint: box(70, -30, 70.5, -29.5),
            acquiredAt: '2024-03-10T12:00:00.000Z',
          }),
        ),
      );
      expect(report.inserted).toBe(5);
    });
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((i) => i.sceneId)).size).toBe(total);
    expect(seen.some((i) => i.sceneId.includes('-late-'))).toBe(false);
    // delete them again: the other tests count the original set
    await h.pool.query(`DELETE FROM scenes WHERE id LIKE $1`, [`${prefix}-late-%`]);
  });

  it('asking for a page again (not the next one) answers the same scenes', async () => {
    const first = await ok(searchRequest([aoi], sats));
    const body = (start: number) => ({
      ...searchRequest([aoi], sats),
      taskId: first.taskId,
      page: { start, length: 1000 },
    });
    const second = await ok(body(1000));
    const again = await ok(body(1000));
    expect(again.images.map((i) => i.sceneId)).toEqual(second.images.map((i) => i.sceneId));
    const from500 = await ok({ ...body(500), page: { start: 500, length: 700 } });
    expect(from500.images.map((i) => i.sceneId)).toEqual([
      ...first.images.slice(500).map((i) => i.sceneId),
      ...second.images.slice(0, 200).map((i) => i.sceneId),
    ]);
    const beyond = await ok(body(5000));
    expect(beyond).toMatchObject({ images: [], more: false, count: total });
  });

  it("another user's taskId, or an unknown one, is not found", async () => {
    const first = await ok(searchRequest([aoi], sats));
    const other = await loginNewUser(h);
    for (const taskId of [first.taskId, randomUUID()]) {
      const r = await postSearch(h, other, {
        ...searchRequest([aoi], sats),
        taskId,
        page: { start: 1000, length: 1000 },
      });
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ code: ResultCode.NotFound, message: 'search.taskNotFound' });
    }
  });
});
