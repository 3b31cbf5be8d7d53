import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; only the SHA-256 digest is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The tile credential of a session: derived one-way from the session token, so that the cookie
 * scoped to `/tiles/` opens only tiles, and a leaked tile cookie never reveals the session token.
 * The browser's `/me` call (made at every start) can set it again from its bearer token alone.
 */
export const tileTokenOf = (sessionToken: string) =>
  createHash('sha256').update(`satportal-tiles\0${sessionToken}`).digest('base64url');
