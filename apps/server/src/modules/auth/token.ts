import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe; only the SHA-256 digest is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');
