import { createHash, randomBytes } from 'node:crypto';
import { ApiKeyPattern, ApiKeyPrefix } from '@satportal/contract';

/**
 * The text of an API key: `spk_` + an 8-character visible id + `_` + 256 random bits (base64url).
 * The prefix lets secret scanners find leaked keys and the server tell a key from a session token
 * (43 characters, no prefix: `ApiKeyPattern` matches no session token); the visible id lets users
 * tell their keys apart. Only the SHA-256 digest of the whole text is stored.
 */
export interface NewApiKeyText {
  text: string;
  visibleId: string;
  digest: string;
}

export const digestApiKey = (text: string) => createHash('sha256').update(text).digest('hex');

export function newApiKeyText(): NewApiKeyText {
  const visibleId = randomBytes(4).toString('hex');
  const text = `${ApiKeyPrefix}${visibleId}_${randomBytes(32).toString('base64url')}`;
  return { text, visibleId, digest: digestApiKey(text) };
}

/** Whether a credential is written as an API key (never a session token or a tile key). */
export const isApiKeyText = (text: string) => ApiKeyPattern.test(text);

/** What a list shows of a key's text: its prefix and visible id, never the secret. */
export const prefixOf = (visibleId: string) => `${ApiKeyPrefix}${visibleId}`;
