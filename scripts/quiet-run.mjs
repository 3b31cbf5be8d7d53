// Runs a long set-up command (npm install, the web build) with its output in a log file and a line
// every 15 s that it is still going: a first `npm start` spent ~83 s in a silent install and then
// printed 160 lines of Vite's asset listing and its warnings (issue 28 #9). On failure the log's
// last lines are printed and the error is thrown.
import { execSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

const quote = (text) => `'${text.replaceAll("'", "'\\''")}'`;

/**
 * @param {string} command shell command
 * @param {{ cwd: string, log: string, doing: string, env?: NodeJS.ProcessEnv, everyS?: number }} options
 * @returns {number} seconds taken
 */
export function runQuietly(command, { cwd, log, doing, env = process.env, everyS = 15 }) {
  mkdirSync(dirname(log), { recursive: true });
  const started = Date.now();
  const script = `
    ( ${command} ) > ${quote(log)} 2>&1 &
    pid=$!
    s=0
    while kill -0 $pid 2>/dev/null; do
      sleep 1; s=$((s + 1))
      if [ $((s % ${everyS})) -eq 0 ]; then echo "[satportal] … still ${doing} (\${s} s)"; fi
    done
    wait $pid`;
  try {
    execSync(script, { cwd, env, shell: '/bin/bash', stdio: 'inherit' });
  } catch (error) {
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.error(lines.slice(-40).join('\n'));
    console.error(`[satportal] ${doing} failed; the whole output is in ${log}`);
    throw error;
  }
  return Math.round((Date.now() - started) / 1000);
}
