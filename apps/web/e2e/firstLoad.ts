import { gzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import type { Portal } from './driver';

/**
 * The map route's first load (issue 29): every script the browser fetches when a signed-in user
 * opens `/`, until the map is drawn and the network is idle, each gzipped at level 9 — what
 * `npm run bench:web` prints as (a) and the e2e budget check (first-load.spec.ts) holds.
 */
export interface LoadedScript {
  file: string;
  raw: number;
  gzip: number;
}

/**
 * The budget the check fails above, in KiB gzipped. Issue 29's target is 300; the first load
 * measured 411.9 when the check came (2026-11-29) and 389.4 once the language and base-map menus
 * loaded on first use (`shared/ui/LazyDropdown`), so the check holds that figure (rounded up)
 * against growth until further cuts bring it down: lower this with every cut, never raise it.
 */
export const firstLoadBudgetKiB = 390;
/** Issue 29's target, printed beside the figure. */
export const firstLoadTargetKiB = 300;

export async function firstLoadScripts(page: Page, portal: Portal): Promise<LoadedScript[]> {
  const scripts: Array<Promise<LoadedScript>> = [];
  const onResponse = (response: import('@playwright/test').Response) => {
    const file = new URL(response.url()).pathname;
    if (response.request().resourceType() !== 'script' && !file.endsWith('.js')) return;
    scripts.push(
      response.body().then((body) => ({ file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length })),
    );
  };
  page.on('response', onResponse);
  await portal.open('/');
  await expect(page.getByTestId('map').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // A script asked for in the last frames of the first paint still counts.
  await page.waitForTimeout(1000);
  page.off('response', onResponse);
  return (await Promise.all(scripts)).sort((a, b) => b.gzip - a.gzip);
}

export const kib = (bytes: number) => bytes / 1024;

/** The scripts, largest first, one line each: what a failure or the benchmark shows. */
export const describeScripts = (files: LoadedScript[]) =>
  files.map((f) => `${kib(f.gzip).toFixed(1).padStart(6)} KiB  ${f.file}`);
