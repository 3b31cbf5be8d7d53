import { ResultCode } from '@satportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient } from './client';
import { ApiError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(
  answer: (url: string, init: RequestInit) => Promise<Response>,
  token: string | null = 'stored',
) {
  const deps: ApiClientDeps = {
    fetch: vi.fn(answer) as unknown as typeof fetch,
    getToken: () => token,
    onInvalidSession: vi.fn(),
    onError: vi.fn(),
  };
  return { deps, client: createApiClient(deps) };
}

describe('createApiClient', () => {
  it('sends JSON with the stored bearer token and resolves with data', async () => {
    const { deps, client } = setup(async () => json(200, { code: 2000, message: 'ok', data: { a: 1 } }));
    await expect(client.request('/api/v1/x', { method: 'POST', body: { b: 2 } })).resolves.toEqual({ a: 1 });
    const [url, init] = vi.mocked(deps.fetch).mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/x');
    expect(init?.headers).toMatchObject({
      Authorization: 'Bearer stored',
      'Content-Type': 'application/json',
    });
    expect(init?.body).toBe('{"b":2}');
  });

  it('uses an explicit token, or none', async () => {
    const { deps, client } = setup(async () => json(200, { code: 2000, message: 'ok', data: null }));
    await client.request('/p', { token: 'other' });
    await client.request('/p', { token: null, query: { start: 0, skip: undefined } });
    const calls = vi.mocked(deps.fetch).mock.calls;
    expect(calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer other' });
    expect(calls[1]?.[1]?.headers).not.toHaveProperty('Authorization');
    expect(calls[1]?.[0]).toBe('/p?start=0');
  });

  it('ends the session on 3001 and rejects with a handled error', async () => {
    const { deps, client } = setup(async () =>
      json(401, { code: ResultCode.InvalidSession, message: 'error.session', data: null }),
    );
    const error = await client.request('/p').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(deps.onInvalidSession).toHaveBeenCalledWith('redirect', error);
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('leaves codes the caller handles to the caller, with field and params', async () => {
    const { deps, client } = setup(async () =>
      json(400, { code: 4000, message: 'error.validation', data: { field: 'newPassword' } }),
    );
    const error = (await client.request('/p', { handles: [4000] }).catch((e: unknown) => e)) as ApiError;
    expect(error.handled).toBe(false);
    expect(error.field).toBe('newPassword');
    expect(deps.onError).not.toHaveBeenCalled();
  });

  it('reports other codes and network failures through onError', async () => {
    const { deps, client } = setup(async () =>
      json(404, { code: 4004, message: 'error.notFound', data: null }),
    );
    await expect(client.request('/p')).rejects.toMatchObject({ kind: 'business', code: 4004, handled: true });
    const offline = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.client.request('/p')).rejects.toMatchObject({ kind: 'network', handled: true });
    expect(deps.onError).toHaveBeenCalledTimes(1);
    expect(offline.deps.onError).toHaveBeenCalledTimes(1);
  });

  it('treats a non-envelope answer from a proxy as a network failure', async () => {
    const { client } = setup(async () => new Response('Bad Gateway', { status: 502 }));
    await expect(client.request('/p')).rejects.toMatchObject({ kind: 'network', status: 502 });
  });

  it('gives up after the timeout', async () => {
    const deps: ApiClientDeps = {
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        )) as typeof fetch,
      getToken: () => null,
      onInvalidSession: vi.fn(),
      onError: vi.fn(),
      timeoutMs: 10,
    };
    await expect(createApiClient(deps).request('/slow')).rejects.toMatchObject({ kind: 'timeout' });
  });
});
