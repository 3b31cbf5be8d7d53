import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database folder may be opened by one process only: two PGlite
 * instances on one folder corrupt it. The holder writes `embedded.lock` with its
 * pid and, once listening, the socket port, so other processes (the operator CLI)
 * connect through its socket instead of opening the folder.
 */
export interface LockInfo {
  pid: number;
  host?: string;
  port?: number;
}

export const lockPath = (dataDir: string) => join(dataDir, 'embedded.lock');

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as LockInfo;
    return typeof info.pid === 'number' ? info : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lock atomically; returns the live holder instead when there is one. */
export function acquireLock(dataDir: string): { acquired: true } | { acquired: false; holder: LockInfo } {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath(dataDir), 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid } satisfies LockInfo));
      closeSync(fd);
      return { acquired: true };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readLock(dataDir);
      if (holder && holder.pid !== process.pid && isProcessAlive(holder.pid))
        return { acquired: false, holder };
      // A lock left by a process that died (or an unreadable one being written) is stale.
      if (!holder || !isProcessAlive(holder.pid) || holder.pid === process.pid)
        rmSync(lockPath(dataDir), { force: true });
    }
  }
  throw new Error(`cannot take the lock ${lockPath(dataDir)}`);
}

export function publishSocket(dataDir: string, host: string, port: number): void {
  writeFileSync(lockPath(dataDir), JSON.stringify({ pid: process.pid, host, port } satisfies LockInfo));
}

export function releaseLock(dataDir: string): void {
  const holder = readLock(dataDir);
  if (holder?.pid === process.pid) rmSync(lockPath(dataDir), { force: true });
}
