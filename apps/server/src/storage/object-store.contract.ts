import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { InvalidObjectKeyError, MaxObjectKeyLength } from './keys';
import type { ObjectStore } from './types';

// The behaviour every ObjectStore shares: the local folder and the S3 store run the same tests.

export const hostileKeys = [
  '',
  '../outside',
  'a/../../outside',
  '/etc/passwd',
  'a//b',
  'a/b/',
  '.hidden',
  'a/./b',
  'a\\..\\b',
  'a/%2e%2e/b',
  'a%2Fb',
  'nul\u0000byte',
  'line\nbreak',
  'space name',
  'k'.repeat(MaxObjectKeyLength + 1),
];

const read = (body: Readable) => buffer(body);

export function objectStoreContract(name: string, open: () => ObjectStore) {
  describe(`${name}: the ObjectStore contract`, () => {
    const scratch = mkdtempSync(join(tmpdir(), 'store-contract-'));
    const unique = () => `t-${randomBytes(6).toString('hex')}`;

    it('stores a buffer and gives back the same bytes, size and content type', async () => {
      const store = open();
      const key = `${unique()}/package.zip`;
      const bytes = randomBytes(3000);
      expect(await store.exists(key)).toBe(false);
      expect(await store.put(key, bytes, { contentType: 'application/zip' })).toEqual({ bytes: 3000 });
      expect(await store.exists(key)).toBe(true);
      const got = await store.get(key);
      expect(got?.bytes).toBe(3000);
      expect(got?.contentType).toBe('application/zip');
      expect((await read(got!.body)).equals(bytes)).toBe(true);
    });

    it('streams a file in, small and large (a multipart upload on S3)', async () => {
      const store = open();
      for (const size of [1, 200_000, 9 * 1024 * 1024 + 17]) {
        const path = join(scratch, `source-${size}`);
        const bytes = randomBytes(size);
        writeFileSync(path, bytes);
        const key = `${unique()}/scene_L1C.tif`;
        expect(await store.put(key, { path }, { contentType: 'image/tiff' })).toEqual({ bytes: size });
        const got = await store.get(key);
        expect(got?.bytes).toBe(size);
        expect(got?.contentType).toBe('image/tiff');
        expect((await read(got!.body)).equals(bytes)).toBe(true);
      }
    });

    it('replaces an object put again under the same key', async () => {
      const store = open();
      const key = `${unique()}/a.json`;
      await store.put(key, Buffer.from('first'), { contentType: 'text/plain' });
      await store.put(key, Buffer.from('second, longer'), { contentType: 'application/json' });
      const got = await store.get(key);
      expect(got?.contentType).toBe('application/json');
      expect((await read(got!.body)).toString()).toBe('second, longer');
      expect(got?.bytes).toBe(14);
    });

    it('answers null, false and nothing for a key with no object', async () => {
      const store = open();
      const key = `${unique()}/missing.zip`;
      expect(await store.get(key)).toBeNull();
      expect(await store.exists(key)).toBe(false);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('finds no object under a key that is only the folder of others', async () => {
      const store = open();
      const folder = unique();
      await store.put(`${folder}/inner/a.zip`, Buffer.from('a'), { contentType: 'application/zip' });
      expect(await store.get(`${folder}/inner`)).toBeNull();
      expect(await store.exists(`${folder}/inner`)).toBe(false);
      await store.delete(`${folder}/inner`);
      expect(await store.list(`${folder}/`)).toEqual([`${folder}/inner/a.zip`]);
    });

    it('deletes an object', async () => {
      const store = open();
      const folder = unique();
      await store.put(`${folder}/a`, Buffer.from('a'), { contentType: 'text/plain' });
      await store.put(`${folder}/b`, Buffer.from('b'), { contentType: 'text/plain' });
      await store.delete(`${folder}/a`);
      expect(await store.get(`${folder}/a`)).toBeNull();
      expect(await store.exists(`${folder}/a`)).toBe(false);
      expect(await store.list(`${folder}/`)).toEqual([`${folder}/b`]);
    });

    it('lists the keys under a prefix, sorted, as a plain string prefix', async () => {
      const store = open();
      const root = unique();
      const keys = [`${root}/SP1/x.zip`, `${root}/SP10/y.zip`, `${root}/SP1/deep/z.tif`, `${root}/SP2/w.zip`];
      for (const key of keys) await store.put(key, Buffer.from(key), { contentType: 'text/plain' });
      expect(await store.list(`${root}/SP1`)).toEqual([
        `${root}/SP1/deep/z.tif`,
        `${root}/SP1/x.zip`,
        `${root}/SP10/y.zip`,
      ]);
      expect(await store.list(`${root}/SP1/`)).toEqual([`${root}/SP1/deep/z.tif`, `${root}/SP1/x.zip`]);
      expect(await store.list(`${root}/`)).toHaveLength(4);
      expect(await store.list(`${unique()}/`)).toEqual([]);
    });

    it('tells size, type, version tag and time without reading (head), and reads a byte range', async () => {
      const store = open();
      const key = `${unique()}/package.zip`;
      const bytes = randomBytes(3000);
      expect(await store.head(key)).toBeNull();
      await store.put(key, bytes, { contentType: 'application/zip' });
      const info = await store.head(key);
      expect(info).toMatchObject({ bytes: 3000, contentType: 'application/zip' });
      // A strong entity tag (RFC 9110 §8.8.3): quoted, no W/ prefix.
      expect(info!.etag).toMatch(/^"[\x21\x23-\x7e]+"$/);
      expect(Math.abs(info!.lastModified.getTime() - Date.now())).toBeLessThan(120_000);
      expect(await store.head(key)).toEqual(info);
      // (Not 0-0: s3rver reads `bytes=0-0` as the whole object, which the S3 store then answers whole.)
      for (const [first, last] of [
        [1, 1],
        [0, 99],
        [100, 199],
        [2990, 2999],
        [0, 2999],
      ] as const) {
        const part = await store.get(key, { range: { first, last }, ifMatch: info!.etag });
        expect(part).toMatchObject({ bytes: 3000, etag: info!.etag, range: { first, last } });
        expect((await read(part!.body)).equals(bytes.subarray(first, last + 1)), `${first}-${last}`).toBe(
          true,
        );
      }
      const whole = await store.get(key);
      expect(whole).toMatchObject({ bytes: 3000, etag: info!.etag, range: null });
      expect(whole!.lastModified).toEqual(info!.lastModified);
      expect((await read(whole!.body)).equals(bytes)).toBe(true);
    });

    it('gives the whole object, not the range, when it is no longer the version asked for', async () => {
      const store = open();
      const key = `${unique()}/package.zip`;
      await store.put(key, randomBytes(2000), { contentType: 'application/zip' });
      const old = (await store.head(key))!;
      const replaced = randomBytes(2500);
      await store.put(key, replaced, { contentType: 'application/zip' });
      const now = (await store.head(key))!;
      expect(now.etag).not.toBe(old.etag);
      expect(now.bytes).toBe(2500);
      const got = await store.get(key, { range: { first: 10, last: 19 }, ifMatch: old.etag });
      expect(got).toMatchObject({ bytes: 2500, etag: now.etag, range: null });
      expect((await read(got!.body)).equals(replaced)).toBe(true);
      // A range past the end of the object as it is now: the whole object too.
      const past = await store.get(key, { range: { first: 2400, last: 2600 }, ifMatch: now.etag });
      expect(past?.range).toBeNull();
      expect((await read(past!.body)).length).toBe(2500);
    });

    it('refuses hostile keys on every call and writes nothing', async () => {
      const store = open();
      const before = await store.list('');
      for (const key of hostileKeys) {
        await expect(store.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(
          InvalidObjectKeyError,
        );
        await expect(store.get(key), key).rejects.toThrow(InvalidObjectKeyError);
        await expect(store.head(key), key).rejects.toThrow(InvalidObjectKeyError);
        await expect(store.exists(key), key).rejects.toThrow(InvalidObjectKeyError);
        await expect(store.delete(key), key).rejects.toThrow(InvalidObjectKeyError);
      }
      for (const prefix of ['../', '/etc', 'a//', '.meta/']) {
        await expect(store.list(prefix), prefix).rejects.toThrow(InvalidObjectKeyError);
      }
      expect(await store.list('')).toEqual(before);
    });

    it('stores nothing under the key when the source cannot be read', async () => {
      const store = open();
      const key = `${unique()}/broken.zip`;
      await expect(
        store.put(key, { path: join(scratch, 'no-such-file') }, { contentType: 'application/zip' }),
      ).rejects.toThrow();
      expect(await store.exists(key)).toBe(false);
      expect(await store.get(key)).toBeNull();
    });
  });
}
