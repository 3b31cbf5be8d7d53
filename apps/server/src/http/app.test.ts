import { ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { buildApp } from './app';
import type { Authenticator } from './types';

/** A session check that refuses everyone: these tests only reach public routes. */
const refuseAll = {
  authenticate: async () => {
    throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
  },
} as unknown as Authenticator;

async function appWith(register: (app: Awaited<ReturnType<typeof buildApp>>) => void) {
  const app = await buildApp({ version: 't', auth: refuseAll, routes: [] });
  register(app);
  await app.ready();
  return app;
}

describe('error envelope', () => {
  it('answers an unexpected error with 5000 and a request id, without internals', async () => {
    const app = await appWith((a) =>
      a.get('/api/v1/boom', { config: { public: true } }, async () => {
        throw new Error('secret connection string postgres://admin:pw@db');
      }),
    );
    const r = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    expect(r.statusCode).toBe(500);
    const body = r.json();
    expect(body.code).toBe(ResultCode.InternalError);
    expect(body.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).not.toContain('secret');
  });

  it('answers malformed JSON as a client error, not a 500', async () => {
    const app = await appWith((a) =>
      a.post('/api/v1/auth/login', { config: { public: true } }, async () => ({ code: ResultCode.Success })),
    );
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe(ResultCode.ValidationFailed);
  });

  it('requires a session on API routes unless they are public', async () => {
    const app = await appWith(() => {});
    const r = await app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: ResultCode.InvalidSession, data: null });
  });
});
