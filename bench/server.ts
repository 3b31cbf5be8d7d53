import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The product's server as a benchmark runs it: its own process, on the embedded default. */
export interface BenchServer {
  child: ChildProcess;
  /** http://127.0.0.1:<port> (the server listens on a free port). */
  url: string;
  /** Milliseconds from spawn to "ready". */
  ms: number;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts `apps/server/src/main.ts` on the embedded database in `dataDir` with the demo data
 * (`env` adds or overrides variables) and resolves once it prints its URL; `onOutput` sees each
 * chunk it prints (a first start's archive generation is long: a benchmark may show its progress).
 */
export function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  onOutput?: (chunk: string) => void,
): Promise<BenchServer> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '1',
      ...env,
    },
  });
  let out = '';
  return new Promise((res, rej) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      onOutput?.(b.toString());
      const m = /open http:\/\/localhost:(\d+)/.exec(out);
      if (m) res({ child, url: `http://127.0.0.1:${m[1]}`, ms: performance.now() - t0, output: () => out });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => rej(new Error(`server exited ${code}\n${out}`)));
  });
}

/** SIGTERM, and wait for the exit (nothing to do when it has ended already). */
export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGTERM');
  await exited;
}
