import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPassDone } from './test/passes';

/**
 * `npm start` as a user runs it, ended the ways a user or a supervisor ends it: SIGTERM to npm
 * during a first start and once ready, and the launcher killed outright. Each time no process of
 * the product may be left, and the embedded database must open again (it was closed, not torn).
 * The embedded default is what `npm start` runs, so this runs on the embedded database on every pass.
 */
const root = resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'satportal-start-stop-'));
const env = {
  ...process.env,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  DEMO: '1',
  DEMO_SCENES: '300',
  LIVING_ARCHIVE_SECONDS: '2',
};

/** Every process below `pid`, read from /proc (the product's tree: npm, sh, the launcher, the server, esbuild). */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command name is in parentheses and may hold spaces: the fields after it are fixed
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    // a zombie is dead but still listed until reaped
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

/** Every process any start made: killed after the tests, so a failing run leaves no orphan behind. */
const everySeen = new Set<number>();

interface Started {
  npm: ChildProcess;
  output: () => string;
  /** Resolves when the output matches. */
  waitFor(pattern: RegExp): Promise<void>;
  /** The tree as last seen (its members may be reparented once npm is gone). */
  tree(): number[];
}

/** `npm start`, or the launcher it runs (`node scripts/start.mjs`) started directly as a supervisor would. */
function npmStart(how: 'npm' | 'launcher' = 'npm'): Started {
  const npm =
    how === 'npm'
      ? spawn('npm', ['start'], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, ['scripts/start.mjs'], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const seen = new Set<number>();
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    // remember the tree while npm is its root: orphans are reparented and could not be found later
    for (const pid of descendantsOf(npm.pid!)) {
      seen.add(pid);
      everySeen.add(pid);
    }
    for (const w of waiters.splice(0)) {
      if (w.pattern.test(output)) w.resolve();
      else waiters.push(w);
    }
  };
  npm.stdout!.on('data', onData);
  npm.stderr!.on('data', onData);
  return {
    npm,
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        if (pattern.test(output)) return resolve();
        waiters.push({ pattern, resolve });
        npm.on('exit', () => reject(new Error(`npm start ended before ${pattern}:\n${output}`)));
      }),
    tree: () => {
      for (const pid of descendantsOf(npm.pid!)) seen.add(pid);
      return [...seen];
    },
  };
}

async function allGone(pids: number[]) {
  await expect.poll(() => pids.filter(alive), { timeout: 60_000, interval: 250 }).toEqual([]);
}

const serverPid = (s: Started) =>
  s.tree().find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('apps/server/src/main.ts'));

afterAll(() => {
  for (const pid of everySeen) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(embeddedPassDone)('npm start ends with its parent', () => {
  it('SIGTERM to npm during the first start leaves no process and a database that opens again', async () => {
    const s = npmStart();
    await s.waitFor(/generating the simulated archive/);
    const tree = s.tree();
    expect(tree.length).toBeGreaterThanOrEqual(2); // the launcher and the server at least
    s.npm.kill('SIGTERM');
    await allGone(tree);
    expect(s.output()).toMatch(/SIGTERM: shutting down|parent exited: shutting down/);
    expect(s.output()).toContain('database closed');
  }, 300_000);

  it('SIGTERM to npm once ready stops the server gracefully and leaves no process', async () => {
    const s = npmStart();
    await s.waitFor(/ready in .* open http:\/\/localhost:\d+/);
    const url = /open (http:\/\/localhost:\d+)/.exec(s.output())![1]!;
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    const tree = s.tree();
    expect(serverPid(s)).toBeDefined();
    // The start reads as information: no JSON log lines, nothing called rejected or an error.
    expect(s.output()).not.toMatch(/^\{"level"/m);
    expect(s.output()).not.toMatch(/rejected|error/i);
    s.npm.kill('SIGTERM');
    await allGone(tree);
    expect(s.output()).toContain('database closed');
    expect(s.output()).toContain('[satportal] stopped');
    await expect(fetch(`${url}/api/v1/health`)).rejects.toThrow();
  }, 300_000);

  it('the launcher killed outright (SIGKILL) still takes the server with it', async () => {
    // Started directly, so that nothing but the launcher's death can tell the server to stop.
    const s = npmStart('launcher');
    await s.waitFor(/ready in .* open http:\/\/localhost:\d+/);
    const tree = [s.npm.pid!, ...s.tree()];
    s.npm.kill('SIGKILL');
    await allGone(tree);
    expect(s.output()).toContain('parent exited: shutting down');
    expect(s.output()).toContain('database closed');
  }, 300_000);
});
