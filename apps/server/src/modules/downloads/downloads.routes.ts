import type { Readable } from 'node:stream';
import { apiPath, DownloadQuery, ErrorEnvelope, Paths } from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
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

/** `GET oss/<key>` (spec 001 §7): a delivered package, streamed; the session must be the owner's. */
export function downloadRoutes(app: Http, downloads: DownloadsService): void {
  app.get(
    Paths.download,
    {
      config: { usage: 'download', scope: 'read' },
      schema: {
        tags: ['orders'],
        summary:
          'Download a delivered package (spec 001 §7 GET oss/) by its signed link (pkgUrl of the order detail): only the order’s owner, only until Expires, only as the server spells it; 4003 download.badSignature (also any other spelling of Expires or Signature), 4100 download.expired, 4004 download.notFound (unknown or another user’s key alike)',
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
      const key = keyAsSent(request.url);
      // The schema documents and bounds the query; the link is read from its text as sent.
      const link = linkParameters(queryAsSent(request.url));
      const { object, contentDisposition } = await downloads.open(principalOf(request).user.id, key, link);
      return reply
        .type(object.contentType)
        .header('content-length', object.bytes)
        .header('content-disposition', contentDisposition)
        .send(object.body);
    },
  );
}
