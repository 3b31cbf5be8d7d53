import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll } from 'vitest';

// A real HTTP receiver on the loopback interface for the webhook tests: it records every request
// as it came (headers, raw body) and answers what the test's handler says.

export interface Received {
  headers: Record<string, string>;
  body: string;
  /** the body parsed, when the signature checks out with the secret given to `verified` */
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  /** what the next requests are answered: set by the test at any moment */
  handle: (request: IncomingMessage, response: ServerResponse) => void;
  close(): Promise<void>;
}

export const answer =
  (status: number, text = '') =>
  (_: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(text);
  };

/** Starts a receiver on 127.0.0.1 (an ephemeral port), closed after the file's tests. */
export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const receiver = {
    requests: [] as Received[],
    handle: answer(200, 'ok'),
  } as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
      );
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {}
      receiver.requests.push({ headers, body, json });
      receiver.handle(request, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}${path}`;
  receiver.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  afterAll(() => receiver.close());
  return receiver;
}

/** Checks a received request with the standardwebhooks package (the specification's own library). */
export function verified(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': r.headers['webhook-id']!,
    'webhook-timestamp': r.headers['webhook-timestamp']!,
    'webhook-signature': r.headers['webhook-signature']!,
  }) as Received['json'];
}

/** Polls until `probe` answers something truthy; fails after `seconds`, naming what it waited for. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T,
  seconds = 60,
) {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
