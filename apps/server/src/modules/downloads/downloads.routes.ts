import type { Readable } from 'node:stream';
import { apiPath, DownloadQuery, ErrorEnvelope, Paths, ResultCode } from '@satportal/contract';
import { Type } from 'typebox';
import { ApiError } from '../../http/api-error';
import { principalOf } from '../../http/auth-plugin';
import { planRangeOf, rangeHeaders, unsatisfiableHeaders } from '../../http/byte-ranges';
import { binaryAnswer } from '../../http/openapi';
import type { Http } from '../../http/types';
import type { DownloadsService } from './downloads.service';
import { linkParameters } from './links';

const prefix = apiPath(Paths.download).replace('*', '');

/**
 * The key as the request spells it, never percent-decoded: a valid key needs no escaping, so a
 * spelling with escapes (an encoded slash or dot) is not a key of ours, however it would decode.
 */
function keyAsSent(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  return path.startsWith(prefix) ? path.slice(prefix.length) : '';
}

/** The query as the request spells it: `linkParameters` takes only the spelling the server writes. */
function queryAsSent(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * `GET oss/<key>` (spec 001 §7): a delivered package, streamed; the session must be the owner's.
 * HEAD and single byte ranges (issue 27: resumed downloads, GDAL `/vsicurl/`; `http/byte-ranges.ts`).
 */
export function downloadRoutes(app: Http, downloads: DownloadsService): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: Paths.download,
    config: {
      usage: 'download',
      scope: 'read',
      // The package is a zip (fulfilment's deliverables): the document names its media type.
      openapi: {
        response: {
          200: binaryAnswer(
            'the package; its file name in content-disposition, Accept-Ranges, ETag, Last-Modified',
            ['application/zip'],
          ),
          206: binaryAnswer('the asked byte range of the package', ['application/zip'], {
            'content-range': { type: 'string', description: 'bytes first-last/size' },
          }),
        },
      },
    },
    schema: {
      operationId: 'downloadPackage',
      tags: ['orders'],
      summary:
        'Download a delivered package (spec 001 §7 GET oss/) by its signed link (pkgUrl of the order detail): only the order’s owner, only until Expires, only as the server spells it; 4003 download.badSignature (also any other spelling of Expires or Signature), 4100 download.expired, 4004 download.notFound (unknown or another user’s key alike). One byte range per request (Range, If-Range with the ETag or Last-Modified): 206 with Content-Range; several ranges or a bad Range header get the whole file (200); a range past the end 416 (4160 download.rangeNotSatisfiable, Content-Range: bytes */size). HEAD answers the headers only.',
      querystring: DownloadQuery,
      response: {
        200: Type.Unsafe<Readable>({
          type: 'string',
          format: 'binary',
          description:
            'the package; its file name in content-disposition, Accept-Ranges, ETag, Last-Modified',
        }),
        206: Type.Unsafe<Readable>({
          type: 'string',
          format: 'binary',
          description: 'the asked byte range of the package, placed by Content-Range',
        }),
        '4xx': ErrorEnvelope,
        '5xx': ErrorEnvelope,
      },
    },
    handler: async (request, reply) => {
      const key = keyAsSent(request.url);
      // The schema documents and bounds the query; the link is read from its text as sent.
      const link = linkParameters(queryAsSent(request.url));
      const download = await downloads.open(principalOf(request).user.id, key, link);
      const plan = planRangeOf(request, download.info);
      if (plan.kind === 'unsatisfiable') {
        unsatisfiableHeaders(reply, download.info);
        throw new ApiError(ResultCode.RangeNotSatisfiable, 'download.rangeNotSatisfiable');
      }
      reply.header('content-disposition', download.contentDisposition);
      if (request.method === 'HEAD')
        return rangeHeaders(reply.type(download.info.contentType), download.info, null).send();
      const object = await downloads.read(download, plan.kind === 'partial' ? plan : null);
      return rangeHeaders(reply.type(object.contentType), object, object.range).send(object.body);
    },
  });
}
