import { createHash, randomBytes } from 'node:crypto';
import { apiPath } from '@satportal/contract';
import { parse as parseDisposition } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from '../../test/harness';
import {
  type ArchiveWorld,
  archiveOrder,
  expectCode,
  searchOf,
  send,
  startArchiveWorld,
} from '../orders/test-helpers';

// GET oss/: the order's owner downloads a delivered package by its signed link; nobody else, and
// no altered, expired or hostile link, gets anything — and no refusal changes anything.

let h: Harness;
let w: ArchiveWorld;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let stranger: Awaited<ReturnType<Harness['signedIn']>>;
let orderId: number;
let termsIds: string[];
const bytes = randomBytes(150_000);
const future = () => new Date(Date.now() + 3 * 86_400_000);

/** Marks a terms entry delivered with a package under `key` that ends at `expiresAt`. */
async function deliver(termsId: string, key: string | null, expiresAt: Date | null, state = 5) {
  await h.pool.query(
    `UPDATE order_terms SET state = $2, package_key = $3, package_bytes = $4, package_expires_at = $5
      WHERE id = $1`,
    [termsId, state, key, key ? bytes.length : null, expiresAt],
  );
}

async function download(url: string, token?: string) {
  const r = await h.app.inject({
    method: 'GET',
    url,
    remoteAddress: h.remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return r;
}

/** Everything a refusal could have changed: the terms rows and the stored objects. */
async function snapshot() {
  const { rows } = await h.pool.query(
    'SELECT id, state, package_key, package_bytes, package_expires_at, updated_at FROM order_terms WHERE order_id = $1 ORDER BY id',
    [orderId],
  );
  return { rows, objects: await h.services.objectStore.list('') };
}

let key: string;

beforeAll(async () => {
  ({ h, w } = await startArchiveWorld());
  owner = await h.signedIn();
  stranger = await h.signedIn();
  const taskId = await searchOf(h, owner.token, w);
  const placed = await send(h, 'POST', '/orders/archive', owner.token, archiveOrder(w, { taskId }, [10]));
  expectCode(placed, 2000);
  const { orderNumber, orderId: id } = placed.body.data.list[0];
  orderId = id;
  const { rows } = await h.pool.query<{ id: string }>(
    'SELECT id FROM order_terms WHERE order_id = $1 ORDER BY position',
    [orderId],
  );
  termsIds = rows.map((r) => r.id);
  key = `orders/${orderNumber}/${termsIds[0]}/${orderNumber}_${termsIds[0]}_L1C.zip`;
  await h.services.objectStore.put(key, bytes, { contentType: 'application/zip' });
});

describe('GET oss/ (signed package download)', () => {
  it("gives the owner the package's bytes with its type, length and file name", async () => {
    await deliver(termsIds[0]!, key, future());
    const link = h.services.downloadLinks.link(key, future());
    const r = await download(link, owner.token);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(createHash('sha256').update(r.rawPayload).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-length']).toBe(String(bytes.length));
    expect(parseDisposition(String(r.headers['content-disposition']))).toEqual({
      type: 'attachment',
      parameters: { filename: key.split('/').at(-1) },
    });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('offers the link in the order detail while the package lasts, then none', async () => {
    const expiresAt = future();
    await deliver(termsIds[0]!, key, expiresAt);
    await deliver(termsIds[1]!, null, null, -2);
    let detail = await send(h, 'POST', '/orders/detail', owner.token, { id: orderId });
    expectCode(detail, 2000);
    const [first, second] = detail.body.data.oi.od.ippis;
    expect(first.pkgUrl).toBe(h.services.downloadLinks.link(key, expiresAt));
    expect(first.pkgUrl).toMatch(
      new RegExp(
        `^/api/v1/oss/${key}\\?Expires=${Math.floor(expiresAt.getTime() / 1000)}&Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(second.pkgUrl).toBeNull();
    // The link of the detail is one the route takes.
    expect((await download(first.pkgUrl, owner.token)).statusCode).toBe(200);

    await deliver(termsIds[0]!, key, new Date(Date.now() - 1000));
    detail = await send(h, 'POST', '/orders/detail', owner.token, { id: orderId });
    expect(detail.body.data.oi.od.ippis[0].pkgUrl).toBeNull();
    expect(detail.body.data.oi.od.ippis[0].expires).not.toBeNull();

    // Only a complete entry has a link, even with a package key set.
    await deliver(termsIds[0]!, key, future(), 4);
    detail = await send(h, 'POST', '/orders/detail', owner.token, { id: orderId });
    expect(detail.body.data.oi.od.ippis[0].pkgUrl).toBeNull();
  });

  it("refuses another user's download of the owner's package as if it did not exist", async () => {
    await deliver(termsIds[0]!, key, future());
    const before = await snapshot();
    const link = h.services.downloadLinks.link(key, future());
    const r = await download(link, stranger.token);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 4004, message: 'download.notFound' });
    const unknown = await download(
      h.services.downloadLinks.link('orders/SP1/1/SP1_1_L1C.zip', future()),
      owner.token,
    );
    expect(unknown.json()).toEqual(r.json());
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a tampered, an expired and an unsigned link, and a call without a session', async () => {
    await deliver(termsIds[0]!, key, future());
    const before = await snapshot();
    const link = h.services.downloadLinks.link(key, future());
    const signature = link.split('Signature=')[1]!;
    const flipped = `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`;

    const tampered = await download(link.replace(signature, flipped), owner.token);
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ code: 4003, message: 'download.badSignature' });

    // A later Expires with the old signature: the signature covers the expiry too.
    const expires = Number(/Expires=(\d+)/.exec(link)![1]);
    const extended = await download(
      link.replace(`Expires=${expires}`, `Expires=${expires + 86_400}`),
      owner.token,
    );
    expect(extended.json()).toMatchObject({ code: 4003, message: 'download.badSignature' });

    // Another object's signature on this key.
    const other = h.services.downloadLinks.link('orders/SP1/1/other.zip', future());
    const swapped = await download(`${link.split('?')[0]}?${other.split('?')[1]}`, owner.token);
    expect(swapped.json()).toMatchObject({ code: 4003, message: 'download.badSignature' });

    const expired = await download(
      h.services.downloadLinks.link(key, new Date(Date.now() - 60_000)),
      owner.token,
    );
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ code: 4100, message: 'download.expired' });

    const unsigned = await download(link.split('?')[0]!, owner.token);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe(4000);

    const anonymous = await download(link);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(3001);
    expect(await snapshot()).toEqual(before);
  });

  it('takes only the spelling of a link the server writes: no other spelling of Expires or Signature', async () => {
    await deliver(termsIds[0]!, key, future());
    const before = await snapshot();
    const link = h.services.downloadLinks.link(key, future());
    const [path, query] = link.split('?') as [string, string];
    const expires = /Expires=(\d+)/.exec(query)![1]!;
    const signature = /Signature=([0-9a-f]+)/.exec(query)![1]!;
    const percent = (text: string) =>
      [...text].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('');
    const variants = [
      `Expires=${expires}.0&Signature=${signature}`,
      `Expires=+${expires}&Signature=${signature}`,
      `Expires=%2B${expires}&Signature=${signature}`,
      `Expires=0${expires}&Signature=${signature}`,
      `Expires=00${expires}&Signature=${signature}`,
      `Expires=%20${expires}&Signature=${signature}`,
      `Expires=${expires}%20&Signature=${signature}`,
      `Expires=${expires.slice(0, 2)}${percent(expires.slice(2, 3))}${expires.slice(3)}&Signature=${signature}`,
      `Expires=${expires}&Signature=${percent(signature.slice(0, 1))}${signature.slice(1)}`,
      `Expires=${expires}&Signature=${percent(signature)}`,
      `Expires=${expires}&Signature=${signature.toUpperCase()}`,
      `Expires=${expires}&Expires=${expires}&Signature=${signature}`,
      `Expires=${expires}&Signature=${signature}&Signature=${signature}`,
      `Expires=${expires}&Signature=${signature}&`,
      `Expires=${expires}&Signature=${signature}&x=1`,
      `Exp%69res=${expires}&Signature=${signature}`,
    ];
    for (const variant of variants) {
      const r = await download(`${path}?${variant}`, owner.token);
      expect([400, 403], `${variant}: ${r.body.slice(0, 200)}`).toContain(r.statusCode);
      expect(r.rawPayload.includes(bytes.subarray(0, 64)), variant).toBe(false);
    }
    // The canonical link, parameters in either order, still opens.
    expect((await download(link, owner.token)).statusCode).toBe(200);
    const swapped = await download(`${path}?Signature=${signature}&Expires=${expires}`, owner.token);
    expect(swapped.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a valid link once the package's own end has passed", async () => {
    await deliver(termsIds[0]!, key, new Date(Date.now() - 1000));
    const r = await download(h.services.downloadLinks.link(key, future()), owner.token);
    expect(r.statusCode).toBe(410);
    expect(r.json()).toMatchObject({ code: 4100, message: 'download.expired' });
  });

  it('refuses hostile keys (dot segments, encoded slashes, very long) and serves nothing', async () => {
    await deliver(termsIds[0]!, key, future());
    const before = await snapshot();
    const sign = (k: string) => h.services.downloadLinks.link(k, future()).split('?')[1]!;
    const hostile = [
      `${key}/../../../../etc/passwd`,
      `orders/..%2F..%2F..%2Fetc%2Fpasswd`,
      `orders%2F${key.slice('orders/'.length).replaceAll('/', '%2F')}`,
      `orders/%2e%2e/%2e%2e/secrets/link-secret`,
      `.meta/${key}.json`,
      `${key}%00.zip`,
      `${'k'.repeat(600)}/${key}`,
      `${'a/'.repeat(300)}x.zip`,
    ];
    for (const path of hostile) {
      const r = await download(`${apiPath('/oss/*').replace('*', '')}${path}?${sign(key)}`, owner.token);
      expect([400, 403, 404], `${path}: ${r.body.slice(0, 200)}`).toContain(r.statusCode);
      expect(r.json().code, path).toBeGreaterThanOrEqual(4000);
      expect(r.rawPayload.includes(bytes.subarray(0, 64)), path).toBe(false);
      // Signed for the hostile text itself, it is still nothing. (Dot segments may be resolved
      // before routing, leaving another key the signature does not cover: refused either way.)
      const signedForIt = await download(
        `${apiPath('/oss/*').replace('*', '')}${path}?${sign(path)}`,
        owner.token,
      );
      expect([403, 404], path).toContain(signedForIt.statusCode);
      expect(signedForIt.rawPayload.includes(bytes.subarray(0, 64)), path).toBe(false);
    }
    // The same keys as they are, past any URL handling, with their own valid signatures.
    for (const raw of [...hostile, `${key}/../../../etc/passwd`, `../${key}`, `/${key}`, `${key}\n`]) {
      const expires = Math.floor(future().getTime() / 1000);
      const signature = new URLSearchParams(sign(raw)).get('Signature')!;
      await expect(
        h.services.downloads.open(owner.userId, raw, { expires, signature }),
        raw,
      ).rejects.toMatchObject({ code: 4004, messageKey: 'download.notFound' });
    }
    expect(await snapshot()).toEqual(before);
  });
});
