import { ResultCode } from '@satportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClient, fileNameOf } from './client';
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

describe('uploads and downloads', () => {
  it('sends a multipart form as it is, without a JSON content type', async () => {
    const { deps, client } = setup(async () => json(200, { code: 2000, message: 'ok', data: 1 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.kml');
    await client.request('/upload', { method: 'POST', form });
    const init = vi.mocked(deps.fetch).mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('gives a file with the name of its content-disposition', async () => {
    const { client } = setup(
      async () =>
        new Response('<kml/>', {
          headers: {
            'content-type': 'application/vnd.google-earth.kml+xml',
            'content-disposition': `attachment; filename="__.kml"; filename*=UTF-8''%E5%8C%97%E4%BA%AC.kml`,
          },
        }),
    );
    const file = await client.download('/export', 'aoi.delerror');
    expect(file.fileName).toBe('北京.kml');
    expect(await file.blob.text()).toBe('<kml/>');
  });

  it('refuses a file without content-disposition, and reports an error envelope', async () => {
    const { deps, client } = setup(
      async () => new Response('data', { headers: { 'content-type': 'text/plain' } }),
    );
    await expect(client.download('/export', 'aoi.delerror')).rejects.toMatchObject({
      messageKey: 'aoi.delerror',
      handled: true,
    });
    expect(deps.onError).toHaveBeenCalledTimes(1);
    const refused = setup(async () => json(400, { code: 4000, message: 'aoi.nothingToExport', data: null }));
    await expect(refused.client.download('/export', 'aoi.delerror')).rejects.toMatchObject({
      code: 4000,
      messageKey: 'aoi.nothingToExport',
    });
  });
});

describe('fileNameOf', () => {
  it('reads filename* before filename, and plain or quoted names', () => {
    expect(fileNameOf(`attachment; filename="a.zip"; filename*=UTF-8''b%20c.zip`)).toBe('b c.zip');
    expect(fileNameOf('attachment; filename="aois-2025-01-02.kml"')).toBe('aois-2025-01-02.kml');
    expect(fileNameOf('attachment; filename=plain.json')).toBe('plain.json');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
