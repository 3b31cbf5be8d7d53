import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { UploadExtension } from './read-file';
import { UploadRefused } from './upload-refused';
import { readUpload, type ScreenedFile, type UploadTask, type UploadTaskResult } from './upload-worker';

/**
 * Uploaded files are read off the request thread: parsing a 100,000-position GeoJSON and checking
 * its shapes took ~4 s of one event loop, during which no other request was answered. A small
 * pool of worker threads (piscina) reads them; idle threads end after a minute and never keep
 * the process alive (piscina unrefs idle workers).
 */
export interface UploadReader {
  /** The file's shapes, screened; throws `UploadRefused` for a file refused whole. */
  read(bytes: Uint8Array, extension: UploadExtension): Promise<ScreenedFile>;
}

function unwrap(result: UploadTaskResult): ScreenedFile {
  if ('file' in result) return result.file;
  if ('refused' in result) throw new UploadRefused(result.refused.key, result.refused.params);
  throw new Error(`the upload could not be read: ${result.unreadable}`);
}

export class WorkerUploadReader implements UploadReader {
  private pool: Piscina<UploadTask, UploadTaskResult> | undefined;

  constructor(
    private readonly threads = Math.max(1, Math.min(4, availableParallelism() - 1)),
    private readonly maxVertices?: number,
  ) {}

  async read(bytes: Uint8Array, extension: UploadExtension): Promise<ScreenedFile> {
    this.pool ??= new Piscina({
      filename: new URL('./upload-worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
    });
    // The bytes are copied to the worker (structured clone): a Buffer of the multipart reader may
    // share its memory with others, so it is never transferred.
    const task: UploadTask = {
      bytes,
      extension,
      ...(this.maxVertices ? { maxVertices: this.maxVertices } : {}),
    };
    return unwrap(await this.pool.run(task));
  }

  /** Ends the threads (the process ends without this too). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

/** Reads on the calling thread: the CLI's and tests' choice when a thread would only cost. */
export const inThreadUploadReader: UploadReader = {
  async read(bytes, extension) {
    return unwrap(readUpload({ bytes, extension }));
  },
};

/** The server's reader (one pool per process). */
export const uploadReader = new WorkerUploadReader();
