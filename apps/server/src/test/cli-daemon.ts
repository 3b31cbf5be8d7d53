import { createInterface } from 'node:readline';
import { runCli } from '../cli';

/**
 * The operator CLI kept running for one Playwright worker (run with `node --import tsx`; apps/web/e2e/driver.ts starts it): each
 * line on standard input is `{"id", "args"}`, answered by one line `{"id", "code", "stdout",
 * "error"}`, one command at a time. Loading the CLI (the whole server's composition through tsx)
 * cost 3–4 s of CPU per command, paid by nearly every test that logs a new user in; here it is
 * paid once per worker. Each command still opens and closes its own connection through the
 * server's socket, as `npm run cli` does. It ends when its standard input closes (the worker ended).
 */
const lines = createInterface({ input: process.stdin });
let queue = Promise.resolve();
lines.on('line', (line) => {
  const { id, args } = JSON.parse(line) as { id: number; args: string[] };
  queue = queue.then(async () => {
    const stdout: string[] = [];
    let code: number;
    let error: string | undefined;
    try {
      code = await runCli(args, (l) => stdout.push(l));
    } catch (e) {
      code = 1;
      error = e instanceof Error ? e.message : String(e);
    }
    process.stdout.write(`${JSON.stringify({ id, code, stdout: stdout.join('\n'), error })}\n`);
  });
});
lines.on('close', () => {
  void queue.then(() => process.exit(0));
});
