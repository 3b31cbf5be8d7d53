import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config';
import { checkKeyPrefix, checkObjectKey } from './keys';
import type { ObjectStore, StoredObject } from './types';

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

  async get(key: string): Promise<StoredObject | null> {
    checkObjectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        body: answer.Body as Readable,
        bytes: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
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
