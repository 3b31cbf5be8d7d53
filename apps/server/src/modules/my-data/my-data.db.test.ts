import { apiPath, Paths } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Http } from '../../http/types';
import { type Harness, startHarness } from '../../test/harness';
import { insertDeliveredOrder, myDataApp, ringOf } from './test-helpers';

describe('my data: the caller’s delivered scenes and batches', () => {
  let h: Harness;
  let app: Http;
  let token: string;
  let otherToken: string;
  let first: string;
  let second: string;
  let streamed: string;

  // biome-ignore lint/suspicious/noExplicitAny: the tests read the envelope by value
  const post = async (body: unknown, as = token): Promise<{ status: number; body: any }> => {
    const r = await app.inject({
      method: 'POST',
      url: apiPath(Paths.myDataScenes),
      headers: { authorization: `Bearer ${as}` },
      payload: body as object,
    });
    return { status: r.statusCode, body: r.json() };
  };
  const ids = async (body: unknown) =>
    ((await post(body)).body.data.list as { sceneId: string }[]).map((s) => s.sceneId);

  beforeAll(async () => {
    h = await startHarness();
    app = await myDataApp(h);
    const owner = await h.signedIn();
    const other = await h.signedIn();
    token = owner.token;
    otherToken = other.token;
    first = (
      await insertDeliveredOrder(h, owner.userId, {
        level: 22,
        aois: [{ type: 'Polygon', coordinates: [ringOf(10.2, 20.2, 10.6, 20.4)], name: 'North Field' }],
        terms: [
          {
            scenes: [
              {
                sceneId: 'MD_alpha_1',
                time: '2024-03-01T10:00:00Z',
                boundaries: [ringOf(10, 20, 11, 21)],
                cc: 12.5,
              },
            ],
          },
          {
            scenes: [
              { sceneId: 'MD%beta_2', time: '2024-04-01T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] },
            ],
          },
          // not delivered: never listed
          {
            state: -3,
            scenes: [
              { sceneId: 'MD_failed', time: '2024-04-02T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] },
            ],
          },
        ],
      })
    ).orderNo;
    second = (
      await insertDeliveredOrder(h, owner.userId, {
        level: 11,
        terms: [
          {
            scenes: [
              { sceneId: 'MD_gamma_3', time: '2024-05-01T10:00:00Z', boundaries: [ringOf(30, 0, 30.5, 0.5)] },
              { sceneId: 'MDxbeta_4', time: '2024-06-01T10:00:00Z', boundaries: [ringOf(30, 0, 30.5, 0.5)] },
            ],
          },
        ],
      })
    ).orderNo;
    streamed = (
      await insertDeliveredOrder(h, owner.userId, {
        level: 20,
        processMode: 'STREAMING_GEOTIFF',
        aois: [{ type: 'Polygon', coordinates: [ringOf(-60, -10, -59, -9)], name: 'Delta' }],
        terms: [
          {
            scenes: [
              {
                sceneId: 'MD_delta_5',
                time: '2023-12-31T23:00:00Z',
                boundaries: [ringOf(-60.5, -10, -59.5, -9)],
              },
            ],
          },
        ],
      })
    ).orderNo;
    await insertDeliveredOrder(h, other.userId, {
      terms: [
        {
          scenes: [
            { sceneId: 'MD_theirs', time: '2024-07-01T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] },
          ],
        },
      ],
    });
  });

  it('lists only the caller’s delivered scenes, newest image first, with total and more', async () => {
    const r = await post({});
    expect(r.body.code).toBe(2000);
    expect(r.body.data.total).toBe(5);
    expect(r.body.data.more).toBe(false);
    expect(r.body.data.list.map((s: { sceneId: string }) => s.sceneId)).toEqual([
      'MDxbeta_4',
      'MD_gamma_3',
      'MD%beta_2',
      'MD_alpha_1',
      'MD_delta_5',
    ]);
    const theirs = await post({}, otherToken);
    expect(theirs.body.data.list.map((s: { sceneId: string }) => s.sceneId)).toEqual(['MD_theirs']);
  });

  it('pages with start and length', async () => {
    const page = await post({ start: 1, length: 2 });
    expect(page.body.data).toMatchObject({ total: 5, more: true });
    expect(page.body.data.list.map((s: { sceneId: string }) => s.sceneId)).toEqual([
      'MD_gamma_3',
      'MD%beta_2',
    ]);
    const last = await post({ start: 4, length: 2 });
    expect(last.body.data).toMatchObject({ total: 5, more: false });
    expect(last.body.data.list).toHaveLength(1);
  });

  it('maps a scene: delivered area clipped to the AOI, the AOI ring, format, access and WMTS names', async () => {
    const [alpha] = (await post({ sceneId: 'alpha' })).body.data.list;
    expect(alpha).toMatchObject({
      sceneId: 'MD_alpha_1',
      orderNo: first,
      batchName: first,
      imageTime: '2024-03-01T10:00:00.000Z',
      satName: 'TestSat-1',
      satGroupName: 'TestGroup',
      imageGsd: 0.5,
      cloudCover: 12.5,
      level: 22,
      accessType: 'XYZ',
      formatType: 'WEBP',
      wmtsLayer: `${first}:MD_alpha_1`,
      wmtsMatrixSet: 'GoogleMapsCompatible',
      wmtsStyle: 'default',
    });
    expect(alpha.sceneAoi.cors).toEqual(ringOf(10.2, 20.2, 10.6, 20.4).map(([lng, lat]) => ({ lng, lat })));
    expect(alpha.boundaries).toHaveLength(1);
    const lngs = alpha.boundaries[0].map((p: { lng: number }) => p.lng);
    const lats = alpha.boundaries[0].map((p: { lat: number }) => p.lat);
    expect([Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)]).toEqual([
      10.2, 10.6, 20.2, 20.4,
    ]);
    const [gamma] = (await post({ sceneId: 'gamma' })).body.data.list;
    expect(gamma).toMatchObject({ formatType: 'PNG', accessType: 'XYZ', sceneAoi: { cors: [] } });
    expect(gamma.boundaries[0]).toHaveLength(5);
    const [delta] = (await post({ sceneId: 'delta' })).body.data.list;
    expect(delta).toMatchObject({ accessType: 'WMTS', formatType: 'PNG', orderNo: streamed });
  });

  it('filters by image time, batch, part of a scene id (any case, % and _ literal) and AOI name', async () => {
    expect(await ids({ startTime: '2024-04-01T00:00:00Z', endTime: '2024-05-31T23:59:59Z' })).toEqual([
      'MD_gamma_3',
      'MD%beta_2',
    ]);
    expect(await ids({ endTime: '2024-01-01T00:00:00Z' })).toEqual(['MD_delta_5']);
    expect(await ids({ batchName: second })).toEqual(['MDxbeta_4', 'MD_gamma_3']);
    expect(await ids({ batchName: second.toLowerCase() })).toEqual([]);
    expect(await ids({ sceneId: 'BETA' })).toEqual(['MDxbeta_4', 'MD%beta_2']);
    expect(await ids({ sceneId: 'md%' })).toEqual(['MD%beta_2']);
    expect(await ids({ sceneId: 'MD_b' })).toEqual([]);
    expect(await ids({ aoi: 'north' })).toEqual(['MD%beta_2', 'MD_alpha_1']);
    expect(await ids({ aoi: 'delta', sceneId: 'md' })).toEqual(['MD_delta_5']);
    expect(await ids({ sceneId: 'MD_theirs' })).toEqual([]);
    const none = await post({ batchName: 'SP-nothing' });
    expect(none.body.data).toEqual({ list: [], total: 0, more: false });
  });

  it('refuses bad input with 4000 and the field', async () => {
    const reversed = await post({ startTime: '2024-05-01T00:00:00Z', endTime: '2024-04-01T00:00:00Z' });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({
      code: 4000,
      message: 'error.validation',
      data: { field: 'endTime' },
    });
    for (const body of [{ length: 1001 }, { length: 0 }, { start: -1 }, { startTime: 'yesterday' }]) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(4000);
    }
    const unauthenticated = await app.inject({
      method: 'POST',
      url: apiPath(Paths.myDataScenes),
      payload: {},
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('lists batches: one per delivered order with its image times, newest first', async () => {
    const r = await app.inject({
      method: 'GET',
      url: apiPath(Paths.myDataBatches),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.json().data).toEqual([
      {
        batchName: second,
        minImageTime: '2024-05-01T10:00:00.000Z',
        maxImageTime: '2024-06-01T10:00:00.000Z',
      },
      {
        batchName: first,
        minImageTime: '2024-03-01T10:00:00.000Z',
        maxImageTime: '2024-04-01T10:00:00.000Z',
      },
      {
        batchName: streamed,
        minImageTime: '2023-12-31T23:00:00.000Z',
        maxImageTime: '2023-12-31T23:00:00.000Z',
      },
    ]);
  });
});
