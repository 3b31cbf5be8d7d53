import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A built web application for the HTTP tests (`startHarness({ webDist })`): its `index.html` and
 * the given files under `assets/` (name → contents), in a folder removed after the test file.
 */
export function testWebDist(assets: Readonly<Record<string, string | Buffer>> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'satportal-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Satportal</title>');
  mkdirSync(join(dir, 'assets'));
  for (const [name, contents] of Object.entries(assets)) writeFileSync(join(dir, 'assets', name), contents);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
