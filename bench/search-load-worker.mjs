/**
 * The load generator of `bench/search.ts` (c), in a thread of its own so that it does not share
 * the server's event loop (it still shares the machine's two cores, as the targets say).
 * Sends the prepared request bodies in turn over `connections` keep-alive connections for
 * `seconds` after a one-second warm-up, accepting the encodings `acceptEncoding` names (a
 * browser's by default) and decoding the answers as a client does; answers the latencies, errors
 * and bytes on the wire.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const { port, path, token, bodies, connections, seconds, acceptEncoding } = workerData;
const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

const post = (payload) =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
          'accept-encoding': acceptEncoding,
        },
      },
      (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => {
          const wire = Buffer.concat(chunks);
          const decode = decoders[r.headers['content-encoding']];
          resolve({
            status: r.statusCode ?? 0,
            wire: wire.length,
            body: (decode ? decode(wire) : wire).toString(),
          });
        });
        r.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

let next = 0;
let errors = 0;
let bytes = 0;
let firstError = null;
const latencies = [];
const run = async (deadline) => {
  while (performance.now() < deadline) {
    const payload = bodies[next++ % bodies.length];
    const t0 = performance.now();
    const r = await post(payload);
    const t = performance.now() - t0;
    if (r.status !== 200 || !r.body.startsWith('{"code":2000')) {
      errors++;
      firstError ??= `${r.status} ${r.body.slice(0, 200)}`;
    } else {
      latencies.push(t);
      bytes += r.wire;
    }
  }
};

await Promise.all(Array.from({ length: connections }, () => run(performance.now() + 1000)));
latencies.length = 0;
errors = 0;
bytes = 0;
const t0 = performance.now();
await Promise.all(Array.from({ length: connections }, () => run(t0 + seconds * 1000)));
const elapsed = (performance.now() - t0) / 1000;
agent.destroy();
parentPort.postMessage({ latencies, errors, bytes, elapsed, firstError });
