import { type ApiKeyScope, apiPath, Paths, ResultCode } from '@satportal/contract';
import { expect } from 'vitest';
import type { Harness } from '../../test/harness';

export type Headers = Record<string, string>;
export const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/**
 * Requests of the API-key tests (the harness is asked at each call: it starts in `beforeAll`): any
 * credential in the headers; `body` is the JSON answer, if any.
 */
export function keyRequests(harness: () => Harness) {
  async function send(method: string, url: string, headers: Headers, payload?: object) {
    const h = harness();
    const r = await h.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: h.remoteAddress,
      ...(payload ? { payload } : {}),
    });
    const json = r.headers['content-type']?.toString().includes('json') ? r.json() : undefined;
    return { status: r.statusCode, body: json, headers: r.headers, text: r.body };
  }

  /** `POST /api-keys` with a session, a key named "program" reading by default. */
  function createKey(
    session: string,
    body: { name?: string; scopes?: ApiKeyScope[]; expiresAt?: string | null } = {},
  ) {
    return send('POST', apiPath(Paths.apiKeys), bearer(session), {
      name: 'program',
      scopes: ['read'],
      ...body,
    });
  }

  /** A key made, its text and id. */
  async function newKey(session: string, body: Parameters<typeof createKey>[1] = {}) {
    const r = await createKey(session, body);
    expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
    return r.body.data as { id: number; key: string; prefix: string };
  }

  return { send, createKey, newKey };
}
