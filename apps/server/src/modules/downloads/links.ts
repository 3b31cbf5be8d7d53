import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiBase } from '@satportal/contract';

/** What a link check found: good, or why not. */
export type LinkCheck = 'valid' | 'badSignature' | 'expired';

/**
 * A secret kept in `DATA_DIR/secrets/<name>` (0600), made once: several server processes sharing
 * the folder sign and check with the same secret, and links survive restarts. The file is written
 * under a temporary name and hard-linked into place, which fails if another process got there
 * first — then its secret is the one read. `name`: one secret per use (download links, tile keys),
 * so one leaked never forges the other.
 */
export function sharedLinkSecret(dataDir: string, name = 'link-secret'): string {
  const folder = join(dataDir, 'secrets');
  const path = join(folder, name);
  const read = () => readFileSync(path, 'utf8').trim();
  try {
    return read();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temp = join(folder, `.${name}-${process.pid}-${randomBytes(6).toString('hex')}`);
  writeFileSync(temp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    rmSync(temp, { force: true });
  }
  return read();
}

/** The largest `Expires` taken: the last second a JavaScript date can hold (8.64e15 ms). */
export const maxLinkExpires = 8_640_000_000_000;

/** A link's parameters as the server checks them. */
export interface LinkParameters {
  expires: number;
  signature: string;
}

/**
 * `Expires` and `Signature` from a link's query exactly as sent (not percent-decoded), or null for
 * any spelling the server does not write (issue 26): each once and nothing else, `Expires` decimal
 * digits without a sign, leading zero, fraction, space or escape, at most `maxLinkExpires`;
 * `Signature` 64 lower-case hex digits. Nothing else could be forged, but one value has one link.
 */
export function linkParameters(query: string): LinkParameters | null {
  const found = new Map<string, string>();
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    if (eq < 0 || (name !== 'Expires' && name !== 'Signature') || found.has(name)) return null;
    found.set(name, part.slice(eq + 1));
  }
  const expires = found.get('Expires') ?? '';
  const signature = found.get('Signature') ?? '';
  if (!/^(?:0|[1-9][0-9]{0,12})$/.test(expires) || Number(expires) > maxLinkExpires) return null;
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;
  return { expires: Number(expires), signature };
}

/**
 * Signed download links (`GET oss/`): `/api/v1/oss/<key>?Expires=<unix s>&Signature=<hex>`, the
 * signature an HMAC-SHA256 of the key and the expiry. The link is a capability that ends; the
 * session still decides who may use it (the order's owner only).
 */
export class DownloadLinks {
  private secret: string | undefined;

  /**
   * @param secret `Config.fulfilment.linkSecret`, or a function that makes one when first needed
   *   (`sharedLinkSecret`), so composing services for a CLI command writes no file.
   * @param linkDays how long a delivered package stays downloadable (`DOWNLOAD_LINK_DAYS`).
   */
  constructor(
    private readonly secretSource: string | (() => string),
    readonly linkDays: number,
  ) {}

  /** When a package delivered at `deliveredAt` stops being downloadable. */
  expiryOf(deliveredAt: Date): Date {
    return new Date(deliveredAt.getTime() + this.linkDays * 86_400_000);
  }

  /** The link to the object under `key`, good until `expiresAt` (whole seconds). */
  link(key: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${ApiBase}/oss/${path}?Expires=${expires}&Signature=${this.signature(key, expires)}`;
  }

  /** Signature first, then expiry: an altered link says only that it is not ours. */
  check(key: string, expires: number, signature: string, now = new Date()): LinkCheck {
    const expected = Buffer.from(this.signature(key, expires), 'hex');
    const given = Buffer.from(signature, 'hex');
    // Compared in constant time: the answer's timing tells nothing of how much of it was right.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'badSignature';
    return expires * 1000 <= now.getTime() ? 'expired' : 'valid';
  }

  private signature(key: string, expires: number): string {
    this.secret ??= typeof this.secretSource === 'string' ? this.secretSource : this.secretSource();
    // A key never holds a newline (storage/keys.ts), so key and expiry cannot be shifted across it.
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('hex');
  }
}
