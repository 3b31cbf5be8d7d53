import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The text of a tile key: `<user id>.<key id>.<signature>`, the signature an HMAC-SHA256 of both.
 * Nothing of the key is stored but its key id: a key is checked by recomputing the signature and
 * then one lookup of the user's current key id, so a forged or altered key costs no query.
 */
export class TileKeyText {
  private secret: string | undefined;

  /** `secret`: Config.tiles.keySecret, or a function making one on first use (no file for the CLI). */
  constructor(private readonly secretSource: string | (() => string)) {}

  static newKeyId(): string {
    return randomBytes(12).toString('base64url');
  }

  sign(userId: number, keyId: string): string {
    return `${userId}.${keyId}.${this.signature(userId, keyId)}`;
  }

  /** The user and key id a key was signed for, or undefined for anything we did not sign. */
  read(text: string): { userId: number; keyId: string } | undefined {
    const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(text);
    if (!match) return undefined;
    const userId = Number(match[1]);
    const keyId = match[2]!;
    if (userId > 2_147_483_647) return undefined;
    // The texts are compared, not their decoded bytes: base64url's last character carries spare
    // bits a decoder ignores, so another spelling of the same bytes would pass as the key.
    const expected = Buffer.from(this.signature(userId, keyId));
    const given = Buffer.from(match[3]!);
    // Constant time: the answer's timing tells nothing of how much of a guess was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { userId, keyId };
  }

  private signature(userId: number, keyId: string): string {
    this.secret ??= typeof this.secretSource === 'string' ? this.secretSource : this.secretSource();
    return createHmac('sha256', this.secret).update(`tile-key\n${userId}\n${keyId}`).digest('base64url');
  }
}
