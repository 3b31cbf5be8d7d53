import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createInflateRaw } from 'node:zlib';

/**
 * Copies one entry of a zip file into a file of its own. Delivered packages store their COGs
 * uncompressed (so this is a plain ranged copy), but a deflated entry is inflated all the same.
 * Only the central directory is trusted for sizes and offsets: the packages' local headers carry
 * data descriptors, so their sizes there are zero.
 */

export class ZipEntryError extends Error {}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const TAIL = 22 + 0xffff;

interface EntryLocation {
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

async function findEntry(path: string, name: string): Promise<EntryLocation> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const tailLength = Math.min(size, TAIL);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let p = tailLength - 22; p >= 0; p--) {
      if (tail.readUInt32LE(p) === EOCD) {
        eocd = p;
        break;
      }
    }
    if (eocd < 0) throw new ZipEntryError('not a zip: no end of central directory');
    const count = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (cdOffset + cdSize > size) throw new ZipEntryError('central directory out of bounds');
    const cd = Buffer.alloc(cdSize);
    await file.read(cd, 0, cdSize, cdOffset);
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cdSize || cd.readUInt32LE(p) !== CENTRAL)
        throw new ZipEntryError('broken central directory');
      const method = cd.readUInt16LE(p + 10);
      const compressedSize = cd.readUInt32LE(p + 20);
      const nameLength = cd.readUInt16LE(p + 28);
      const extraLength = cd.readUInt16LE(p + 30);
      const commentLength = cd.readUInt16LE(p + 32);
      const localHeaderOffset = cd.readUInt32LE(p + 42);
      const entryName = cd.toString('utf8', p + 46, p + 46 + nameLength);
      if (entryName === name) {
        if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
          throw new ZipEntryError('zip64 entries are not supported');
        }
        return { method, compressedSize, localHeaderOffset };
      }
      p += 46 + nameLength + extraLength + commentLength;
    }
    throw new ZipEntryError(`no entry ${name}`);
  } finally {
    await file.close();
  }
}

/** Writes the entry `name` of the zip at `zipPath` to `target`. */
export async function extractZipEntry(zipPath: string, name: string, target: string): Promise<void> {
  const entry = await findEntry(zipPath, name);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipEntryError(`entry ${name}: compression method ${entry.method} is not supported`);
  }
  const header = Buffer.alloc(30);
  const file = await open(zipPath, 'r');
  try {
    await file.read(header, 0, 30, entry.localHeaderOffset);
  } finally {
    await file.close();
  }
  if (header.readUInt32LE(0) !== LOCAL) throw new ZipEntryError(`entry ${name}: no local header`);
  const start = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = createReadStream(zipPath, { start, end: start + entry.compressedSize - 1 });
  const out = createWriteStream(target);
  if (entry.method === 8) await pipeline(data, createInflateRaw(), out);
  else await pipeline(data, out);
}

/** Streams `body` into the file `target`, removing it when the copy fails. */
export async function saveStream(body: Readable, target: string): Promise<void> {
  try {
    await pipeline(body, createWriteStream(target));
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}
