import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DownloadLinks, linkParameters, maxLinkExpires, sharedLinkSecret } from './links';

const key = 'orders/SP20261125000001/7/SP20261125000001_7_L1C.zip';
const until = new Date('2030-01-01T00:00:00Z');
const partsOf = (link: string) => {
  const url = new URL(link, 'http://x');
  return {
    path: url.pathname,
    expires: Number(url.searchParams.get('Expires')),
    signature: url.searchParams.get('Signature')!,
  };
};

describe('download links', () => {
  const links = new DownloadLinks('a secret', 7);

  it('signs the key and its expiry into /api/v1/oss/<key>?Expires&Signature', () => {
    const { path, expires, signature } = partsOf(links.link(key, until));
    expect(path).toBe(`/api/v1/oss/${key}`);
    expect(expires).toBe(until.getTime() / 1000);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(links.check(key, expires, signature, new Date('2029-12-31T23:59:59Z'))).toBe('valid');
  });

  it('refuses another key, another expiry, another secret, then the passing of Expires', () => {
    const { expires, signature } = partsOf(links.link(key, until));
    const before = new Date('2029-06-01T00:00:00Z');
    expect(links.check(`${key}x`, expires, signature, before)).toBe('badSignature');
    expect(links.check(key, expires + 1, signature, before)).toBe('badSignature');
    expect(new DownloadLinks('another secret', 7).check(key, expires, signature, before)).toBe(
      'badSignature',
    );
    expect(links.check(key, expires, signature.slice(0, 62), before)).toBe('badSignature');
    expect(links.check(key, expires, signature, until)).toBe('expired');
  });

  it('reads Expires and Signature only as the server spells them (linkParameters)', () => {
    const query = links.link(key, until).split('?')[1]!;
    const { expires, signature } = partsOf(links.link(key, until));
    expect(linkParameters(query)).toEqual({ expires, signature });
    expect(linkParameters(`Signature=${signature}&Expires=${expires}`)).toEqual({ expires, signature });
    expect(linkParameters(`Expires=0&Signature=${signature}`)).toEqual({ expires: 0, signature });
    expect(linkParameters(`Expires=${maxLinkExpires}&Signature=${signature}`)).toEqual({
      expires: maxLinkExpires,
      signature,
    });
    const s = signature;
    for (const other of [
      '',
      `Expires=${expires}`,
      `Signature=${s}`,
      `Expires=${expires}.0&Signature=${s}`,
      `Expires=+${expires}&Signature=${s}`,
      `Expires=-0&Signature=${s}`,
      `Expires=0${expires}&Signature=${s}`,
      `Expires= ${expires}&Signature=${s}`,
      `Expires=%20${expires}&Signature=${s}`,
      `Expires=${expires}e0&Signature=${s}`,
      `Expires=0x10&Signature=${s}`,
      `Expires=${maxLinkExpires + 1}&Signature=${s}`,
      `Expires=99999999999999999999&Signature=${s}`,
      `Expires=${expires}&Signature=%${s.charCodeAt(0).toString(16)}${s.slice(1)}`,
      `Expires=${expires}&Signature=${s.toUpperCase()}`,
      `Expires=${expires}&Signature=${s}0`,
      `Expires=${expires}&Expires=${expires}&Signature=${s}`,
      `Expires=${expires}&Signature=${s}&Signature=${s}`,
      `Expires=${expires}&Signature=${s}&`,
      `&Expires=${expires}&Signature=${s}`,
      `Expires=${expires}&Signature=${s}&x=1`,
      `expires=${expires}&Signature=${s}`,
      `Expires&Signature=${s}`,
      `Expires=${expires}&Signature=${s}=`,
    ]) {
      expect(linkParameters(other), other).toBeNull();
    }
  });

  it('ends a package linkDays after delivery', () => {
    expect(links.expiryOf(new Date('2026-11-25T08:00:00Z')).toISOString()).toBe('2026-12-02T08:00:00.000Z');
  });

  it('makes the shared secret once, private, only when first needed, and reads it back after', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'link-secret-'));
    const lazy = new DownloadLinks(() => sharedLinkSecret(dataDir), 7);
    const path = join(dataDir, 'secrets', 'link-secret');
    expect(existsSync(path)).toBe(false);
    const link = lazy.link(key, until);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'secrets')).mode & 0o777).toBe(0o700);
    // Another process over the same folder: the same secret, so it accepts the first one's links.
    const other = new DownloadLinks(() => sharedLinkSecret(dataDir), 7);
    const { expires, signature } = partsOf(link);
    expect(other.check(key, expires, signature, new Date('2029-01-01'))).toBe('valid');
    expect(sharedLinkSecret(dataDir)).toMatch(/^[0-9a-f]{64}$/);
  });
});
