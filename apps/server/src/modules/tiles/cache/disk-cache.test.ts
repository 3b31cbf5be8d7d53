import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskCache } from './disk-cache';

/** Every file under `dir` and their summed size. */
async function folderBytes(dir: string): Promise<{ files: string[]; bytes: number }> {
  const files: string[] = [];
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push(path);
    bytes += (await stat(path)).size;
  }
  return { files, bytes };
}

describe('DiskCache', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'disk-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, finds and makes once for concurrent requests of one key', async () => {
    const cache = new DiskCache({ dir, maxBytes: 10_000 });
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((r) => setTimeout(r, 20));
      return Buffer.from('tile-bytes');
    };
    const [a, b] = await Promise.all([cache.getOrMake('k', make), cache.getOrMake('k', make)]);
    expect(made).toBe(1);
    expect(a.bytes.toString()).toBe('tile-bytes');
    expect(b.bytes.toString()).toBe('tile-bytes');
    const again = await cache.getOrMake('k', make);
    expect(again.hit).toBe(true);
    expect(made).toBe(1);
    expect(await cache.get('other')).toBeNull();
  });

  it('keeps the folder under its bound, evicting the least recently used', async () => {
    const cache = new DiskCache({ dir, maxBytes: 3000 });
    for (let i = 0; i < 10; i++) await cache.put(`tile-${i}`, Buffer.alloc(1000, i));
    // The oldest read again is kept over the ones written after it.
    await cache.put('a', Buffer.alloc(1000, 1));
    await cache.put('b', Buffer.alloc(1000, 2));
    expect(await cache.get('a')).not.toBeNull();
    await cache.put('c', Buffer.alloc(1000, 3));
    await cache.put('d', Buffer.alloc(1000, 4));
    await new Promise((r) => setTimeout(r, 50)); // evictions remove files in the background
    const { files, bytes } = await folderBytes(dir);
    expect(bytes).toBeLessThanOrEqual(3000);
    expect(files).toHaveLength(3);
    expect(cache.bytes).toBe(3000);
    expect(await cache.get('a')).not.toBeNull();
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('c')).not.toBeNull();
    expect(await cache.get('d')).not.toBeNull();
    expect(cache.stats.evictions).toBe(11);
  });

  it('rebuilds its index from the folder after a restart, oldest use evicted first', async () => {
    const first = new DiskCache({ dir, maxBytes: 10_000 });
    await first.put('old', Buffer.alloc(1000));
    await first.put('new', Buffer.alloc(1000));
    const past = Date.now() / 1000 - 3600;
    await utimes(first.pathOf('old'), past, past);
    // A killed writer's leftover is removed at start.
    const leftover = `${first.pathOf('new')}.999999-abcdef.tmp`;
    await writeFile(leftover, 'half');
    await utimes(leftover, past, past);

    const second = new DiskCache({ dir, maxBytes: 1500 });
    expect((await second.get('new'))?.length).toBe(1000);
    expect(await second.get('old')).toBeNull();
    expect(second.bytes).toBe(1000);
    await new Promise((r) => setTimeout(r, 50));
    expect((await folderBytes(dir)).files).toEqual([second.pathOf('new')]);
  });

  it('writes files read in place atomically, once', async () => {
    const cache = new DiskCache({ dir, maxBytes: 10_000 });
    let writes = 0;
    const write = async (temp: string) => {
      writes++;
      await writeFile(temp, 'cog');
    };
    const [a, b] = await Promise.all([cache.fileOrMake('cog', write), cache.fileOrMake('cog', write)]);
    expect(a).toBe(b);
    expect(writes).toBe(1);
    expect(await cache.fileOrMake('cog', write)).toBe(a);
    expect(writes).toBe(1);
    await expect(
      cache.fileOrMake('broken', async (temp) => {
        await writeFile(temp, 'half');
        throw new Error('source gone');
      }),
    ).rejects.toThrow('source gone');
    expect((await folderBytes(dir)).files).toEqual([a]);
  });

  it('keeps small files in memory within its own bound: answered without a read, evicted with the file', async () => {
    const cache = new DiskCache({ dir, maxBytes: 10_000, memoryMaxBytes: 6_400 });
    await cache.put('a', Buffer.alloc(100, 1));
    await cache.put('big', Buffer.alloc(101, 2)); // over a 64th of the memory bound: disk only
    expect(cache.memoryBytes).toBe(100);
    // Gone from the disk behind its back (another process's eviction): still the same bytes.
    await rm(cache.pathOf('a'));
    expect(await cache.get('a')).toEqual(Buffer.alloc(100, 1));
    await rm(cache.pathOf('big'));
    expect(await cache.get('big')).toBeNull();
    // The memory's bound drops the least recently used.
    for (let i = 0; i < 70; i++) await cache.put(`t${i}`, Buffer.alloc(100, i));
    expect(cache.memoryBytes).toBeLessThanOrEqual(6_400);
    expect(await cache.get('a')).toBeNull();
    // Evicted from the folder (its bound), a file leaves the memory as well.
    const small = new DiskCache({ dir: join(dir, 'small'), maxBytes: 250, memoryMaxBytes: 64_000 });
    for (const k of ['x', 'y', 'z']) await small.put(k, Buffer.alloc(100, 7));
    expect(small.memoryBytes).toBe(200);
    expect(await small.get('x')).toBeNull();
    // A restart holds nothing in memory; a file read from the disk is kept again.
    await small.reload();
    expect(small.memoryBytes).toBe(0);
    expect(await small.get('z')).toEqual(Buffer.alloc(100, 7));
    expect(small.memoryBytes).toBe(100);
  });
});
