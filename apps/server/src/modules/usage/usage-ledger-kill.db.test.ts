import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { composeServices } from '../../composition';
import { loadConfig } from '../../config';
import type { Harness } from '../../test/harness';
import {
  databasePool,
  freshPostgresDatabase,
  killHard,
  post,
  type ServerProcess,
  serverEnv,
  startServer,
} from '../../test/server-process';
import { insertDeliveredOrder } from '../my-data/test-helpers';

/**
 * The usage ledger's bound on a kill -9 (issue 29): the real server counts the downloads of a
 * delivered package in memory and writes them every USAGE_FLUSH_MS. Killed after
 * a write, nothing it served is lost; killed before one, what it served since the last write is
 * lost and nothing more — and nothing is ever counted twice; stopped, it writes everything, also
 * with a download its reader stopped reading: the stop cuts it after HTTP_STOP_GRACE_SECONDS
 * instead of waiting minutes for the idle timeout (past the shutdown's 30 s, which exits 1).
 */

const dataDir = mkdtempSync(join(tmpdir(), 'satportal-usage-kill-'));
const postgres = process.env.DATABASE_URL
  ? await freshPostgresDatabase(process.env.DATABASE_URL, 'satportal_usage_kill')
  : null;
const databaseUrl = postgres?.url ?? '';
const envWith = (flushMs: number) =>
  serverEnv(dataDir, databaseUrl, {
    DEMO: '0',
    USAGE_FLUSH_MS: String(flushMs),
    HTTP_STOP_GRACE_SECONDS: '2',
  });

let server: ServerProcess | undefined;
let pool: pg.Pool | undefined;

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await pool?.end().catch(() => {});
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

async function start(flushMs: number) {
  await pool?.end().catch(() => {});
  server = await startServer(envWith(flushMs));
  pool = databasePool(dataDir, databaseUrl);
}

let link = '';
const packageBytes = randomBytes(3000);

/** Downloads the package `n` times as the token's user: the bytes sent. */
async function serve(token: string, n: number): Promise<number> {
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${server!.url}${link}`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status, `download ${i + 1} of ${n}: ${server!.output().slice(-1500)}`).toBe(200);
    bytes += (await r.arrayBuffer()).byteLength;
  }
  return bytes;
}

/** What the database holds for the user, checked with the server's last output beside a failure. */
async function expectCounted(userId: number, expected: { bytes: number; downloads: number }, log: string) {
  expect(await counted(userId), log.slice(-1500)).toEqual(expected);
}

async function counted(userId: number) {
  const { rows } = await pool!.query<{ bytes: number; downloads: number }>(
    'SELECT COALESCE(SUM(bytes), 0)::float8 AS bytes, COALESCE(SUM(downloads), 0)::int AS downloads FROM usage_days WHERE user_id = $1',
    [userId],
  );
  return rows[0]!;
}

/**
 * Starts a download and stops reading after its first 64 KB (a laptop gone to sleep): the server's
 * writes stall with the answer running. `started` once those bytes have come.
 */
function stalledDownload(path: string, token: string) {
  const { hostname, port } = new URL(server!.url);
  const socket = connect({ host: hostname === 'localhost' ? '127.0.0.1' : hostname, port: Number(port) });
  socket.on('error', () => {});
  const started = new Promise<void>((resolve) => {
    let bytes = 0;
    socket.on('data', (data) => {
      bytes += data.length;
      if (bytes >= 64 * 1024) {
        socket.pause();
        resolve();
      }
    });
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  return { started, end: () => socket.destroy() };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the usage ledger over kill -9', () => {
  it('loses at most what was served since its last write, counts nothing twice, and writes all on a stop', async () => {
    await start(200);
    const user = { username: 'ledger-kill-user', password: 'ledger-kill-password' };
    const services = composeServices(
      { pool: pool!, kind: databaseUrl ? 'postgres' : 'pglite' },
      { delivery: loadConfig(envWith(200)) },
    );
    const created = await services.accounts.createUser({
      ...user,
      orgType: 4,
      orderTypes: [1],
      email: 'ledger@kill-test.example',
    });
    const login = await post(server!.url, '/auth/login', user);
    expect(login.body.code).toBe(2000);
    const token = login.body.data.token as string;
    const userId = created.id;
    // A delivered package of the user's in the server's object store (the same data folder).
    const order = await insertDeliveredOrder({ pool } as unknown as Harness, userId, {
      terms: [{ scenes: [{ sceneId: 'LEDGER-1', time: '2026-01-01T00:00:00Z', boundaries: [] }] }],
    });
    await services.objectStore.put(order.packageKeys[0]!, packageBytes, { contentType: 'application/zip' });
    link = services.downloadLinks.link(order.packageKeys[0]!, new Date(Date.now() + 86_400_000));

    // Written every 200 ms: killed 1 s after the last answer, every answer is counted.
    const first = await serve(token, 20);
    await pause(1000);
    let log = server!.output();
    await killHard(server!);
    await start(600_000);
    await expectCounted(userId, { bytes: first, downloads: 20 }, log);

    // Written every 10 minutes: killed before a write, the 15 answers since are lost — the bound —
    // and the figures are those of the last write, not more.
    await serve(token, 15);
    log = server!.output();
    await killHard(server!);
    await start(600_000);
    await expectCounted(userId, { bytes: first, downloads: 20 }, log);

    // Stopped (SIGTERM) long before its next write, the server writes what it holds as it ends —
    // with a download of 32 MB running that its reader stopped reading: cut after the grace.
    const last = await serve(token, 5);
    const big = randomBytes(32 * 1024 * 1024);
    const bigOrder = await insertDeliveredOrder({ pool } as unknown as Harness, userId, {
      terms: [{ scenes: [{ sceneId: 'LEDGER-2', time: '2026-01-01T00:00:00Z', boundaries: [] }] }],
    });
    await services.objectStore.put(bigOrder.packageKeys[0]!, big, { contentType: 'application/zip' });
    const stalled = stalledDownload(
      services.downloadLinks.link(bigOrder.packageKeys[0]!, new Date(Date.now() + 86_400_000)),
      token,
    );
    await stalled.started;
    // Our connections through the embedded database's socket end first: its close waits for them.
    await pool!.end();
    pool = undefined;
    server!.child.kill('SIGTERM');
    expect((await server!.exited).code, server!.output().slice(-2000)).toBe(0);
    stalled.end();
    log = server!.output();
    expect(log).toMatch(/1 connection\(s\) still running after 2 s: cut/);
    await start(200);
    // A download is counted as its answer starts, whatever becomes of the connection.
    await expectCounted(userId, { bytes: first + last + big.length, downloads: 26 }, log);
  }, 600_000);
});
