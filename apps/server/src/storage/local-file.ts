import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import type { ByteRange, ObjectInfo, ReadOptions, StoredObject } from './types';

/**
 * Reading one local file as a stored object, ranges included: the local store's objects and the
 * tile services' cached COGs share it.
 */

/**
 * A strong entity tag for a file as it is: its device, inode, size and modification time in
 * nanoseconds, hashed (no inode number leaves the server). Every write here is a new file renamed
 * into place, so new bytes always mean a new inode and time, and an unchanged file keeps its tag.
 */
export function fileEtag(info: BigIntStats): string {
  const identity = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`;
  return `"${createHash('sha256').update(identity).digest('hex').slice(0, 32)}"`;
}

function infoOf(info: BigIntStats, contentType: string): ObjectInfo {
  return {
    bytes: Number(info.size),
    contentType,
    etag: fileEtag(info),
    lastModified: new Date(Number(info.mtimeMs)),
  };
}

export function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The file's size, tag and time; null when there is no file at `path`. */
export async function statFile(path: string, contentType: string): Promise<ObjectInfo | null> {
  try {
    const info = await stat(path, { bigint: true });
    return info.isFile() ? infoOf(info, contentType) : null;
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
}

/** Whether `range` lies inside `bytes` bytes. */
const inside = (range: ByteRange, bytes: number) =>
  Number.isSafeInteger(range.first) &&
  Number.isSafeInteger(range.last) &&
  range.first >= 0 &&
  range.first <= range.last &&
  range.last < bytes;

/**
 * The file at `path` (or `options.range` of it), streamed; null when there is none. Size, tag and
 * bytes come from the one open file: a concurrent replace cannot mix two versions.
 */
export async function readFile(
  path: string,
  contentType: () => Promise<string>,
  options: ReadOptions = {},
): Promise<StoredObject | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
  try {
    const stats = await handle.stat({ bigint: true });
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    const info = infoOf(stats, await contentType());
    const { range, ifMatch } = options;
    const applies = range && inside(range, info.bytes) && (ifMatch === undefined || ifMatch === info.etag);
    // The stream owns the handle from here: it closes it when read to the end or destroyed.
    const body = applies
      ? handle.createReadStream({ start: range.first, end: range.last })
      : handle.createReadStream();
    return { ...info, body, range: applies ? { first: range.first, last: range.last } : null };
  } catch (e) {
    await handle.close();
    throw e;
  }
}
