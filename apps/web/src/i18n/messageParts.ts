/**
 * The messages come in two parts per language, so the map route's first load carries only what it
 * shows (issue 15: the initial JavaScript stays ≤ 400 KiB gzipped). `first` is loaded before the
 * first paint; `later` — the groups only panels, dialogs and result lists that load on demand
 * use — is loaded with each of those chunks (`withLaterMessages`). en.json and zh.json stay the
 * one source of every key; a Vite plugin (messagePartsPlugin) cuts them at build time.
 *
 * A group belongs here only if no code of the first load names it (checked by the unit test over
 * the sources those chunks are built from: see messageParts.test.ts).
 */
export const LaterMessageGroups = [
  'results',
  'noArchive',
  'cart',
  'order',
  'overlap',
  'account',
  'tip',
  'stereo',
  'upload',
  'tasking',
  'myData',
  'history',
  'download',
  'orderCentre',
  'subscribe',
  'subscriptionCentre',
  'notice',
] as const;

export type MessagePart = 'first' | 'later';

export function messagePart(bundle: Record<string, unknown>, part: MessagePart): Record<string, unknown> {
  const later = new Set<string>(LaterMessageGroups);
  return Object.fromEntries(
    Object.entries(bundle).filter(([group]) => later.has(group) === (part === 'later')),
  );
}

/** The virtual module of one part: `virtual:messages/en/first`. */
export const MessagesModulePrefix = 'virtual:messages/';
