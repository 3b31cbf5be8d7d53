import type { Readable } from 'node:stream';

/** A stored object as read back: its bytes as a stream, its size and content type. */
export interface StoredObject {
  body: Readable;
  bytes: number;
  contentType: string;
}

/**
 * Where delivered files live (DESIGN: a local folder by default, S3-compatible when configured).
 * Keys are checked (`isValidObjectKey`): a bad key is refused with `InvalidObjectKeyError`, never
 * turned into a path. A `put` is whole or absent: readers never see a half-written object.
 */
export interface ObjectStore {
  /** Stores a file (streamed, never read into memory) or a buffer under `key`, replacing any. */
  put(
    key: string,
    source: { path: string } | Buffer,
    options: { contentType: string },
  ): Promise<{ bytes: number }>;
  /** The object, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix` (a plain string prefix, as S3's), sorted. */
  list(prefix: string): Promise<string[]>;
}
