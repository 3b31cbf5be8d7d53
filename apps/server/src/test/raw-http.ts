import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Http } from '../http/types';

// Requests over a real socket, as curl or GDAL send them: for the answers `inject` cannot show
// (a connection cut halfway, the exact bytes on the wire).

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Listens on a free loopback port (closed with the app); its origin `http://127.0.0.1:PORT`. */
export async function listenOnLoopback(app: Http): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * One request; the answer's body whole, or only its first `cutAfter` bytes when given: the
 * connection is then destroyed, as an interrupted download's is.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; cutAfter?: number } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        let received = 0;
        const done = () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (options.cutAfter !== undefined && received >= options.cutAfter) {
            request.destroy();
            done();
          }
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    request.on('error', (e) => (options.cutAfter !== undefined ? undefined : reject(e)));
    request.end();
  });
}
