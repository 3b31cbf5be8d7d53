import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Signing secrets and signatures of the Standard Webhooks specification (standardwebhooks.com):
 * a secret is `whsec_` + base64 of random bytes (32 here; the specification asks 24 to 64), a
 * signature `v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`.
 */

const prefix = 'whsec_';

/** A new endpoint secret as the customer copies it. */
export function newSecret(): string {
  return `${prefix}${randomBytes(32).toString('base64')}`;
}

/** What the list shows of a secret: enough to tell two apart, nothing to sign with. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, prefix.length + 4)}…`;
}

/** The `v1,<base64>` signature of one message with one secret (`whsec_…`). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The secrets at rest: AES-256-GCM under the server's webhook key. A secret must be readable to
 * sign with, so it cannot be hashed like a password; encrypted, a copy of the database (a backup,
 * a dump) reveals no secret without the key, which lives outside it (`WEBHOOK_SECRET_KEY`, or a
 * file made once in `DATA_DIR/secrets`). The endpoint's owner is the associated data, so a stored
 * secret copied into another user's row does not decrypt.
 */
export class SecretBox {
  private key: Buffer | undefined;

  /** @param keySource the key text (any length: its SHA-256 is the AES key), or a function making it. */
  constructor(private readonly keySource: string | (() => string)) {}

  seal(secret: string, userId: number): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.aesKey(), iv);
    cipher.setAAD(Buffer.from(`webhook:${userId}`));
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
      .join(':');
  }

  open(sealed: string, userId: number): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined)
      throw new Error('unknown webhook secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.aesKey(), Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(`webhook:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }

  private aesKey(): Buffer {
    this.key ??= createHash('sha256')
      .update(typeof this.keySource === 'string' ? this.keySource : this.keySource())
      .digest();
    return this.key;
  }
}

/** A message id: `msg_` + 22 base64url characters (128 random bits), never holding a dot. */
export function newEventId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}
