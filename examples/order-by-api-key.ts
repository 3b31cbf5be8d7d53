/**
 * A program as a customer writes one against Satportal (issue 27, "Done when"): it makes an API
 * key and a webhook once (these two need the account's password, as in the account centre), then
 * with the key alone places an archive order, is told by a signed webhook that the order is
 * delivered, and reads a window of the delivered COG through GDAL's /vsicurl/ by HTTP ranges,
 * without downloading the package.
 *
 *   npm run example:order -- [--base http://localhost:8080] [--username demo] [--password …]
 *                            [--scene SCENE_ID] [--out DIR] [--keep]
 *
 * The webhook receiver listens on 127.0.0.1, so the server must allow loopback, plain-http
 * targets (WEBHOOK_ALLOW_PRIVATE=1 WEBHOOK_ALLOW_HTTP=1); a real integration registers its own
 * public https URL instead. The last line printed is a JSON summary (the test reads it).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { ApiBase, ApiKeyHeader, type DeliveryCompletedData, deliveredCogPath } from '@satportal/contract';
import { Webhook } from 'standardwebhooks';

const { values: options } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.SATPORTAL_URL ?? 'http://localhost:8080' },
    username: { type: 'string', default: process.env.SATPORTAL_USERNAME ?? 'demo' },
    password: { type: 'string', default: process.env.SATPORTAL_PASSWORD ?? 'satportal-demo' },
    scene: { type: 'string' },
    out: { type: 'string', default: join(tmpdir(), 'satportal-example') },
    /** keep the key and the webhook (by default both are removed at the end) */
    keep: { type: 'boolean', default: false },
    'timeout-seconds': { type: 'string', default: '600' },
  },
});
const base = options.base.replace(/\/+$/, '');
const log = (line: string) => console.log(line);

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** One API call; a code other than 2000 ends the program with the server's answer. */
async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${base}${ApiBase}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 2000)
    throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

/** The receiver of the webhook: each request verified with the endpoint's secret, as a customer must. */
async function startReceiver() {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const waiting: Array<() => void> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
      for (const wake of waiting.splice(0)) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/satportal-events`;
  const next = () => new Promise<void>((wake) => waiting.push(wake));
  return { url, received, next, close: () => server.close() };
}

/** A clear scene of the public archive to order (STAC search: the newest under 10 % cloud), unless one was named. */
async function sceneToOrder(): Promise<string> {
  if (options.scene) return options.scene;
  const query = new URLSearchParams({
    limit: '1',
    sortby: '-properties.datetime',
    filter: 'eo:cloud_cover < 10',
    'filter-lang': 'cql2-text',
  });
  const response = await fetch(`${base}/stac/v1/search?${query}`);
  const found = (await response.json()) as { features?: Array<{ id: string }> };
  const id = found.features?.[0]?.id;
  if (!id) throw new Error(`no scene in the archive (${response.status})`);
  return id;
}

const run = promisify(execFile);

async function main() {
  const deadline = Date.now() + Number(options['timeout-seconds']) * 1000;

  // 1. Once, with the password: a key for programs and a webhook endpoint.
  const { token } = await call<{ token: string }>(
    'POST',
    '/auth/login',
    {},
    {
      username: options.username,
      password: options.password,
    },
  );
  const session = { authorization: `Bearer ${token}` };
  const created = await call<{ id: number; prefix: string; key: string }>('POST', '/api-keys', session, {
    name: `example ${new Date().toISOString()}`,
    scopes: ['read', 'order', 'tiles'],
  });
  log(`API key ${created.prefix}… made (scopes read, order, tiles)`);
  const receiver = await startReceiver();
  const hook = await call<{ endpoint: { id: number }; secret: string }>('POST', '/webhooks', session, {
    url: receiver.url,
    eventTypes: ['order.status_changed', 'delivery.completed'],
  });
  log(`webhook ${hook.endpoint.id} → ${receiver.url}`);
  const verifier = new Webhook(hook.secret);

  try {
    // 2. From here on, the key alone.
    const withKey = { [ApiKeyHeader]: created.key };
    const me = await call<{ username: string }>('GET', '/me', withKey);
    const sceneId = await sceneToOrder();
    const ordered = await call<{ list: Array<{ orderNumber: string; orderId: number }> }>(
      'POST',
      '/orders/archive/direct',
      { ...withKey, 'idempotency-key': randomUUID() },
      {
        taskId: null,
        isOrderBySceneId: true,
        ipr: {
          priority: 1,
          process: { level: [10], clipping: false, isQualityTesting: false },
          ips: [{ sceneId }],
        },
        orderRequestInfo: { type: 2 },
      },
    );
    const orderNumber = ordered.list[0]?.orderNumber as string;
    log(`${me.username} ordered ${sceneId} with the key: order ${orderNumber}`);

    // 3. Told by the webhook: every request's signature checked before its content is believed.
    let delivered: DeliveryCompletedData | undefined;
    let verified = 0;
    for (let seen = 0; !delivered; seen++) {
      while (receiver.received.length <= seen) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no delivery.completed event before the deadline');
        await Promise.race([receiver.next(), new Promise((wake) => setTimeout(wake, Math.min(left, 5000)))]);
      }
      const { headers, body } = receiver.received[seen]!;
      const event = verifier.verify(body, headers as Record<string, string>) as {
        type: string;
        data: { orderNumber?: string; status?: number };
      };
      verified++;
      if (event.data.orderNumber !== orderNumber) continue;
      log(`webhook ${headers['webhook-id']}: ${event.type} (signature verified)`);
      if (event.type === 'delivery.completed') delivered = event.data as DeliveryCompletedData;
    }

    // 4. A window of the delivered COG through /vsicurl/: GDAL reads only the ranges it needs, the
    // key in a header (GDAL_HTTP_HEADERS) so that it stays out of URLs and logs.
    const cogUrl = `${base}${deliveredCogPath(orderNumber, sceneId)}`;
    const gdalEnv = {
      ...process.env,
      GDAL_HTTP_HEADERS: `${ApiKeyHeader}: ${created.key}`,
      GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
    };
    const info = JSON.parse(
      (await run('gdalinfo', ['-json', `/vsicurl/${cogUrl}`], { env: gdalEnv })).stdout,
    );
    const [width, height] = info.size as [number, number];
    const epsg = info.stac?.['proj:epsg'] ?? null;
    log(`COG ${cogUrl}: ${width} × ${height} pixels, ${info.bands.length} bands, EPSG ${epsg}`);
    await mkdir(options.out, { recursive: true });
    // From the middle of the scene, where its pixels are (a corner may be outside the footprint).
    const side = (n: number) => Math.min(256, n);
    const window = {
      x: Math.floor((width - side(width)) / 2),
      y: Math.floor((height - side(height)) / 2),
      width: side(width),
      height: side(height),
    };
    const windowFile = join(options.out, `${sceneId}-window.tif`);
    await run(
      'gdal_translate',
      [
        '-q',
        '-srcwin',
        ...[window.x, window.y, window.width, window.height].map(String),
        `/vsicurl/${cogUrl}`,
        windowFile,
      ],
      { env: gdalEnv },
    );
    log(
      `window ${window.width} × ${window.height} at (${window.x}, ${window.y}) read by ranges → ${windowFile}`,
    );

    console.log(
      JSON.stringify({
        orderNumber,
        sceneId,
        eventsVerified: verified,
        package: delivered.package.fileName,
        cogUrl,
        size: [width, height],
        window,
        windowFile,
      }),
    );
  } finally {
    receiver.close();
    if (!options.keep) {
      await call('DELETE', `/webhooks/${hook.endpoint.id}`, session);
      await call('DELETE', `/api-keys/${created.id}`, session);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
