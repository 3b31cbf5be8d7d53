import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config';
import { checkKeyPrefix, checkObjectKey } from './keys';
import type { ByteRange, ObjectInfo, ObjectStore, ReadOptions, StoredObject } from './types';

export type S3StorageConfig = Extract<StorageConfig, { kind: 's3' }>;

/** Files above this go up in parts (lib-storage's multipart upload), below it in one PUT. */
const PartBytes = 8 * 1024 * 1024;

export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // Without keys the SDK's own chain answers (environment, instance role, profile).
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Since 3.729 the SDK adds CRC checksums by default and sends streamed bodies as aws-chunked
    // with a trailer: stores that do not know it (s3rver, older MinIO and Ceph) then keep the
    // framing as part of the object. Checksums only where the API requires them work everywhere.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(e: unknown): boolean {
  if (!(e instanceof S3ServiceException)) return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata.httpStatusCode === 404;
}

/** Objects in a bucket of any S3-compatible store (AWS, MinIO, Ceph, Garage …). */
export class S3ObjectStore implements ObjectStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, source: { path: string } | Buffer, options: { contentType: string }) {
    checkObjectKey(key);
    if (Buffer.isBuffer(source)) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: source,
          ContentLength: source.length,
          ContentType: options.contentType,
        }),
      );
      return { bytes: source.length };
    }
    const bytes = (await stat(source.path)).size;
    if (bytes <= PartBytes) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(source.path),
          ContentLength: bytes,
          ContentType: options.contentType,
        }),
      );
    } else {
      // An object appears only when the multipart upload completes; a failed one is aborted
      // (a killed process leaves invisible parts, which a bucket lifecycle rule clears).
      await new Upload({
        client: this.client,
        partSize: PartBytes,
        queueSize: 2,
        params: {
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(source.path),
          ContentType: options.contentType,
        },
      }).done();
    }
    return { bytes };
  }

  async get(key: string, options: ReadOptions = {}): Promise<StoredObject | null> {
    checkObjectKey(key);
    const { range, ifMatch } = options;
    try {
      if (range) {
        const part = await this.read(key, range, ifMatch);
        if (part) return part;
      }
      return await this.read(key, null, undefined);
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  /**
   * One GetObject: the range (resolved, `bytes=first-last`) or the whole object. null when the
   * range cannot be served as asked — past the end, or the object is no longer `ifMatch` (412 from
   * stores that check If-Match; stores that ignore it, as s3rver, are caught by the tag answered).
   */
  private async read(
    key: string,
    range: ByteRange | null,
    ifMatch: string | undefined,
  ): Promise<StoredObject | null> {
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.first}-${range.last}` } : {}),
          ...(ifMatch ? { IfMatch: ifMatch } : {}),
        }),
      );
    } catch (e) {
      const status = e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
      if (range && (status === 412 || status === 416)) return null;
      throw e;
    }
    const body = answer.Body as Readable;
    const etag = answer.ETag ?? '';
    const total = range ? /\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1] : undefined;
    const bytes = range ? Number(total) : (answer.ContentLength ?? 0);
    const served = range && answer.ContentRange === `bytes ${range.first}-${range.last}/${total}`;
    if (range && (!served || (ifMatch !== undefined && etag !== ifMatch))) {
      body.destroy();
      return null;
    }
    return {
      body,
      bytes,
      contentType: answer.ContentType ?? 'application/octet-stream',
      etag,
      lastModified: answer.LastModified ?? new Date(0),
      range: range ? { first: range.first, last: range.last } : null,
    };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    checkObjectKey(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        bytes: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        etag: answer.ETag ?? '',
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    checkObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (e) {
      if (isNotFound(e)) return false;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    checkObjectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(prefix: string): Promise<string[]> {
    checkKeyPrefix(prefix);
    const keys: string[] = [];
    for await (const page of paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: prefix },
    )) {
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    }
    return keys.sort();
  }
}
