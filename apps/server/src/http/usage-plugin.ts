import type { FastifyInstance } from 'fastify';
import type { UsageMeter } from './types';

/**
 * Usage accounting: every answer of a route marked `config: { usage }` served with 200 is counted
 * for its caller — a buffer's length, or a stream's content-length. Counted before it is sent, so
 * the count is written (one upsert) whatever happens to the connection, and nothing waits in memory.
 */
export function installUsage(app: FastifyInstance, meter: UsageMeter): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const kind = request.routeOptions.config?.usage;
    if (!kind || reply.statusCode !== 200 || !request.principal) return payload;
    const bytes = Buffer.isBuffer(payload)
      ? payload.length
      : typeof payload === 'string'
        ? Buffer.byteLength(payload)
        : Number(reply.getHeader('content-length'));
    if (Number.isSafeInteger(bytes) && bytes > 0) await meter.record(request.principal.user.id, kind, bytes);
    return payload;
  });
}
