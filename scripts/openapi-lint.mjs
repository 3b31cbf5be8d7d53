// `npm run check:openapi`: lints the server's OpenAPI document (what /api/docs/json serves) with
// Redocly CLI and the rules of redocly.yaml. The document is built by the application itself,
// every route registered, without a database or a listening port (apps/server/src/openapi-document.ts).
// `node scripts/openapi-lint.mjs FILE` also keeps the document in FILE. Exits non-zero on an error.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'satportal-openapi-lint-'));
const file = process.argv[2] ? resolve(process.argv[2]) : join(dir, 'openapi.json');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status;
try {
  status = run(process.execPath, ['--import', 'tsx', 'apps/server/src/openapi-document.ts', file]);
  if (status === 0) {
    const redocly = join(root, 'node_modules', '.bin', 'redocly');
    status = run(redocly, ['lint', '--config', join(root, 'redocly.yaml'), file]);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
