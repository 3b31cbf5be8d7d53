import { httpStatusOf, ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { buildApp } from './app';
import { clientErrorOf } from './error-handler';
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
    expect(r.json()).toEqual({
      code: ResultCode.ValidationFailed,
      message: 'error.malformedJson',
      data: null,
    });
  });

  it('maps every client error of the framework to a code whose status is the answer (issue 26)', () => {
    const errors = [
      ...[400, 401, 403, 404, 405, 406, 408, 409, 410, 411, 413, 414, 415, 418, 422, 429, 431, 451].map(
        (statusCode) => ({ statusCode }),
      ),
      { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 },
      { code: 'FST_ERR_MAX_PARAM_LENGTH', statusCode: 414 },
      { code: 'FST_STATIC_FORBIDDEN_PATH', statusCode: 403 },
      { code: 'FST_ERR_BAD_URL', statusCode: 400 },
    ];
    for (const error of errors) {
      const { code, messageKey } = clientErrorOf(error);
      const status = httpStatusOf(code);
      expect(status >= 400 && status < 500, JSON.stringify(error)).toBe(true);
      expect(messageKey, JSON.stringify(error)).toMatch(/^(error|upload)\.\w+$/);
    }
    expect(clientErrorOf({ statusCode: 413 })).toEqual({
      code: ResultCode.PayloadTooLarge,
      messageKey: 'error.bodyTooLarge',
    });
    expect(clientErrorOf({ statusCode: 418 }).code).toBe(ResultCode.ValidationFailed);
  });

  it('requires a session on API routes unless they are public', async () => {
    const app = await appWith(() => {});
    const r = await app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ code: ResultCode.InvalidSession, data: null });
  });
});
