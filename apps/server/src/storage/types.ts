import type { Readable } from 'node:stream';

/** What a store knows of an object without reading it: size, type, version tag and time. */
export interface ObjectInfo {
  bytes: number;
  contentType: string;
  /**
   * A strong entity tag (RFC 9110 §8.8.3, quoted): the same tag means the same bytes, a replaced
   * object gets another. S3's own ETag; the local store's is made from the file's identity.
   */
  etag: string;
  /** when the object was last written (whole seconds on S3) */
  lastModified: Date;
}

/** Bytes `first` to `last` of an object, both included (HTTP's byte-range form, resolved). */
export interface ByteRange {
  first: number;
  last: number;
}

export interface ReadOptions {
  /** only these bytes; a range outside the object as it is now gives the whole object */
  range?: ByteRange;
  /**
   * The range only while the object is still this version (its `etag`): a replaced object is read
   * whole, so a range never mixes two versions (HTTP If-Range, resumed downloads).
   */
  ifMatch?: string;
}

/** A stored object as read back: its bytes (or the range's) as a stream, and what it is. */
export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** the bytes `body` holds when a range was read; null: the whole object */
  range: ByteRange | null;
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
  /** The object (or a range of it), or null when there is none under `key`. */
  get(key: string, options?: ReadOptions): Promise<StoredObject | null>;
  /** What `get` would read, without reading; null when there is no object under `key`. */
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Keys starting with `prefix` (a plain string prefix, as S3's), sorted. */
  list(prefix: string): Promise<string[]>;
}
