import { runCli } from '../cli';

/**
 * Runs the operator CLI in this process, as `npm run cli` would, with these environment variables
 * set for the call and put back after (the CLI reads its configuration from the environment),
 * collecting the lines it prints.
 */
export async function runCliWith(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number; lines: string[]; text: string }> {
  const saved = Object.entries(env).map(([name]) => [name, process.env[name]] as const);
  Object.assign(process.env, env);
  const lines: string[] = [];
  try {
    const code = await runCli(args, (line) => lines.push(line));
    return { code, lines, text: lines.join('\n') };
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
