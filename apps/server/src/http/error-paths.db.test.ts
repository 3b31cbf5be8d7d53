import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { httpStatusOf, MyStacBase, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { startHarness, testRateLimits } from '../test/harness';
import { testWebDist } from '../test/web-dist';
import { underProtectedPrefix } from './auth-plugin';

/**
 * Error answers in our words (issue 26): every way a request can be wrong before a handler sees it
 * — malformed JSON, a content type no route reads, a body too large, a multipart form cut short,
 * paths spelt with `//`, `/./` or `%2e`, methods no route has, broken percent-encoding, headers too
 * large, request lines Node cannot parse, paths that match nothing under /api, /tiles and /stac —
 * over real HTTP (a raw socket: no client normalises the path), signed in and anonymous, with the
 * browser application served as in production. No answer may carry a framework code (`FST_…`)
 * anywhere but the status line, a 5xx, a business code whose status disagrees (`httpStatusOf`), or
 * a message that is not a key of both translation files.
 */

const webDist = testWebDist({ 'app.js': 'console.log(1);' });

const h = await startHarness({
  rateLimits: { ...testRateLimits, userPerMinute: 1e6, tilesPerMinute: 1e6, addressPerMinute: 1e6 },
  webDist,
});
let port = 0;
let token = '';
beforeAll(async () => {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as net.AddressInfo).port;
  token = (await h.signedIn()).token;
});

interface Answer {
  status: number;
  head: string;
  body: string;
}

/** Sends bytes as they are and reads the answer until the server closes the connection (`Connection: close`). */
function raw(request: string | Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    // The server may answer (and close) before it has read a large body: the answer still came.
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      let body = split < 0 ? '' : text.slice(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(head)) body = dechunk(body);
      resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    // Not ended: a client's half-close may end the exchange before a slow answer is written.
    socket.write(request);
    socket.setTimeout(20_000, () => socket.destroy());
  });
}

function dechunk(body: string): string {
  let out = '';
  let rest = body;
  for (;;) {
    const line = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, line), 16);
    if (!(size > 0)) return out;
    out += rest.slice(line + 2, line + 2 + size);
    rest = rest.slice(line + 4 + size);
  }
}

interface Call {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** the request line as written, for lines no client would send */
  line?: string;
}

function requestOf(call: Call, auth: boolean): Buffer {
  const headers: Record<string, string> = { host: 'satportal.test', connection: 'close', ...call.headers };
  if (auth) headers.authorization = `Bearer ${token}`;
  const body = call.body === undefined ? undefined : Buffer.from(call.body);
  if (body) headers['content-length'] = String(body.length);
  const head = `${call.line ?? `${call.method ?? 'GET'} ${call.path} HTTP/1.1`}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body ?? Buffer.alloc(0)]);
}

type Tree = { [key: string]: string | Tree };
// Read, not imported: the server imports nothing of the browser application.
const messages = (language: string): Tree =>
  JSON.parse(readFileSync(join(repoRoot, `apps/web/src/i18n/${language}.json`), 'utf8'));
const en = messages('en');
const zh = messages('zh');
const hasKey = (tree: Tree, key: string) =>
  typeof key
    .split('.')
    .reduce<Tree | string | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree) ===
  'string';

/** What is wrong with an answer by the rules every answer keeps (empty: nothing). */
function problemsOf(call: Call, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status === 0) problems.push('no answer');
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  const afterStatusLine = `${answer.head.slice(answer.head.indexOf('\r\n'))}\n${answer.body}`;
  const framework = /FST_\w*/.exec(afterStatusLine);
  if (framework) problems.push(`framework code ${framework[0]}`);
  let json: { code?: unknown; message?: unknown } | undefined;
  try {
    json = JSON.parse(answer.body);
  } catch {
    json = undefined;
  }
  if (typeof json?.code === 'number') {
    if (httpStatusOf(json.code) !== answer.status)
      problems.push(
        `code ${json.code} under HTTP ${answer.status} (httpStatusOf: ${httpStatusOf(json.code)})`,
      );
    if (typeof json.message !== 'string' || !hasKey(en, json.message) || !hasKey(zh, json.message))
      problems.push(`message ${JSON.stringify(json.message)} is not a key of en.json and zh.json`);
  } else if (answer.status >= 400 && underProtectedPrefix(call.path) && !call.path.includes('/wmts')) {
    // My data as STAC answers STAC clients' own error, `{code: 'BadRequest', description}` and the like.
    const stacError =
      call.path.startsWith(MyStacBase) && typeof json?.code === 'string' && 'description' in (json ?? {});
    if (!stacError) problems.push('an error under /api/ or /tiles/ without our envelope');
  }
  return problems;
}

const junkJson = { headers: { 'content-type': 'application/json' } };
const multipart = { 'content-type': 'multipart/form-data; boundary=XX' };
const cutForm = '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.geojson"\r\n\r\n{"type":';
const longId = '1'.repeat(150);

/** [what, call, anonymous answer, signed-in answer]: status, then the code or message expected. */
const cases: Array<[string, Call, [number, (number | string)?], [number, (number | string)?]]> = [
  [
    'malformed JSON',
    { method: 'POST', path: '/api/v1/aois', body: '{x', ...junkJson },
    [401],
    [400, 'error.malformedJson'],
  ],
  [
    'empty JSON body',
    { method: 'POST', path: '/api/v1/aois', body: '', ...junkJson },
    [401],
    [400, 'error.malformedJson'],
  ],
  [
    'malformed JSON to login',
    { method: 'POST', path: '/api/v1/auth/login', body: '{"a":', ...junkJson },
    [400, 'error.malformedJson'],
    [400, 'error.malformedJson'],
  ],
  [
    'a content type no route reads',
    { method: 'POST', path: '/api/v1/aois', body: '<x/>', headers: { 'content-type': 'text/xml' } },
    [401],
    [415, ResultCode.UnsupportedMediaType],
  ],
  [
    'a body too large',
    { method: 'POST', path: '/api/v1/aois', body: `{"name":"${'x'.repeat(1_100_000)}"}`, ...junkJson },
    [401],
    [413, ResultCode.PayloadTooLarge],
  ],
  [
    'a multipart form cut short',
    { method: 'POST', path: '/api/v1/aois/upload', body: cutForm, headers: multipart },
    [401],
    [400, 'upload.incomplete'],
  ],
  [
    'a multipart form cut in a header',
    {
      method: 'POST',
      path: '/api/v1/aois/upload',
      body: '--XX\r\nContent-Disposition: form-da',
      headers: multipart,
    },
    [401],
    [400],
  ],
  [
    'a multipart body that is no form',
    { method: 'POST', path: '/api/v1/aois/upload', body: 'hello', headers: multipart },
    [401],
    [400],
  ],
  ['double slashes', { path: '//api//v1/orders' }, [401], [404, 'error.notFound']],
  ['a dot segment', { path: '/api/./v1/orders' }, [401], [404, 'error.notFound']],
  ['an encoded dot segment', { path: '/api/%2e/v1/orders' }, [401], [404, 'error.notFound']],
  ['a parent segment', { path: '/api/../api/v1/orders' }, [401], [404, 'error.notFound']],
  ['an encoded NUL', { path: '/api/v1/orders%00' }, [401], [404, 'error.notFound']],
  ['no such API path', { path: '/api/v1/no-such-thing' }, [401], [404, 'error.notFound']],
  [
    'no such API path, POST',
    { method: 'POST', path: '/api/v1/no-such-thing', body: '{}', ...junkJson },
    [401],
    [404, 'error.notFound'],
  ],
  ['no such tile path', { path: '/tiles/no-such-thing' }, [401], [404, 'error.notFound']],
  ['a tile path with a dot segment', { path: '/tiles/./quicklooks/wms' }, [401], [404, 'error.notFound']],
  ['a method no route has', { method: 'PROPFIND', path: '/api/v1/orders' }, [401], [404, 'error.notFound']],
  ['DELETE of a GET route', { method: 'DELETE', path: '/api/v1/orders' }, [401], [404, 'error.notFound']],
  [
    'a method Node does not know',
    { line: 'FOO /api/v1/orders HTTP/1.1', path: '/api/v1/orders' },
    [400, 'error.badRequest'],
    [400, 'error.badRequest'],
  ],
  [
    'a malformed request line',
    { line: 'GET  HTTP/1.1', path: '/' },
    [400, 'error.badRequest'],
    [400, 'error.badRequest'],
  ],
  ['broken percent-encoding under /api/', { path: '/api/v1/%' }, [401], [400, 'error.badUrl']],
  ['broken UTF-8 under /api/', { path: '/api/v1/%E0%A4%A' }, [401], [400, 'error.badUrl']],
  ['broken percent-encoding elsewhere', { path: '/%' }, [400, 'error.badUrl'], [400, 'error.badUrl']],
  [
    'a path segment longer than the router reads',
    { path: `/api/v1/aois/${longId}/time` },
    [401],
    [404, 'error.notFound'],
  ],
  [
    'headers too large',
    { path: '/api/v1/health', headers: { 'x-big': 'a'.repeat(20_000) } },
    [431, ResultCode.HeadersTooLarge],
    [431, ResultCode.HeadersTooLarge],
  ],
  ['no such STAC resource', { path: '/stac/v1/no-such-thing' }, [404], [404]],
  [
    'no such STAC resource, POST',
    { method: 'POST', path: '/stac/v1/no-such-thing', body: '{}', ...junkJson },
    [404],
    [404],
  ],
  [
    'malformed JSON to the STAC API',
    { method: 'POST', path: '/stac/v1/search', body: '{x', ...junkJson },
    [400],
    [400],
  ],
  [
    'a STAC path with double slashes',
    { path: '//stac//v1' },
    [404, 'error.notFound'],
    [404, 'error.notFound'],
  ],
  ['a page path with a dot segment', { path: '/a/./b' }, [404, 'error.notFound'], [404, 'error.notFound']],
  ['a missing file', { path: '/assets/nope.js' }, [404, 'error.notFound'], [404, 'error.notFound']],
  [
    'POST to a page',
    { method: 'POST', path: '/map', body: '{}', ...junkJson },
    [404, 'error.notFound'],
    [404, 'error.notFound'],
  ],
  ['a page of the application', { path: '/map' }, [200], [200]],
  ['a file of the application', { path: '/assets/app.js' }, [200], [200]],
];

describe('error paths over HTTP', () => {
  it.each(cases)('%s', async (_what, call, anonymous, signedIn) => {
    for (const [auth, [status, expected]] of [
      [false, anonymous],
      [true, signedIn],
    ] as const) {
      const answer = await raw(requestOf(call, auth));
      const who = auth ? 'signed in' : 'anonymous';
      expect(
        problemsOf(call, answer),
        `${who}: ${answer.head.split('\r\n')[0]} ${answer.body.slice(0, 200)}`,
      ).toEqual([]);
      expect(answer.status, `${who}: ${answer.body.slice(0, 200)}`).toBe(status);
      if (status === 401) expect(JSON.parse(answer.body).code).toBe(ResultCode.InvalidSession);
      if (typeof expected === 'number') expect(JSON.parse(answer.body).code, who).toBe(expected);
      if (typeof expected === 'string') expect(JSON.parse(answer.body).message, who).toBe(expected);
    }
  });

  it('answers malformed JSON, a foreign content type and a body too large on every route that takes a body', async () => {
    const bodies: Array<[string, Call['headers'], string, number]> = [
      ['malformed JSON', { 'content-type': 'application/json' }, '{"a":', 400],
      ['text/xml', { 'content-type': 'text/xml' }, '<x/>', 415],
      ['too large', { 'content-type': 'application/json' }, `"${'x'.repeat(1_100_000)}"`, 413],
    ];
    const wrong: string[] = [];
    const routes = h.app.routeTable.filter((r) => r.method !== 'GET' && !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const path = route.url.replace(/:\w+/g, '1');
      for (const [what, headers, body, status] of bodies) {
        for (const auth of route.public ? [false] : [false, true]) {
          const call: Call = { method: route.method, path, body, ...(headers ? { headers } : {}) };
          const answer = await raw(requestOf(call, auth));
          const expected = auth || route.public ? status : 401;
          const problems = problemsOf(call, answer);
          if (answer.status !== expected) problems.push(`HTTP ${answer.status}, not ${expected}`);
          if (problems.length)
            wrong.push(
              `${route.method} ${route.url} ${what} (${auth ? 'signed in' : 'anonymous'}): ${problems.join('; ')}`,
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
