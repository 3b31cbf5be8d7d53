/**
 * Object keys: what a key may look like, checked before any store sees it. The local store turns a
 * key into a path and a download link carries one in its URL, so a key is kept to a plain,
 * portable shape: `/`-separated segments of letters, digits, `.`, `_`, `-`, none starting with a
 * dot (no `..`, no hidden files, no clash with the store's own `.tmp` and `.meta` folders).
 */
export const MaxObjectKeyLength = 512;

const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidObjectKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > MaxObjectKeyLength) return false;
  return key.split('/').every((s) => segment.test(s));
}

/** A key prefix for `list`: empty, or the start of a valid key (a whole folder or a part of a name). */
export function isValidKeyPrefix(prefix: string): boolean {
  if (prefix === '') return true;
  if (prefix.length > MaxObjectKeyLength) return false;
  const segments = prefix.split('/');
  // A trailing slash leaves an empty last segment: "all under this folder".
  if (segments.at(-1) === '') segments.pop();
  return segments.every((s) => segment.test(s));
}

export class InvalidObjectKeyError extends Error {
  constructor(key: string) {
    super(`invalid object key: ${JSON.stringify(key.slice(0, 100))}`);
  }
}

export function checkObjectKey(key: string): string {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
  return key;
}

export function checkKeyPrefix(prefix: string): string {
  if (!isValidKeyPrefix(prefix)) throw new InvalidObjectKeyError(prefix);
  return prefix;
}
