import { randomBytes } from 'node:crypto';
import { Paths, ResultCode, type TileKey } from '@satportal/contract';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness';

/**
 * A tile key as the browser gets one: asked by a session (`POST /tiles/key`), so it lives as long as
 * that session does (issue 26: a key belongs to its session). Another device id than the session's
 * last one replaces its key; without one, a new random device asks.
 */
export async function tileKeyOf(
  h: Harness,
  user: { token: string },
  deviceId: string = randomBytes(18).toString('base64url'),
): Promise<TileKey> {
  const r = await h.call('POST', Paths.tileKey, { token: user.token, body: { deviceId } });
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data;
}
