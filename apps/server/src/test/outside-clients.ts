import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

// The real clients Debian ships, as a customer runs them against the server: GDAL's command line
// tools (gdal-bin) and OWSLib (python3-owslib on Debian's own python3). Tests using them are
// skipped where one is missing, except in CI (CI set), where .ci/run installs them and a missing
// one fails the test instead.

export const inCi = Boolean(process.env.CI);

/** The path of a program on PATH, or undefined. */
export function onPath(program: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, program))
    .find((path) => existsSync(path));
}

/** Debian's python3 (OWSLib is a Debian package: a python3 of pyenv or a venv does not see it). */
export const debianPython = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : undefined;

const run = promisify(execFile);

/** Runs a program; stdout and stderr, and the exit code (0 or the failure's). */
export async function runProgram(
  program: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(program, args, {
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : 1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    };
  }
}

/** Whether Debian's python3 imports OWSLib. */
export async function hasOwslib(): Promise<boolean> {
  if (!debianPython) return false;
  return (await runProgram(debianPython, ['-c', 'import owslib'])).code === 0;
}

/**
 * The requests and answers in curl's trace (GDAL's `CPL_CURL_VERBOSE=YES` on stderr): each
 * request's method and path, its `Range` header if any, and the answer's status.
 */
export function curlExchanges(
  trace: string,
): Array<{ method: string; path: string; range: string | null; status: number }> {
  const exchanges: Array<{ method: string; path: string; range: string | null; status: number }> = [];
  let pending: { method: string; path: string; range: string | null } | null = null;
  for (const line of trace.split(/\r?\n/)) {
    const request = /^> ([A-Z]+) (\S*)/.exec(line);
    if (request) pending = { method: request[1]!, path: request[2]!, range: null };
    const range = /^Range: (.+)$/i.exec(line);
    if (range && pending) pending.range = range[1]!.trim();
    const status = /^< HTTP\/[\d.]+ (\d{3})/.exec(line);
    if (status && pending) {
      exchanges.push({ ...pending, status: Number(status[1]) });
      pending = null;
    }
  }
  return exchanges;
}
