import { describe, expect, it } from 'vitest';
import { TileKeyText } from './tile-key-text';

describe('TileKeyText', () => {
  it('refuses every other spelling of a signature, even one that decodes to the same bytes', () => {
    const keys = new TileKeyText('a secret');
    // A SHA-256 in base64url is 43 characters: the last holds 4 bits and 2 spare ones, so the
    // characters after it in the alphabet (up to 3 of them) decode to the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let userId = 1; userId <= 40; userId++) {
      const keyId = TileKeyText.newKeyId();
      const key = keys.sign(userId, keyId);
      expect(keys.read(key)).toEqual({ userId, keyId });
      const last = alphabet.indexOf(key.at(-1)!);
      for (const other of [last + 1, last + 2, last + 3].filter((i) => i < 64 && i % 4 !== 0)) {
        expect(keys.read(`${key.slice(0, -1)}${alphabet[other]}`)).toBeUndefined();
      }
    }
  });
});
