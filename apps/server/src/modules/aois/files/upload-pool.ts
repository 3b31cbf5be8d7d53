import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { UploadExtension } from './read-file';
import { UploadRefused } from './upload-refused';
import { readUpload, type ScreenedFile, type UploadTask, type UploadTaskResult } from './upload-worker';

/**
 * Uploaded files are read off the request thread: parsing a 100,000-position GeoJSON and checking
 * its shapes took ~4 s of one event loop, during which no other request was answered. A small
 * pool of worker threads (piscina) reads them; idle threads never keep the process alive (piscina
 * unrefs idle workers).
 *
 * Memory (issue 26): a thread that read a large file keeps its grown heap while it lives, so idle
 * threads end after `IDLE_MS` (the heap goes back with the thread), and each thread's heap is capped (`HEAP_MB`): a file that would
 * need more ends its thread and is refused as unreadable, instead of growing the process.
 */
export interface UploadReader {
  /** The file's shapes, screened; throws `UploadRefused` for a file refused whole. */
  read(bytes: Uint8Array, extension: UploadExtension): Promise<ScreenedFile>;
}

/**
 * Idle threads end after this. Not much sooner: a new thread loads the readers and the contract
 * first (1–11 s on the shared 2-core machine, most of it the contract's schemas), which a user
 * uploading file after file should not wait for each time.
 */
export const IDLE_MS = 30_000;
/**
 * Old-generation heap of one reading thread. The largest files accepted (5 MB of GeoJSON with
 * 200,000 positions; a 50 MB KML of 5,000 Placemarks) need well under half of it.
 */
export const HEAP_MB = 512;

function unwrap(result: UploadTaskResult): ScreenedFile {
  if ('file' in result) return result.file;
  if ('refused' in result) throw new UploadRefused(result.refused.key, result.refused.params);
  throw new Error(`the upload could not be read: ${result.unreadable}`);
}

export class WorkerUploadReader implements UploadReader {
  private pool: Piscina<UploadTask, UploadTaskResult> | undefined;

  constructor(
    private readonly threads = Math.max(1, Math.min(4, availableParallelism() - 1)),
    /** tests make it small */
    private readonly heapMb = HEAP_MB,
  ) {}

  async read(bytes: Uint8Array, extension: UploadExtension): Promise<ScreenedFile> {
    this.pool ??= new Piscina({
      filename: new URL('./upload-worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb },
    });
    // The bytes are copied to the worker (structured clone): a Buffer of the multipart reader may
    // share its memory with others, so it is never transferred.
    const task: UploadTask = { bytes, extension };
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
