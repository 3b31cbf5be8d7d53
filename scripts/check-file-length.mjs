// The layout's rule that a source file stays under 400 lines (DESIGN §6, issue 29): every file
// git knows (or would add) under a `src/` folder of the apps and the contract, but for the data files listed
// below with why each is data. Prints each file over the limit; exits non-zero if there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const maxLines = 400;

/** Data, not code: tables, fixtures, schemas and messages whose length is their content. */
export const dataFiles = [
  // Every user-facing string, one key a line (en and zh have the same keys).
  /^apps\/web\/src\/i18n\/(en|zh)\.json$/,
  // Real files the tests read (AOI uploads: shapefiles, KML, GeoJSON; STAC items of Sentinel-2).
  /\/fixtures\//,
  // The STAC and GeoJSON JSON Schemas, copied from their projects with their licences.
  /^apps\/server\/src\/modules\/stac\/schemas\//,
  // The constellation: each real satellite's published figures, a table of 30-odd entries.
  /^apps\/server\/src\/modules\/catalogue\/constellation\.ts$/,
];

export function sourceFiles() {
  const listed = execFileSync(
    'git',
    [
      'ls-files',
      '-z',
      '--cached',
      '--others',
      '--exclude-standard',
      '--',
      'apps/*/src/*',
      'packages/*/src/*',
    ],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return listed
    .split('\0')
    .filter((f) => f && existsSync(resolve(root, f)) && !dataFiles.some((d) => d.test(f)));
}

export function linesOf(file) {
  const text = readFileSync(resolve(root, file), 'utf8');
  return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const over = sourceFiles()
    .map((file) => ({ file, lines: linesOf(file) }))
    .filter((f) => f.lines > maxLines);
  for (const f of over) console.error(`${f.file}: ${f.lines} lines (at most ${maxLines})`);
  if (over.length) {
    console.error(
      `${over.length} file(s) over ${maxLines} lines: split them (or list a data file in scripts/check-file-length.mjs)`,
    );
    process.exit(1);
  }
  console.log(`file length: every source file under src/ has at most ${maxLines} lines`);
}
