import type { ParseKeys } from 'i18next';

/** A key of en.json, checked by the compiler (e.g. for keys kept in tables rather than in `t()`). */
export type TranslationKey = ParseKeys;

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a nested translation file as a dotted key. */
export function flattenKeys(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') keys.set(key, value);
    else for (const [k, v] of flattenKeys(value, key)) keys.set(k, v);
  }
  return keys;
}

/** The `{{name}}` placeholders of a message, sorted, so both languages can be compared. */
export const placeholdersOf = (message: string): string[] =>
  [...message.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/** Keys used literally in source: in t() calls (also i18n.t) and as titleKey, labelKey, messageKey or hintKey. */
export function keysUsedIn(source: string): string[] {
  const pattern = /(?:\bt\(\s*|\b(?:titleKey|labelKey|messageKey|hintKey)\s*:\s*)['"]([\w.]+)['"]/g;
  return [...source.matchAll(pattern)].map((m) => m[1] ?? '');
}
