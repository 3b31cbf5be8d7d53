import { crc32 } from 'node:zlib';
import { AoiUploadLimits } from '@satportal/contract';
import { Inflate } from 'fflate';
import { UploadRefused } from './upload-refused';

/**
 * A zip reader for hostile input (KMZ, zipped shapefiles). It reads the central directory
 * itself so that every entry's declared size is known before anything is inflated, refuses
 * archives whose declared content is too large or too compressed, and then inflates in small
 * chunks while counting, so an entry that inflates beyond what it declared (a lying header)
 * is stopped at once. Refusals are `UploadRefused` with `upload.*` keys.
 */

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localHeaderOffset: number;
}

export interface ZipLimits {
  maxUnzippedBytes: number;
  maxRatio: number;
  maxEntries: number;
  /** below this total the ratio is not checked: small archives cannot hurt */
  ratioFloorBytes: number;
}

export const defaultZipLimits: ZipLimits = {
  maxUnzippedBytes: AoiUploadLimits.maxUnzippedBytes,
  maxRatio: AoiUploadLimits.maxZipRatio,
  maxEntries: AoiUploadLimits.maxZipEntries,
  ratioFloorBytes: 1024 * 1024,
};

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** inflating 4 KiB at a time bounds what one step can produce to about 4 MiB */
const CHUNK = 4096;

const bad = (detail: string) => new UploadRefused('upload.badZip', { detail });

/** Lists the entries of a zip from its central directory, refusing what must not be inflated. */
export function readZipDirectory(bytes: Uint8Array, limits: ZipLimits = defaultZipLimits): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad('no end of central directory');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw new UploadRefused('upload.zipUnsupported');
  if (count > limits.maxEntries) {
    throw new UploadRefused('upload.zipTooManyEntries', { limit: limits.maxEntries });
  }
  if (cdOffset + cdSize > eocd) throw bad('central directory out of bounds');

  const entries: ZipEntry[] = [];
  let p = cdOffset;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > eocd || view.getUint32(p, true) !== CENTRAL) throw bad('broken central directory');
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const crc = view.getUint32(p + 16, true);
    const compressedSize = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const localHeaderOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLength > eocd) throw bad('broken central directory');
    const nameBytes = bytes.subarray(p + 46, p + 46 + nameLength);
    // Bit 11: UTF-8 names; older tools wrote their code page, read here as Latin-1.
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes);
    p += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) throw new UploadRefused('upload.zipEncrypted');
    if (compressedSize === 0xffffffff || size === 0xffffffff) {
      // ZIP64 sizes: more than 4 GiB declared, far beyond any limit.
      throw new UploadRefused('upload.zipTooLarge', { limit: limits.maxUnzippedBytes });
    }
    if (name.endsWith('/')) continue; // a folder
    if (method !== 0 && method !== 8) throw new UploadRefused('upload.zipUnsupported', { method });
    total += size;
    if (total > limits.maxUnzippedBytes) {
      throw new UploadRefused('upload.zipTooLarge', { limit: limits.maxUnzippedBytes });
    }
    entries.push({ name, method, compressedSize, size, crc, localHeaderOffset });
  }
  if (total > limits.ratioFloorBytes && total > bytes.length * limits.maxRatio) {
    throw new UploadRefused('upload.zipRatio', { limit: limits.maxRatio });
  }
  return entries;
}

/**
 * Inflates one entry, counting: never more than it declared (the directory's total was
 * checked), and its CRC must match.
 */
export function extractZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw bad('broken local header');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw bad('entry out of bounds');
  const compressed = bytes.subarray(start, end);

  let out: Uint8Array;
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw bad('stored entry size mismatch');
    out = compressed.slice();
  } else {
    out = new Uint8Array(entry.size);
    let written = 0;
    // Thrown inside `push`, so inflating stops at the first chunk past the declared size.
    const inflater = new Inflate((chunk) => {
      if (written + chunk.length > entry.size) {
        // `inflated`: how far it got, which shows (and tests) that it stopped there
        throw new UploadRefused('upload.zipSizeMismatch', {
          entry: entry.name,
          inflated: written + chunk.length,
        });
      }
      out.set(chunk, written);
      written += chunk.length;
    });
    try {
      for (let i = 0; i < compressed.length; i += CHUNK) {
        const last = i + CHUNK >= compressed.length;
        inflater.push(compressed.subarray(i, i + CHUNK), last);
      }
      if (compressed.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (e) {
      if (e instanceof UploadRefused) throw e;
      throw bad(`cannot inflate ${entry.name}`);
    }
    if (written !== entry.size) throw bad(`${entry.name} is shorter than declared`);
  }
  if (crc32(out) >>> 0 !== entry.crc >>> 0) throw bad(`${entry.name} fails its checksum`);
  return out;
}

/** The entries whose names pass `wanted`, inflated; the directory is checked first. */
export function unzipBounded(
  bytes: Uint8Array,
  wanted: (name: string) => boolean = () => true,
  limits: ZipLimits = defaultZipLimits,
): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const entry of readZipDirectory(bytes, limits)) {
    if (wanted(entry.name)) files.set(entry.name, extractZipEntry(bytes, entry));
  }
  return files;
}
