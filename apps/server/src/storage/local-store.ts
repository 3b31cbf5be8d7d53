import { mkdir, readdir, readFile as readText, rm, rmdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { removeLeftoverTemps, writeFileAtomically } from './atomic-file';
import { checkKeyPrefix, checkObjectKey } from './keys';
import { isMissing, readFile, statFile } from './local-file';
import type { ObjectInfo, ObjectStore, ReadOptions, StoredObject } from './types';

const DefaultContentType = 'application/octet-stream';
/** Temporary files older than this are leftovers of a killed writer, not a write in progress. */

/**
 * Objects as files in a folder (`DATA_DIR/objects` by default): `<dir>/data/<key>` holds the
 * bytes, `<dir>/.meta/<key>.json` the content type (a file system keeps no such metadata). Writes
 * go through `<dir>/.tmp` and a rename, so a key names a whole file or nothing. Keys never start a
 * segment with a dot, so neither folder can be reached through a key.
 */
export class LocalObjectStore implements ObjectStore {
  private readonly dataDir: string;
  private readonly metaDir: string;
  private readonly tempDir: string;
  private swept = false;

  constructor(readonly dir: string) {
    this.dataDir = join(dir, 'data');
    this.metaDir = join(dir, '.meta');
    this.tempDir = join(dir, '.tmp');
  }

  async put(key: string, source: { path: string } | Buffer, options: { contentType: string }) {
    checkObjectKey(key);
    await this.sweepOnce();
    // The content type first: a kill between the two leaves an unused meta file, never an object
    // without one.
    await writeFileAtomically(this.metaPath(key), JSON.stringify({ contentType: options.contentType }), {
      tempDir: this.tempDir,
    });
    const bytes = await writeFileAtomically(this.dataPath(key), source, { tempDir: this.tempDir });
    return { bytes };
  }

  async get(key: string, options?: ReadOptions): Promise<StoredObject | null> {
    checkObjectKey(key);
    return readFile(this.dataPath(key), () => this.contentTypeOf(key), options);
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkObjectKey(key);
    const info = await statFile(this.dataPath(key), DefaultContentType);
    return info && { ...info, contentType: await this.contentTypeOf(key) };
  }

  async exists(key: string): Promise<boolean> {
    checkObjectKey(key);
    return (await statFile(this.dataPath(key), DefaultContentType)) !== null;
  }

  async delete(key: string): Promise<void> {
    checkObjectKey(key);
    // A key naming a folder of other keys names no object here (nor on S3): nothing to delete.
    if (!(await this.exists(key))) return;
    await rm(this.dataPath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
    await pruneEmptyFolders(dirname(this.dataPath(key)), this.dataDir);
    await pruneEmptyFolders(dirname(this.metaPath(key)), this.metaDir);
  }

  async list(prefix: string): Promise<string[]> {
    checkKeyPrefix(prefix);
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const keys: string[] = [];
    await walk(join(this.dataDir, folder), async (file) => {
      const key = relative(this.dataDir, file).split(sep).join('/');
      if (key.startsWith(prefix)) keys.push(key);
    });
    return keys.sort();
  }

  private dataPath(key: string) {
    return join(this.dataDir, ...key.split('/'));
  }

  private metaPath(key: string) {
    return `${join(this.metaDir, ...key.split('/'))}.json`;
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      const meta = JSON.parse(await readText(this.metaPath(key), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DefaultContentType;
    } catch {
      return DefaultContentType;
    }
  }

  /**
   * Removes temporary files a killed writer left behind (once per process): those of processes
   * that are gone, and any old one (a writer's pid may have been reused).
   */
  private async sweepOnce() {
    if (this.swept) return;
    this.swept = true;
    await mkdir(this.tempDir, { recursive: true });
    await removeLeftoverTemps(this.tempDir);
  }
}

async function walk(folder: string, visit: (file: string) => Promise<void>): Promise<void> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (e) {
    if (isMissing(e)) return;
    throw e;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await walk(path, visit);
    else if (entry.isFile()) await visit(path);
  }
}

/** Removes folders left empty by a delete, up to (not including) the store's root. */
async function pruneEmptyFolders(folder: string, root: string): Promise<void> {
  let current = folder;
  while (current !== root && current.startsWith(root + sep)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or gone): stop climbing
    }
    current = dirname(current);
  }
}
