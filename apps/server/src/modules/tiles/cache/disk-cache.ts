import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A folder of cached files bounded in bytes: when a write takes it over `maxBytes`, the least
 * recently used files go first. Rendered tiles, quicklooks and extracted COGs live in such folders.
 *
 * - Survives restarts: the index (key → size, in use order) is rebuilt from the folder on first
 *   use, ordered by modification time, which a hit refreshes (at most once a minute per file, so
 *   hits cost no write each).
 * - Atomic: every file is written under a temporary name and renamed, so a reader sees a whole
 *   file or none, and a killed writer leaves a `.tmp` that the next start removes.
 * - Concurrent requests for one key share one `make` in this process; two processes sharing the
 *   folder may both make it, and the second rename harmlessly replaces the first's equal bytes.
 *   Each process bounds what it knows of, so several processes on one folder may together exceed
 *   the bound a little until one of them writes again.
 *
 * Keys are any strings (they are hashed into file names); callers put a renderer version into
 * them so a change of rendering never serves an old file.
 */

export interface DiskCacheOptions {
  dir: string;
  maxBytes: number;
  /**
   * Files read or written through `get`/`put` are also kept in memory, up to this many bytes
   * (issue 29: a cached tile sent as a file costs a read each time); 0 or absent: none. A file
   * larger than a 64th of it is not kept.
   */
  memoryMaxBytes?: number;
}

export interface DiskCacheStats {
  hits: number;
  misses: number;
  writes: number;
  evictions: number;
  writeErrors: number;
}

const TOUCH_INTERVAL_MS = 60_000;
const TMP = '.tmp';

export class DiskCache {
  readonly dir: string;
  readonly maxBytes: number;
  readonly stats: DiskCacheStats = { hits: 0, misses: 0, writes: 0, evictions: 0, writeErrors: 0 };
  /** hashed key → size and last touch; Map order is use order, oldest first */
  private readonly index = new Map<string, { bytes: number; touched: number }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private total = 0;
  private loading: Promise<void> | null = null;
  /** hashed key → bytes; Map order is use order, oldest first */
  private readonly memory = new Map<string, Buffer>();
  private memoryTotal = 0;
  private readonly memoryMaxBytes: number;

  constructor(options: DiskCacheOptions) {
    if (!(options.maxBytes > 0)) throw new RangeError('the cache bound must be positive');
    this.dir = options.dir;
    this.maxBytes = options.maxBytes;
    this.memoryMaxBytes = options.memoryMaxBytes ?? 0;
  }

  /** Bytes held in memory (`memoryMaxBytes`). */
  get memoryBytes(): number {
    return this.memoryTotal;
  }

  /** Bytes of the files this process knows in the folder. */
  get bytes(): number {
    return this.total;
  }

  get files(): number {
    return this.index.size;
  }

  /** The file of `key` (whether or not it exists). */
  pathOf(key: string): string {
    const hash = hashOf(key);
    return join(this.dir, hash.slice(0, 2), hash);
  }

  /** The cached bytes of `key`, or null. */
  async get(key: string): Promise<Buffer | null> {
    await this.ready();
    const hash = hashOf(key);
    const kept = this.memory.get(hash);
    if (kept) {
      // The same bytes as its file: a key names one content (callers version their keys).
      this.memory.delete(hash);
      this.memory.set(hash, kept);
      this.touch(hash);
      return kept;
    }
    const entry = this.index.get(hash);
    if (!entry) return null;
    try {
      const bytes = await readFile(this.pathFor(hash));
      this.touch(hash);
      this.remember(hash, bytes);
      return bytes;
    } catch {
      // Removed behind our back (another process's eviction): forget it.
      this.forget(hash);
      return null;
    }
  }

  /** The cached bytes of `key`, or those `make` gives, stored for next time (a failed store is counted, not thrown). */
  async getOrMake(key: string, make: () => Promise<Buffer>): Promise<{ bytes: Buffer; hit: boolean }> {
    const cached = await this.get(key);
    if (cached) {
      this.stats.hits++;
      return { bytes: cached, hit: true };
    }
    const pending = this.once(key, async () => {
      this.stats.misses++;
      const bytes = await make();
      await this.put(key, bytes).catch(() => {
        this.stats.writeErrors++;
      });
      return bytes;
    });
    return { bytes: await pending, hit: false };
  }

  /**
   * The path of `key`'s file, written first by `write(tempPath)` when absent (for files read in
   * place, such as a COG a GeoTIFF reader opens). An open file outlives its eviction on POSIX.
   */
  async fileOrMake(key: string, write: (tempPath: string) => Promise<void>): Promise<string> {
    await this.ready();
    const hash = hashOf(key);
    const path = this.pathFor(hash);
    if (this.index.has(hash)) {
      try {
        await stat(path);
        this.touch(hash);
        this.stats.hits++;
        return path;
      } catch {
        this.forget(hash);
      }
    }
    return this.once(key, async () => {
      this.stats.misses++;
      const temp = await this.tempPath(hash);
      try {
        await write(temp);
        const { size } = await stat(temp);
        await rename(temp, path);
        this.record(hash, size);
        return path;
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    });
  }

  /** Stores `bytes` under `key`, replacing any, then evicts down to the bound. */
  async put(key: string, bytes: Buffer): Promise<void> {
    await this.ready();
    const hash = hashOf(key);
    const temp = await this.tempPath(hash);
    try {
      await writeFile(temp, bytes);
      await rename(temp, this.pathFor(hash));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    this.record(hash, bytes.length);
    this.remember(hash, bytes);
  }

  private remember(hash: string, bytes: Buffer): void {
    if (bytes.length > this.memoryMaxBytes / 64) return;
    this.unremember(hash);
    this.memory.set(hash, bytes);
    this.memoryTotal += bytes.length;
    for (const [oldest, kept] of this.memory) {
      if (this.memoryTotal <= this.memoryMaxBytes) break;
      this.memory.delete(oldest);
      this.memoryTotal -= kept.length;
    }
  }

  private unremember(hash: string): void {
    const kept = this.memory.get(hash);
    if (!kept) return;
    this.memory.delete(hash);
    this.memoryTotal -= kept.length;
  }

  /** Reads the folder again (what a restart does); for tests and the benchmark. */
  async reload(): Promise<void> {
    this.index.clear();
    this.memory.clear();
    this.memoryTotal = 0;
    this.total = 0;
    this.loading = null;
    await this.ready();
  }

  private once<T>(key: string, task: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const started = task().finally(() => this.inflight.delete(key));
    this.inflight.set(key, started);
    return started;
  }

  private pathFor(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash);
  }

  private async tempPath(hash: string): Promise<string> {
    const folder = join(this.dir, hash.slice(0, 2));
    await mkdir(folder, { recursive: true });
    return join(folder, `${hash}.${process.pid}-${randomBytes(6).toString('hex')}${TMP}`);
  }

  private record(hash: string, bytes: number): void {
    this.forget(hash);
    this.index.set(hash, { bytes, touched: Date.now() });
    this.total += bytes;
    this.stats.writes++;
    this.evict();
  }

  private forget(hash: string): void {
    this.unremember(hash);
    const entry = this.index.get(hash);
    if (!entry) return;
    this.index.delete(hash);
    this.total -= entry.bytes;
  }

  private touch(hash: string): void {
    const entry = this.index.get(hash);
    if (!entry) return;
    this.index.delete(hash);
    this.index.set(hash, entry);
    const now = Date.now();
    if (now - entry.touched < TOUCH_INTERVAL_MS) return;
    entry.touched = now;
    const seconds = now / 1000;
    utimes(this.pathFor(hash), seconds, seconds).catch(() => {});
  }

  private evict(): void {
    for (const [hash, entry] of this.index) {
      if (this.total <= this.maxBytes) return;
      this.index.delete(hash);
      this.total -= entry.bytes;
      this.unremember(hash);
      this.stats.evictions++;
      rm(this.pathFor(hash), { force: true }).catch(() => {});
    }
  }

  private ready(): Promise<void> {
    this.loading ??= this.scan();
    return this.loading;
  }

  /** The folder's files, oldest use first; leftovers of killed writers are removed. */
  private async scan(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const found: Array<{ hash: string; bytes: number; used: number }> = [];
    for (const folder of await readdir(this.dir, { withFileTypes: true })) {
      if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue;
      const folderPath = join(this.dir, folder.name);
      for (const name of await readdir(folderPath)) {
        const path = join(folderPath, name);
        if (name.endsWith(TMP)) {
          // A temp file of a live writer of another process is younger than a minute.
          const info = await stat(path).catch(() => null);
          if (info && Date.now() - info.mtimeMs > TOUCH_INTERVAL_MS) await rm(path, { force: true });
          continue;
        }
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const info = await stat(path).catch(() => null);
        if (info?.isFile()) found.push({ hash: name, bytes: info.size, used: info.mtimeMs });
      }
    }
    found.sort((a, b) => a.used - b.used);
    for (const f of found) {
      if (this.index.has(f.hash)) continue; // written meanwhile by this process
      this.index.set(f.hash, { bytes: f.bytes, touched: f.used });
      this.total += f.bytes;
    }
    this.evict();
  }
}

const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');
