/** Object storage (delivered packages): one interface, a local folder or an S3-compatible store. */
import type { StorageConfig } from '../config';
import { LocalObjectStore } from './local-store';
import { S3ObjectStore, s3Client } from './s3-store';
import type { ObjectStore } from './types';

export { removeLeftoverTemps, writeFileAtomically } from './atomic-file';
export {
  InvalidObjectKeyError,
  isValidKeyPrefix,
  isValidObjectKey,
  MaxObjectKeyLength,
} from './keys';
export { fileEtag, readFile as readLocalFile, statFile } from './local-file';
export { LocalObjectStore } from './local-store';
export { S3ObjectStore, s3Client } from './s3-store';
export type { ByteRange, ObjectInfo, ObjectStore, ReadOptions, StoredObject } from './types';

export function createObjectStore(config: StorageConfig): ObjectStore {
  return config.kind === 'local'
    ? new LocalObjectStore(config.dir)
    : new S3ObjectStore(s3Client(config), config.bucket);
}
