import { resolutionClassOf } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/harness';
import { box, createTestSatellites, scene } from '../../../test/scenes';
import { overlayFor } from '../../areas';
import type { SceneInput } from '../../scenes/scenes.repository';
import { MatchingRepository } from './matching.repository';
import { MatchingService } from './matching.service';
import { insertSubscriptions, type SubscriptionRow, utcDayFromNow } from './test/fixtures';

/**
 * Matching new scenes to subscriptions (issue 16). Each test has an area of its own over open
 * sea (the test database is shared by every test file) and asserts only its own subscriptions.
 */

let h: Harness;
let matching: MatchingService;
let sats: number[];
let user: number;
let other: number;
const today = utcDayFromNow(0);
const at = (day: string, time = '10:00:00.000') => `${day}T${time}Z`;

beforeAll(async () => {
  h = await startHarness();
  matching = new MatchingService(h.pool, new MatchingRepository(overlayFor(h.kind)), { batchSize: 10_000 });
  sats = (await createTestSatellites(h, 2)).ids;
  user = (await h.signedIn()).userId;
  other = (await h.signedIn()).userId;
});

let n = 0;
/** Scenes with unique ids, inserted like any writer inserts them (so the trigger notes them). */
async function addScenes(scenes: (Partial<SceneInput> & Pick<SceneInput, 'footprint'>)[]) {
  const inputs = scenes.map((s) =>
    scene({ satelliteId: sats[0]!, acquiredAt: at(today), ...s, id: `match-${process.pid}-${n++}` }),
  );
  await h.services.scenesRepository.upsertScenes(inputs);
  return inputs.map((s) => s.id);
}

const subscribe = (rows: (Partial<SubscriptionRow> & Pick<SubscriptionRow, 'aoi'>)[]) =>
  insertSubscriptions(
    h.pool,
    rows.map((r) => ({
      userId: user,
      fdate: utcDayFromNow(-1),
      tdate: utcDayFromNow(30),
      satIds: sats,
      ...r,
    })),
  );

async function matchesOf(subscriptionIds: number[]) {
  const { rows } = await h.pool.query<{ subscription_id: number; scene_id: string; coverage: number }>(
    `SELECT subscription_id, scene_id, coverage FROM subscription_matches
      WHERE subscription_id = ANY($1) ORDER BY subscription_id, scene_id`,
    [subscriptionIds],
  );
  return rows;
}

async function subscriptionsOf(ids: number[]) {
  const { rows } = await h.pool.query<{
    id: number;
    nums: number;
    image_time: Date | null;
    matched_at: Date | null;
  }>('SELECT id, nums, image_time, matched_at FROM subscriptions WHERE id = ANY($1) ORDER BY id', [ids]);
  return rows;
}

const mailsOf = async (ids: number[]) =>
  (
    await h.pool.query<{ subscription_id: number; scene_ids: string[]; sent_at: Date | null }>(
      'SELECT subscription_id, scene_ids, sent_at FROM subscription_mails WHERE subscription_id = ANY($1) ORDER BY id',
      [ids],
    )
  ).rows;

/** The share of `aoi` a footprint covers, % (geodesic, as PostGIS computes it). */
async function shareOf(footprint: unknown, aoi: unknown) {
  const { rows } = await h.pool.query<{ share: number }>(
    `SELECT lonlat_area_km2(ST_Intersection(f, a)) / lonlat_area_km2(a) * 100 AS share
       FROM (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS f, ST_SetSRID(ST_GeomFromGeoJSON($2), 4326) AS a) x`,
    [JSON.stringify(footprint), JSON.stringify(aoi)],
  );
  return rows[0]!.share;
}

describe('the coverage rule', () => {
  it('fires a 10 % subscription for a scene covering 50 % of its AOI, not for one touching 5 %', async () => {
    // A 1° AOI in the South Pacific; scenes as large as the AOI (the necessary area test passes)
    // shifted so they overlap a 0.05° or a 0.5° strip of it: 5 % and 50 % of its geodesic area.
    const aoi = box(-150, -40, -149, -39);
    const touching = box(-150.95, -40, -149.95, -39);
    const half = box(-150.5, -40, -149.5, -39);
    // Inside the AOI: 5 % and 50 % of it without the footprint crossing its edge.
    const smallInside = box(-149.9, -39.9, -149.85, -39.1);
    expect(await shareOf(touching, aoi)).toBeCloseTo(5, 6);
    expect(await shareOf(half, aoi)).toBeCloseTo(50, 6);
    expect(await shareOf(smallInside, aoi)).toBeLessThan(5);
    // Around the AOI's south-west corner, overlapping two 0.05° strips: larger than the AOI, its
    // box covering the whole AOI, so only the exact intersection tells (just under 10 %).
    const corner = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [-151, -41],
          [-148.5, -41],
          [-148.5, -39.95],
          [-149.95, -39.95],
          [-149.95, -38.5],
          [-151, -38.5],
          [-151, -41],
        ],
      ],
    };
    const cornerShare = await shareOf(corner, aoi);
    expect(cornerShare).toBeGreaterThan(9);
    expect(cornerShare).toBeLessThan(10);
    const [sub] = await subscribe([{ aoi, minCoverage: 10 }]);
    const [t, hf, inside, whole, grazing] = await addScenes([
      { footprint: touching },
      { footprint: half },
      { footprint: smallInside },
      { footprint: box(-150.2, -40.2, -148.8, -38.8) },
      { footprint: corner },
    ]);
    await matching.matchPending();
    const matches = await matchesOf([sub!]);
    expect(matches.map((m) => m.scene_id).sort()).toEqual([hf, whole].sort());
    expect(matches.find((m) => m.scene_id === hf)!.coverage).toBeCloseTo(50, 6);
    expect(matches.find((m) => m.scene_id === whole)!.coverage).toBe(100);
    expect([t, inside, grazing].some((id) => matches.some((m) => m.scene_id === id))).toBe(false);
  });

  it('takes a footprint inside the AOI at its own area', async () => {
    const aoi = box(-140, -40, -139, -39);
    const [sub] = await subscribe([{ aoi, minCoverage: 10 }]);
    // 0.5° × 0.5° inside a 1° box: about a quarter of it.
    const quarter = box(-139.75, -39.75, -139.25, -39.25);
    const share = await shareOf(quarter, aoi);
    const [id] = await addScenes([{ footprint: quarter }]);
    await matching.matchPending();
    const matches = await matchesOf([sub!]);
    expect(matches.map((m) => m.scene_id)).toEqual([id]);
    expect(matches[0]!.coverage).toBeCloseTo(share, 6);
  });
});

describe('the condition and the sensor', () => {
  it('fires on a scene meeting every field and not on one failing any single field', async () => {
    const aoi = box(-130, -40, -129, -39);
    const footprint = box(-130.5, -40.5, -128.5, -38.5);
    const [sub] = await subscribe([
      {
        aoi,
        satIds: [sats[0]!],
        minCoverage: 10,
        maxCloudCover: 20,
        maxOffNadir: 30,
        minSunElevation: 30,
        orbit: 1,
        qualities: ['A'],
        sensorType: 1,
        resolutionIds: [resolutionClassOf(0.5)],
        stereoMode: 'STEREO',
        bands: ['PAN', 'NIR'],
      },
    ]);
    const good: Partial<SceneInput> = {
      footprint,
      cloudCover: 20,
      offNadir: 30,
      sunZenith: 60,
      orbitDirection: 1,
      productQuality: 'A',
      sensorType: 1,
      gsd: 0.5,
      stereoMode: 'STEREO',
      bands: ['PAN', 'B', 'G', 'R', 'NIR'],
    };
    const variants: Record<string, Partial<SceneInput>> = {
      good: {},
      noCloud: { cloudCover: null },
      noOffNadir: { offNadir: null },
      noSunZenith: { sunZenith: null },
      cloudy: { cloudCover: 20.5 },
      oblique: { offNadir: 30.5 },
      lowSun: { sunZenith: 60.5 },
      descending: { orbitDirection: 2 },
      qualityB: { productQuality: 'B' },
      otherSatellite: { satelliteId: sats[1]! },
      radar: { sensorType: 2 },
      coarser: { gsd: 1 },
      mono: { stereoMode: 'MONO' },
      noNir: { bands: ['PAN', 'B', 'G', 'R'] },
      beforeWindow: { acquiredAt: at(utcDayFromNow(-2), '23:59:59.999') },
    };
    const names = Object.keys(variants);
    const ids = await addScenes(names.map((k) => ({ ...good, footprint, ...variants[k] })));
    await matching.matchPending();
    const matched = new Set((await matchesOf([sub!])).map((m) => m.scene_id));
    const fired = names.filter((_, i) => matched.has(ids[i]!));
    expect(fired).toEqual(['good', 'noCloud', 'noOffNadir', 'noSunZenith']);
  });

  it('reads 0 solar elevation, orbit 0, empty resolutions and bands, no stereo mode and no sensor type as any', async () => {
    const aoi = box(-120, -40, -119, -39);
    const [sub] = await subscribe([{ aoi, minCoverage: 10 }]);
    const footprint = box(-120.5, -40.5, -118.5, -38.5);
    const ids = await addScenes([
      {
        footprint,
        sunZenith: 95,
        orbitDirection: 2,
        gsd: 20,
        stereoMode: 'STEREO',
        sensorType: 2,
        bands: [],
      },
      { footprint, sunZenith: 10, orbitDirection: 1, gsd: 0.2, productQuality: 'B' },
    ]);
    await matching.matchPending();
    expect((await matchesOf([sub!])).map((m) => m.scene_id).sort()).toEqual([...ids].sort());
  });
});

describe('the window', () => {
  it('holds scenes acquired from fdate 00:00 UTC to the end of tdate, and no ended subscription fires', async () => {
    const aoi = box(-110, -40, -109, -39);
    const footprint = box(-110.5, -40.5, -108.5, -38.5);
    const from = utcDayFromNow(-1);
    const to = utcDayFromNow(3);
    const afterTo = utcDayFromNow(4);
    const [open, ended] = await subscribe([
      { aoi, fdate: from, tdate: to },
      { aoi, fdate: utcDayFromNow(-5), tdate: utcDayFromNow(-1) },
    ]);
    const [first, justBefore, last, justAfter, endedDay] = await addScenes([
      { footprint, acquiredAt: at(from, '00:00:00.000') },
      { footprint, acquiredAt: at(utcDayFromNow(-2), '23:59:59.999') },
      { footprint, acquiredAt: at(to, '23:59:59.999') },
      { footprint, acquiredAt: at(afterTo, '00:00:00.000') },
      // inside the ended subscription's window, arriving after it ended
      { footprint, acquiredAt: at(utcDayFromNow(-3)) },
    ]);
    await matching.matchPending();
    const matches = await matchesOf([open!, ended!]);
    expect(matches.map((m) => [m.subscription_id, m.scene_id])).toEqual(
      [
        [open, first],
        [open, last],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    expect([justBefore, justAfter, endedDay].some((id) => matches.some((m) => m.scene_id === id))).toBe(
      false,
    );
  });
});

describe('what a match changes', () => {
  it('counts each match once, sets the newest image time, the unread flag and one mail per subscription per batch', async () => {
    const aoi = box(-100, -40, -99, -39);
    const footprint = box(-100.5, -40.5, -98.5, -38.5);
    const [mine, theirs, untouched] = await insertSubscriptions(h.pool, [
      { userId: user, aoi, fdate: utcDayFromNow(-1), tdate: utcDayFromNow(30), satIds: sats },
      { userId: other, aoi, fdate: utcDayFromNow(-1), tdate: utcDayFromNow(30), satIds: [sats[1]!] },
      {
        userId: other,
        aoi: box(-95, -40, -94, -39),
        fdate: utcDayFromNow(-1),
        tdate: utcDayFromNow(30),
        satIds: sats,
      },
    ]);
    await h.pool.query('UPDATE users SET subscriptions_unread = false WHERE id = ANY($1)', [[user, other]]);
    const ids = await addScenes([
      { footprint, acquiredAt: at(today, '08:00:00.000') },
      { footprint, acquiredAt: at(today, '09:00:00.000') },
    ]);
    const outcome = await matching.matchPending();
    expect(outcome.batches).toBeGreaterThanOrEqual(1);
    expect(outcome.matches).toBeGreaterThanOrEqual(2);

    const [a, b, c] = await subscriptionsOf([mine!, theirs!, untouched!]);
    expect(a!.nums).toBe(2);
    expect(a!.image_time?.toISOString()).toBe(at(today, '09:00:00.000'));
    expect(a!.matched_at).not.toBeNull();
    // B's subscription is of the other satellite: nothing of A's match reaches it.
    expect([b!.nums, b!.image_time, b!.matched_at]).toEqual([0, null, null]);
    expect([c!.nums, c!.matched_at]).toEqual([0, null]);
    const flags = await h.pool.query<{ id: number; subscriptions_unread: boolean }>(
      'SELECT id, subscriptions_unread FROM users WHERE id = ANY($1) ORDER BY id',
      [[user, other]],
    );
    expect(Object.fromEntries(flags.rows.map((r) => [r.id, r.subscriptions_unread]))).toEqual({
      [user]: true,
      [other]: false,
    });
    expect(await mailsOf([mine!, theirs!, untouched!])).toEqual([
      { subscription_id: mine, scene_ids: ids, sent_at: null },
    ]);

    // The same arrivals noted again (a scene re-inserted, a note written twice): counted once.
    await h.pool.query('INSERT INTO scene_arrivals (scene_id) SELECT unnest($1::text[])', [ids]);
    await matching.matchPending();
    expect((await subscriptionsOf([mine!]))[0]!.nums).toBe(2);
    expect(await matchesOf([mine!])).toHaveLength(2);
    expect(await mailsOf([mine!])).toHaveLength(1);
    const left = await h.pool.query('SELECT 1 FROM scene_arrivals WHERE scene_id = ANY($1)', [ids]);
    expect(left.rowCount).toBe(0);

    // A later batch: a second mail naming only the new scene.
    const [later] = await addScenes([{ footprint, acquiredAt: at(today, '07:00:00.000') }]);
    await matching.matchPending();
    const [again] = await subscriptionsOf([mine!]);
    expect(again!.nums).toBe(3);
    expect(again!.image_time?.toISOString()).toBe(at(today, '09:00:00.000'));
    expect((await mailsOf([mine!])).map((m) => m.scene_ids)).toEqual([ids, [later]]);
  });

  it('matches in batches of the configured size, one transaction and one mail each', async () => {
    const aoi = box(-90, -40, -89, -39);
    const footprint = box(-90.5, -40.5, -88.5, -38.5);
    const [sub] = await subscribe([{ aoi }]);
    // Other files' arrivals may wait too; drain them first so the batches below are ours.
    await matching.matchPending();
    const ids = await addScenes(Array.from({ length: 5 }, () => ({ footprint })));
    const small = new MatchingService(h.pool, new MatchingRepository(overlayFor(h.kind)), { batchSize: 2 });
    const outcome = await small.matchPending();
    expect(outcome).toEqual({ batches: 3, scenes: 5, matches: 5, mails: 3 });
    expect((await mailsOf([sub!])).map((m) => m.scene_ids.length)).toEqual([2, 2, 1]);
    expect((await subscriptionsOf([sub!]))[0]!.nums).toBe(5);
    expect((await matchesOf([sub!])).map((m) => m.scene_id).sort()).toEqual([...ids].sort());
  });
});
