import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractZipEntry, ZipEntryError } from './zip-entry';

/** A zip written as the packages are (streamed: sizes only in the central directory). */
function zipOf(entries: Array<{ name: string; bytes: Uint8Array; deflate: boolean }>): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      chunks.push(chunk);
      if (final) resolve(Buffer.concat(chunks));
    });
    for (const e of entries) {
      const entry = e.deflate ? new ZipDeflate(e.name, { level: 6 }) : new ZipPassThrough(e.name);
      zip.add(entry);
      entry.push(e.bytes, true);
    }
    zip.end();
  });
}

describe('extractZipEntry', () => {
  let dir: string;
  const stored = randomBytes(70_000);
  const deflated = strToU8('a compressible text '.repeat(5000));
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'zip-entry-'));
    const zip = await zipOf([
      { name: 'a.tif', bytes: stored, deflate: false },
      { name: 'b.json', bytes: deflated, deflate: true },
      { name: 'SHA256SUMS', bytes: strToU8('x'), deflate: true },
    ]);
    await writeFile(join(dir, 'p.zip'), zip);
    await writeFile(join(dir, 'not.zip'), randomBytes(1000));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('copies a stored entry and inflates a deflated one, byte for byte', async () => {
    await extractZipEntry(join(dir, 'p.zip'), 'a.tif', join(dir, 'a.tif'));
    expect((await readFile(join(dir, 'a.tif'))).equals(stored)).toBe(true);
    await extractZipEntry(join(dir, 'p.zip'), 'b.json', join(dir, 'b.json'));
    expect((await readFile(join(dir, 'b.json'))).equals(Buffer.from(deflated))).toBe(true);
  });

  it('refuses a missing entry and a file that is not a zip', async () => {
    await expect(extractZipEntry(join(dir, 'p.zip'), 'c.tif', join(dir, 'c.tif'))).rejects.toThrow(
      ZipEntryError,
    );
    await expect(extractZipEntry(join(dir, 'not.zip'), 'a.tif', join(dir, 'x.tif'))).rejects.toThrow(
      ZipEntryError,
    );
  });
});
