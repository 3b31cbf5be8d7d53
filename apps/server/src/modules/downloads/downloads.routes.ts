import type { Readable } from 'node:stream';
import { DownloadQuery, ErrorEnvelope, Paths } from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import type { Http } from '../../http/types';
import type { DownloadsService } from './downloads.service';

/** `GET oss/<key>` (spec 001 §7): a delivered package, streamed; the session must be the owner's. */
export function downloadRoutes(app: Http, downloads: DownloadsService): void {
  app.get(
    Paths.download,
    {
      schema: {
        tags: ['orders'],
        summary:
          'Download a delivered package (spec 001 §7 GET oss/) by its signed link (pkgUrl of the order detail): only the order’s owner, only until Expires; 4003 download.badSignature, 4100 download.expired, 4004 download.notFound (unknown or another user’s key alike)',
        querystring: DownloadQuery,
        response: {
          200: Type.Unsafe<Readable>({
            type: 'string',
            format: 'binary',
            description: 'the package; its file name in content-disposition',
          }),
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { object, contentDisposition } = await downloads.open(principalOf(request).user.id, key, {
        expires: request.query.Expires,
        signature: request.query.Signature,
      });
      return reply
        .type(object.contentType)
        .header('content-length', object.bytes)
        .header('content-disposition', contentDisposition)
        .send(object.body);
    },
  );
}
