import { randomUUID } from 'node:crypto';
import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import { box, createTestSatellites, loginNewUser, scene, searchRequest } from '../../test/scenes';
import { searchData, startArchiveHarness } from './test-setup';

// GET archive/searches/:taskId (issue 28 #6): a link names a search by its taskId, and the browser
// opens it again from what this answers.

let h: Harness;
let token: string;
let sats: number[];
const aoi = { ...box(70, 20, 71, 21), name: 'Stored search AOI' };

beforeAll(async () => {
  ({ h, token } = await startArchiveHarness());
  sats = (await createTestSatellites(h, 1)).ids;
  const id = `STORED-${process.pid}`;
  await h.services.scenesRepository.upsertScenes([scene({ id, satelliteId: sats[0]!, footprint: aoi })]);
});

const stored = async (taskId: string, as = token) => {
  const r = await h.app.inject({
    method: 'GET',
    url: `/api/v1/archive/searches/${taskId}`,
    headers: { authorization: `Bearer ${as}` },
  });
  return { status: r.statusCode, body: r.json() };
};

describe('GET archive/searches/:taskId', () => {
  it("answers an AOI search's request and sort, which its taskId then pages", async () => {
    const request = searchRequest([aoi], sats, { cc: 40, fdate: '2024-01-01', tdate: '2024-12-31' });
    const first = await searchData(h, token, request, 'cc,asc');
    const r = await stored(first.taskId);
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    expect(r.body.data).toEqual({
      kind: 'aoi',
      taskId: first.taskId,
      request: { aois: [aoi], condition: request.condition, satIds: sats, sensor: {} },
      sort: 'cc,asc',
    });
    // The first page again, by the taskId alone: what a reload shows.
    const again = await searchData(h, token, {
      ...r.body.data.request,
      taskId: first.taskId,
      page: { start: 0, length: 1000 },
    });
    expect(again).toMatchObject({ taskId: first.taskId, count: first.count, images: first.images });
  });

  it("answers a scene-id search's ids", async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/v1/archive/search/by-ids',
      headers: { authorization: `Bearer ${token}` },
      payload: { sceneIds: [`STORED-${process.pid}`, 'NO-SUCH-SCENE'] },
    });
    const { taskId } = r.json().data;
    expect((await stored(taskId)).body.data).toEqual({
      kind: 'ids',
      taskId,
      sceneIds: [`STORED-${process.pid}`, 'NO-SUCH-SCENE'],
    });
  });

  it("is 4004 for another user's search and an unknown one, 4000 for a text that is no taskId", async () => {
    const { taskId } = await searchData(h, token, searchRequest([aoi], sats));
    const other = await loginNewUser(h);
    for (const r of [await stored(taskId, other), await stored(randomUUID())]) {
      expect(r.status).toBe(404);
      expect(r.body.code).toBe(ResultCode.NotFound);
    }
    const bad = await stored('not-a-task-id');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(ResultCode.ValidationFailed);
  });
});
