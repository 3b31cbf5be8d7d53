import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box, createTestSatellites } from '../../test/scenes';
import {
  type Call,
  createRequest,
  insertSavedAoi,
  subscriptionCount,
  subscriptionsApi,
  utcDayFromToday,
} from './test-helpers';

let h: Harness;
let call: Call;
let satIds: number[];
beforeAll(async () => {
  h = await startHarness();
  call = await subscriptionsApi(h);
  satIds = (await createTestSatellites(h, 1)).ids;
});

const create = (token: string, body: unknown) => call('POST', '/subscriptions', token, body);
const window = (from: number, to: number) => ({
  condition: { fdate: utcDayFromToday(from), tdate: utcDayFromToday(to) },
});

function expectOverlap(r: Awaited<ReturnType<Call>>) {
  expect(r.status).toBe(409);
  expect(r.body).toMatchObject({
    code: ResultCode.OverlappingSubscription,
    message: 'subscribe.sameAoiSamePeriod',
  });
}

/** The same square, its ring starting at another corner and running the other way. */
const sameSquareRewritten = {
  type: 'Polygon',
  coordinates: [
    [
      [11, 11],
      [11, 10],
      [10, 10],
      [10, 11],
      [11, 11],
    ],
  ],
};

describe('4154: the same AOI in an overlapping period', () => {
  it('refuses the same saved AOI (aoiId) in an overlapping window, whatever the shape sent', async () => {
    const { token, userId } = await h.signedIn();
    const aoiId = await insertSavedAoi(h, userId, box(10, 10, 11, 11));
    expect((await create(token, createRequest(satIds, { aoiId, ...window(0, 30) }))).body.code).toBe(2000);
    expectOverlap(
      await create(
        token,
        createRequest(satIds, { aoiId, boundaries: box(20, 20, 21, 21), ...window(20, 40) }),
      ),
    );
    expect(await subscriptionCount(h, userId)).toBe(1);
  });

  it('refuses a geometrically equal AOI drawn again (no aoiId)', async () => {
    const { token, userId } = await h.signedIn();
    expect((await create(token, createRequest(satIds, window(0, 30)))).body.code).toBe(2000);
    expectOverlap(
      await create(token, createRequest(satIds, { boundaries: sameSquareRewritten, ...window(10, 50) })),
    );
    expect(await subscriptionCount(h, userId)).toBe(1);
  });

  it('refuses windows that share one day; accepts adjacent ones', async () => {
    const { token, userId } = await h.signedIn();
    expect((await create(token, createRequest(satIds, window(10, 20)))).body.code).toBe(2000);
    expectOverlap(await create(token, createRequest(satIds, window(20, 30))));
    expectOverlap(await create(token, createRequest(satIds, window(0, 10))));
    expectOverlap(await create(token, createRequest(satIds, window(12, 15))));
    expect((await create(token, createRequest(satIds, window(21, 30)))).body.code).toBe(2000);
    expect((await create(token, createRequest(satIds, window(0, 9)))).body.code).toBe(2000);
    expect(await subscriptionCount(h, userId)).toBe(3);
  });

  it('accepts another AOI in the same window, and two different saved AOIs of equal shape', async () => {
    const { token, userId } = await h.signedIn();
    expect((await create(token, createRequest(satIds, window(0, 30)))).body.code).toBe(2000);
    const overlapping = box(10.5, 10.5, 11.5, 11.5);
    expect(
      (await create(token, createRequest(satIds, { boundaries: overlapping, ...window(0, 30) }))).body.code,
    ).toBe(2000);
    const first = await insertSavedAoi(h, userId, box(30, 30, 31, 31));
    const second = await insertSavedAoi(h, userId, box(30, 30, 31, 31));
    const saved = (aoiId: number) =>
      createRequest(satIds, { aoiId, boundaries: box(30, 30, 31, 31), ...window(0, 30) });
    expect((await create(token, saved(first))).body.code).toBe(2000);
    expect((await create(token, saved(second))).body.code).toBe(2000);
  });

  it("does not conflict with another user's subscription of the same AOI", async () => {
    const one = await h.signedIn();
    const two = await h.signedIn();
    expect((await create(one.token, createRequest(satIds, window(0, 30)))).body.code).toBe(2000);
    expect((await create(two.token, createRequest(satIds, window(0, 30)))).body.code).toBe(2000);
  });

  it('lets exactly one of two concurrent overlapping creates through', async () => {
    for (let round = 0; round < 3; round++) {
      const { token, userId } = await h.signedIn();
      const answers = await Promise.all([
        create(token, createRequest(satIds, window(0, 30))),
        create(token, createRequest(satIds, { boundaries: sameSquareRewritten, ...window(15, 45) })),
      ]);
      expect(answers.map((a) => a.body.code).sort()).toEqual([2000, ResultCode.OverlappingSubscription]);
      expect(await subscriptionCount(h, userId)).toBe(1);
    }
  });
});
