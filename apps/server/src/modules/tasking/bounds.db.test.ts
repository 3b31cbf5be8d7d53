import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box } from '../../test/scenes';

/** Issue 11 "Schemas that match the columns", tasking side: satIds within int4, text without controls. */

let h: Harness;
let token: string;
const dayMs = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await startHarness();
  token = (await h.signedIn()).token;
});

const request = (more: Record<string, unknown>) => ({
  aois: [box(116, 39.5, 117, 40.5)],
  condition: { fdate: day(1), tdate: day(3), cc: 15, ac: 100, ona: 25, sza: 0 },
  satIds: [1],
  sensor: {},
  ...more,
});
const predict = (body: unknown) => h.call('POST', '/tasking/predictions', { token, body });

function expectRefused(
  r: { status: number; body: { code: number; message: string; data: unknown } },
  key: string,
  field: string,
) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body).toMatchObject({ code: ResultCode.ValidationFailed, message: key, data: { field } });
}

describe('POST /tasking/predictions', () => {
  it('satIds beyond int4 (2^31, 2^53) or below 1: 400 error.outOfRange', async () => {
    for (const big of [2 ** 31, 2 ** 53]) {
      expectRefused(await predict(request({ satIds: [1, big] })), 'error.outOfRange', 'satIds.1');
    }
    expectRefused(await predict(request({ satIds: [-1] })), 'error.outOfRange', 'satIds.0');
  });

  it('a taskId or an AOI name with control characters: 400 error.controlCharacters', async () => {
    expectRefused(await predict(request({ taskId: 'task\u0000' })), 'error.controlCharacters', 'taskId');
    expectRefused(
      await predict(request({ aois: [{ ...box(116, 39.5, 117, 40.5), name: 'a\u0000' }] })),
      'error.controlCharacters',
      'aois.0.name',
    );
  });
});
