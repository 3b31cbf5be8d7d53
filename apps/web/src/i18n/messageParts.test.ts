import { describe, expect, it } from 'vitest';
import en from './en.json';
import { LaterMessageGroups, messagePart } from './messageParts';

/** Every application source file (not tests), read as text by Vite at test time. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function resolveImport(from: string, specifier: string): string | null {
  const base = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') base.pop();
    else if (part !== '.') base.push(part);
  }
  const path = base.join('/');
  for (const candidate of [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]) {
    if (candidate in sources) return candidate;
  }
  return null;
}

/**
 * The sources of the first load: everything main.tsx reaches by static imports and by dynamic
 * imports not wrapped in `withLaterMessages` (those chunks may render before the later part is in).
 */
function firstLoadSources(): Set<string> {
  const seen = new Set<string>();
  const queue = ['../main.tsx'];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = sources[file]!.replace(/withLaterMessages\(\s*\(\)\s*=>\s*import\('[^']+'\)\s*\)/g, '');
    const specifiers = [
      ...text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms),
      ...text.matchAll(/^import\s+'(\.[^']+)'/gm),
      ...text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g),
    ].map((m) => m[1]!);
    for (const specifier of specifiers) {
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

describe('message parts', () => {
  it('split en.json into two parts that together are the whole', () => {
    const first = messagePart(en, 'first');
    const later = messagePart(en, 'later');
    expect(Object.keys(later).sort()).toEqual([...LaterMessageGroups].sort());
    expect({ ...first, ...later }).toEqual(en);
    expect(Object.keys(first).some((group) => group in later)).toBe(false);
  });

  it('no code of the first load names a key of the later part', () => {
    const first = firstLoadSources();
    expect(first.has('../features/workspace/WorkspaceShell.tsx')).toBe(true);
    const code = (file: string) =>
      sources[file]!.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    const named = [...first].flatMap((file) =>
      LaterMessageGroups.filter((group) => new RegExp(`['"\`]${group}\\.`).test(code(file))).map(
        (group) => `${file}: ${group}`,
      ),
    );
    expect(named).toEqual([]);
  });
});
