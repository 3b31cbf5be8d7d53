/**
 * Where to go after logging in: back to the address the guard came from, query included (a link
 * to an order, a reload of a search: issue 28 #6), else home. Only a path of this site: never
 * the login page again, nor `//host`, which a browser reads as another site.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || /^\/[/\\]/.test(from)) return '/';
  return /^\/login(?:[/?#]|$)/.test(from) ? '/' : from;
}
