import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPassDone } from '../test/passes';

/**
 * The embedded default as operators meet it: a server process holding a data
 * folder, the CLI working through its socket, and a second server refused.
 * Runs whatever DATABASE_URL says, because it tests the embedded path itself (once in CI: test/passes.ts).
 */
const root = resolve(import.meta.dirname, '../../../..');
const dataDir = mkdtempSync(join(tmpdir(), 'satportal-embedded-'));
const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO: '0' };
const node = (script: string) => ['--import', 'tsx', join(root, 'apps/server/src', script)];
const run = promisify(execFile);

function startServer(): { child: ChildProcess; ready: Promise<string>; output: () => string } {
  const child = spawn(process.execPath, node('main.ts'), { env, cwd: root });
  let output = '';
  const ready = new Promise<string>((resolveUrl, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /open (http:\/\/localhost:\d+)/.exec(output);
      if (m) resolveUrl(m[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
  return { child, ready, output: () => output };
}

let server: ReturnType<typeof startServer> | undefined;
afterAll(async () => {
  if (server?.child.exitCode === null) {
    const exited = new Promise((r) => server!.child.on('exit', r));
    server.child.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(embeddedPassDone)('embedded database shared through its socket', () => {
  it('lets the CLI create a user while the server runs, and refuses a second server', async () => {
    server = startServer();
    const url = await server.ready;

    const cli = await run(
      process.execPath,
      [
        ...node('cli.ts'),
        'user',
        'create',
        '--username',
        'operator1',
        '--password',
        'operator-pass',
        '--org-type',
        '4',
        '--order-type',
        '1,4',
      ],
      { env, cwd: root },
    );
    expect(cli.stdout).toContain('created user');

    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'operator1', password: 'operator-pass' }),
    });
    const body = (await login.json()) as {
      code: number;
      data: { user: { org: { auth: { orderType: number[] } } } };
    };
    expect(body.code).toBe(2000);
    expect(body.data.user.org.auth.orderType).toEqual([1, 4]);

    const second = await run(process.execPath, node('main.ts'), { env, cwd: root }).catch((e) => e);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('is in use by process');
    // The first server still answers after the refused start.
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
  }, 180_000);
});
