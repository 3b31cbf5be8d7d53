import { posix } from 'node:path';
import { ResultCode } from '@satportal/contract';
import { create as contentDispositionOf } from 'content-disposition';
import { ApiError } from '../../http/api-error';
import {
  type ByteRange,
  isValidObjectKey,
  type ObjectInfo,
  type ObjectStore,
  type StoredObject,
} from '../../storage';
import type { DownloadsRepository } from './downloads.repository';
import type { DownloadLinks, LinkParameters } from './links';

/** An unknown key, another user's and a malformed one get the same answer: keys reveal nothing. */
const notFound = () => new ApiError(ResultCode.NotFound, 'download.notFound');

/** A package its owner may download: what it is (without its bytes yet) and its file name. */
export interface Download {
  key: string;
  info: ObjectInfo;
  /** `content-disposition` naming the package's file (RFC 6266, UTF-8 form for non-ASCII). */
  contentDisposition: string;
}

/**
 * `GET oss/` (spec 001 §7): a delivered package for its owner while its signed link lasts.
 * Checks in this order: the key's shape, the signature, the expiry, the ownership, the object;
 * only then are its bytes read, whole or a range of them (`read`).
 */
export class DownloadsService {
  constructor(
    private readonly links: DownloadLinks,
    private readonly repository: DownloadsRepository,
    private readonly store: ObjectStore,
  ) {}

  async open(
    userId: number,
    key: string,
    /** null: the query is not spelled as the server writes links (`linkParameters`) */
    link: LinkParameters | null,
    now = new Date(),
  ): Promise<Download> {
    if (!isValidObjectKey(key)) throw notFound();
    const check = link ? this.links.check(key, link.expires, link.signature, now) : 'badSignature';
    if (check === 'badSignature') throw new ApiError(ResultCode.Forbidden, 'download.badSignature');
    if (check === 'expired') throw new ApiError(ResultCode.LinkExpired, 'download.expired');
    const owned = await this.repository.findOwnedPackage(userId, key);
    if (!owned) throw notFound();
    // The package's own end counts too: a link signed for longer (or before an operator shortened
    // the delivery) does not outlive the package.
    if (owned.expiresAt && owned.expiresAt.getTime() <= now.getTime())
      throw new ApiError(ResultCode.LinkExpired, 'download.expired');
    const info = await this.store.head(key);
    if (!info) throw notFound();
    return { key, info, contentDisposition: contentDispositionOf(posix.basename(key)) };
  }

  /**
   * The package's bytes: `range` of the version `open` saw, or the whole package as it is now
   * when it was replaced meanwhile (the answer then says 200 and the new tag, never a mixed part).
   */
  async read(download: Download, range: ByteRange | null): Promise<StoredObject> {
    const object = await this.store.get(
      download.key,
      range ? { range, ifMatch: download.info.etag } : undefined,
    );
    if (!object) throw notFound();
    return object;
  }
}
