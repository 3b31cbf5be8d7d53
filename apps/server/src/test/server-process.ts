import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { createPool } from '../db/database';
import { embeddedUrl } from '../db/embedded';
import { readLock } from '../db/lock';

/**
 * The real server as a child process (`node --import tsx main.ts`, no wrapper: the child's pid is
 * the node process itself, so a SIGKILL hits the process that holds the database, the queue's
 * workers and the raster threads). For tests that kill, stop and restart it.
 */

export const repoRoot = resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The environment of a server on `dataDir`: no SMTP, no S3 (mail and objects stay in the folder). */
export function serverEnv(dataDir: string, databaseUrl: string, more: Record<string, string> = {}) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    S3_BUCKET: '',
    LINK_SECRET: 'server-process-test',
    LOG_LEVEL: 'warn',
    ...more,
  };
}

export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 180_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    env,
    cwd: repoRoot,
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, signal) => done({ code, signal })),
  );
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`server not ready in ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /open (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        ready(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      fail(new Error(`server exited (${code ?? signal}) before it was ready: ${output}`));
    });
  });
  return { child, pid: child.pid!, url, output: () => output, exited };
}

/**
 * Live processes started with this DATA_DIR (a server and anything it spawned), each as
 * "pid command line" so a failure says which process lived on.
 */
export function processesOn(dataDir: string): string[] {
  const needle = `\0DATA_DIR=${dataDir}\0`;
  const pids: string[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = `\0${readFileSync(`/proc/${name}/environ`, 'latin1')}`;
      const state = readFileSync(`/proc/${name}/stat`, 'latin1').split(') ')[1]?.[0];
      if (environ.includes(needle) && state !== 'Z') {
        const command = readFileSync(`/proc/${name}/cmdline`, 'latin1').replaceAll('\0', ' ').trim();
        pids.push(`${name} ${command}`);
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** kill -9, and the process (with its threads) gone. */
export async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  const { signal } = await server.exited;
  if (signal !== 'SIGKILL') throw new Error(`server ended by ${signal}, not SIGKILL`);
}

/** A pool on the server's database: PostgreSQL's URL, or the embedded database's socket. */
export function databasePool(dataDir: string, databaseUrl: string): pg.Pool {
  if (databaseUrl) return createPool(databaseUrl, 2);
  const lock = readLock(dataDir);
  if (!lock?.port) throw new Error(`no embedded database socket published in ${dataDir}`);
  return createPool(embeddedUrl(lock.host ?? '127.0.0.1', lock.port), 2);
}

/** A fresh database on the PostgreSQL server of `adminUrl`, dropped by the returned function. */
export async function freshPostgresDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = createPool(adminUrl, 1);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** JSON POST with an optional session. */
export async function post(url: string, path: string, body: unknown, token?: string) {
  const r = await fetch(`${url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests check the answers' shapes by value
  return { status: r.status, body: (await r.json()) as { code: number; message: string; data: any } };
}
