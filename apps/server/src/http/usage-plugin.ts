import type { FastifyInstance, FastifyReply } from 'fastify';
import type { UsageMeter } from './types';

/**
 * Usage accounting: every answer of a route marked `config: { usage }` served with 200 or 206 is
 * counted for its caller (on a `tile` route only images: a capabilities document is no tile) — a buffer's length, or a stream's content-length (for 206 the part's).
 * A part counts its bytes, and as a download only when it starts the file (`bytes 0-`): a resumed
 * download or GDAL reading a COG window by many ranges is one download, not one per range. HEAD
 * sends no bytes and counts nothing. Counted before it is sent, whatever happens to the connection,
 * into the meter's ledger, written in batches (issue 29: `modules/usage/usage-ledger.ts` states
 * what a kill can lose); the server's close writes what is left.
 */
/** Answers their route marked as no usage (`notUsage`), whatever their status and type. */
const uncounted = new WeakSet<FastifyReply>();

/**
 * This answer is not what its route counts: a WMS exception drawn as an image (EXCEPTIONS=BLANK or
 * INIMAGE) is an image with 200, but no tile of the scene was served.
 */
export function notUsage(reply: FastifyReply): FastifyReply {
  uncounted.add(reply);
  return reply;
}

export function installUsage(app: FastifyInstance, meter: UsageMeter): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const kind = request.routeOptions.config?.usage;
    const status = reply.statusCode;
    if (!kind || (status !== 200 && status !== 206) || request.method === 'HEAD' || !request.principal)
      return payload;
    if (uncounted.has(reply)) return payload;
    // A tile is an image: the tile routes' documents (WMS and WMTS capabilities) are not counted.
    if (kind === 'tile' && !String(reply.getHeader('content-type') ?? '').startsWith('image/'))
      return payload;
    const bytes = Buffer.isBuffer(payload)
      ? payload.length
      : typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : Number(reply.getHeader('content-length'));
    const starts = status === 200 || String(reply.getHeader('content-range')).startsWith('bytes 0-');
    if (Number.isSafeInteger(bytes) && bytes > 0)
      meter.record(request.principal.user.id, kind, bytes, starts ? 1 : 0);
    return payload;
  });
  app.addHook('onClose', async () => {
    await meter.flush().catch((e: Error) => app.log.error({ err: e }, 'usage not written at close'));
  });
}
