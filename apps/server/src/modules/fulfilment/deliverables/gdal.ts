import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type initGdalJs from 'gdal3.js';

/**
 * GDAL compiled to WebAssembly (gdal3.js), loaded once per thread. Its calls are synchronous
 * WebAssembly and hold the thread for the whole conversion (≈ 1 s per scene), which is why
 * the deliverables run it in worker threads (`raster-pool.ts`), never on the server's event
 * loop. Inputs and outputs live in its in-memory file system (emscripten MEMFS) under one job
 * folder each; the imagery folder is mounted read-only-by-use through NODEFS. Nothing is
 * written to the real disk from here: the caller gets bytes.
 */

export type Gdal = Awaited<ReturnType<typeof initGdalJs>>;
export type GdalDataset = Awaited<ReturnType<Gdal['open']>>['datasets'][number];

interface EmscriptenFs {
  mkdir(path: string): void;
  writeFile(path: string, data: string | Uint8Array): void;
  readFile(path: string): Uint8Array;
  readdir(path: string): string[];
  unlink(path: string): void;
  rmdir(path: string): void;
  mount(type: unknown, options: { root: string }, mountpoint: string): void;
}
interface GdalModule {
  FS: EmscriptenFs;
  NODEFS: unknown;
}

const require = createRequire(import.meta.url);
let loading: Promise<Gdal> | null = null;
const mounts = new Map<string, string>();
const messages: string[] = [];

/** This thread's GDAL (≈ 0.4–0.9 s the first time). */
export function loadGdal(): Promise<Gdal> {
  loading ??= (async () => {
    const init = require('gdal3.js/node') as typeof initGdalJs;
    const packageDir = join(dirname(require.resolve('gdal3.js/node')), 'dist', 'package');
    // gdal3.js reads its data file at `./${path}`: an absolute path would become cwd-relative.
    return init({
      path: relative(process.cwd(), packageDir) || '.',
      logHandler: () => {},
      errorHandler: (message: string) => {
        messages.push(message);
        if (messages.length > 20) messages.shift();
      },
    });
  })();
  return loading;
}

const moduleOf = (gdal: Gdal): GdalModule => (gdal as unknown as { Module: GdalModule }).Module;

/** GDAL's path of a real folder (mounted on first use). */
export function mountFolder(gdal: Gdal, folder: string): string {
  let point = mounts.get(folder);
  if (!point) {
    const { FS, NODEFS } = moduleOf(gdal);
    point = `/mnt${mounts.size}`;
    FS.mkdir(point);
    FS.mount(NODEFS, { root: folder }, point);
    mounts.set(folder, point);
  }
  return point;
}

/** The last messages GDAL wrote to stderr (for an error report). */
export const recentGdalMessages = (): string => messages.slice(-5).join(' | ');

/**
 * A job folder in GDAL's memory: `/output/<id>` (gdal3.js writes its results under /output,
 * addressed by a name relative to it). Removed, with everything in it, by `dispose`.
 */
export class GdalJob {
  readonly id = randomUUID();
  readonly dir = `/output/${this.id}`;
  private readonly datasets: GdalDataset[] = [];

  constructor(readonly gdal: Gdal) {
    this.fs.mkdir(this.dir);
  }

  private get fs(): EmscriptenFs {
    return moduleOf(this.gdal).FS;
  }

  /** Writes a file into the job folder; returns its GDAL path. */
  write(name: string, data: string | Uint8Array): string {
    const path = `${this.dir}/${name}`;
    this.fs.writeFile(path, data);
    return path;
  }

  read(path: string): Uint8Array {
    return this.fs.readFile(path);
  }

  async open(path: string): Promise<GdalDataset> {
    const result = await this.gdal.open(path);
    const dataset = result.datasets[0];
    if (!dataset) throw new Error(`GDAL cannot open ${path}: ${JSON.stringify(result.errors)}`);
    this.datasets.push(dataset);
    return dataset;
  }

  /** The output name gdal3.js wants for a file of the job folder (no extension). */
  outputName(name: string): string {
    return `${this.id}/${name}`;
  }

  async dispose(): Promise<void> {
    for (const dataset of this.datasets.splice(0)) await this.gdal.close(dataset);
    for (const name of this.fs.readdir(this.dir)) {
      if (name !== '.' && name !== '..') this.fs.unlink(`${this.dir}/${name}`);
    }
    this.fs.rmdir(this.dir);
  }
}

/** A gdal3.js rejection (a `{no, message}` object, not an Error) as an Error. */
export function gdalError(step: string, error: unknown): Error {
  const detail =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error && 'message' in error
        ? String((error as { message: unknown }).message)
        : String(error);
  return new Error(`GDAL ${step} failed: ${detail} ${recentGdalMessages()}`.trim());
}
