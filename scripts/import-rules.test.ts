import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import checker (`npm run check:imports`, `.dependency-cruiser.cjs`) really fails on what
 * its rules forbid: each case builds a small tree with one deliberate violation and runs the
 * checker on it, as CI runs it on ours.
 */
const root = join(import.meta.dirname, '..');
const config = join(root, '.dependency-cruiser.cjs');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function check(files: Record<string, string>): { status: number; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const r = spawnSync(depcruise, ['--config', config, 'apps'], { cwd: dir, encoding: 'utf8' });
  return { status: r.status ?? 1, output: `${r.stdout}${r.stderr}` };
}

// Each case starts the checker as a process: seconds each on a loaded 2-core machine.
describe('the import rules', { timeout: 120_000 }, () => {
  it('pass a tree that keeps them', () => {
    const r = check({
      'apps/server/src/http/app.ts': "import { x } from './types';\nexport const app = x;\n",
      'apps/server/src/http/types.ts': 'export const x = 1;\n',
      'apps/server/src/modules/a/a.routes.ts':
        "import { app } from '../../http/app';\nexport const r = app;\n",
    });
    expect(r.output).toContain('no dependency violations');
    expect(r.status).toBe(0);
  });

  it('fail on a deliberately added cycle', () => {
    const r = check({
      'apps/server/src/modules/a/a.ts': "import { b } from '../b/b';\nexport const a = b;\n",
      'apps/server/src/modules/b/b.ts': "import { a } from '../a/a';\nexport const b = () => a;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('no-cycles');
  });

  it('fail when http/ imports a module', () => {
    const r = check({
      'apps/server/src/http/app.ts': "import { r } from '../modules/a/a.routes';\nexport const app = r;\n",
      'apps/server/src/modules/a/a.routes.ts': 'export const r = 1;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('http-knows-no-module');
  });

  it('fail when production code imports the simulator, or a module past its index', () => {
    const r = check({
      'apps/server/src/modules/tasking/p.ts':
        "import { s } from '../simulator/s';\nimport { t } from '../tiles/tiles.service';\nexport const p = s + t;\n",
      'apps/server/src/modules/simulator/s.ts': 'export const s = 1;\n',
      'apps/server/src/modules/tiles/tiles.service.ts': 'export const t = 1;\n',
      'apps/server/src/modules/tiles/index.ts': "export { t } from './tiles.service';\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('simulator-is-demo-data');
    expect(r.output).toContain('modules-through-their-index');
  });

  it('fail when map/ imports a feature', () => {
    const r = check({
      'apps/web/src/map/MapController.ts': "import { f } from '../features/search/f';\nexport const m = f;\n",
      'apps/web/src/features/search/f.ts': 'export const f = 1;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('map-knows-no-feature');
  });

  it('fail when a feature imports the workspace shell, or the map engine imports React glue', () => {
    const r = check({
      'apps/web/src/features/search/f.ts': "import { w } from '../workspace/w';\nexport const f = w;\n",
      'apps/web/src/features/workspace/w.ts': 'export const w = 1;\n',
      'apps/web/src/map/MapController.ts': "import { h } from './react/useMapEvents';\nexport const m = h;\n",
      'apps/web/src/map/react/useMapEvents.ts': 'export const h = 1;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('workspace-only-from-app');
    expect(r.output).toContain('map-core-without-react');
  });
});
