import type { ApiKeyScope } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

/** The scopes offered when making a key, with their labels, in the order the server keeps them. */
export const scopeChoices: ReadonlyArray<{ scope: ApiKeyScope; labelKey: TranslationKey }> = [
  { scope: 'read', labelKey: 'apiKey.scopeRead' },
  { scope: 'write', labelKey: 'apiKey.scopeWrite' },
  { scope: 'order', labelKey: 'apiKey.scopeOrder' },
  { scope: 'tiles', labelKey: 'apiKey.scopeTiles' },
];

/** Expiry choices (days from now; null: never): presets need no time zone and no calendar. */
export const expiryChoices: ReadonlyArray<{ days: number | null; labelKey: TranslationKey }> = [
  { days: null, labelKey: 'apiKey.expiryNever' },
  { days: 30, labelKey: 'apiKey.expiry30' },
  { days: 90, labelKey: 'apiKey.expiry90' },
  { days: 365, labelKey: 'apiKey.expiry365' },
];

/** The `expiresAt` of a create request for a choice made at `now`. */
export const expiresAtOf = (days: number | null, now: Date): string | null =>
  days === null ? null : new Date(now.getTime() + days * 86_400_000).toISOString();

/** The text a list shows for a key: its prefix, the rest hidden. */
export const maskedKey = (prefix: string) => `${prefix}_••••••••`;
