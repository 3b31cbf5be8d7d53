import type { Server, ServerOptions } from 'node:http';
import { normalizeIP } from '@fastify/rate-limit';

/**
 * Timeouts and connection caps of the HTTP server (issue 26 item 6: slowloris). Fastify's defaults
 * leave a socket that is slow to send its request open for ever: `requestTimeout` 0 and
 * `connectionTimeout` 0, and Node's 60 s `headersTimeout` only checked every 30 s. Each value here
 * names what it bounds; docs/SECURITY.md lists them with their test (`connections.db.test.ts`).
 */
export interface ConnectionSettings {
  /**
   * From a connection's first byte (or its opening) to the end of the request's headers. A client
   * sends its headers in one packet; a socket idle or dribbling header lines is closed (408).
   * Node restarts this clock at a request's first byte, so a socket holds on for at most twice it.
   */
  headersTimeoutSeconds: number;
  /**
   * From a request's first byte to its last, body included: only the receipt, never the handler's
   * work or the answer (a multi-GB download streams for as long as it takes).
   */
  requestTimeoutSeconds: number;
  /** A kept-alive socket between two requests. */
  keepAliveTimeoutSeconds: number;
  /**
   * Silence on a socket during a request (nothing received or sent): a handler still working, a
   * download its reader stopped reading.
   */
  idleTimeoutSeconds: number;
  /**
   * At a stop, what running requests have to finish before their connections are cut (within the
   * shutdown's 30 s; `close-server.ts`).
   */
  stopGraceSeconds: number;
  /** Open connections of the whole process (0: no cap). */
  maxConnections: number;
  /** Open connections of one client address, an IPv6 /64 counting as one (0: no cap). */
  maxConnectionsPerAddress: number;
}

export const defaultConnectionSettings: ConnectionSettings = {
  // A mobile link stalled by retransmissions still delivers one packet of headers within seconds.
  headersTimeoutSeconds: 30,
  // Node's own default, above the web client's 200 s (Limits.requestTimeoutMs): the client, not
  // the server, abandons a slow upload; a 5 MB upload (the AOI file limit) needs 17 KB/s.
  requestTimeoutSeconds: 300,
  // Fastify's default: longer than the 60 s idle timeout of common proxies and load balancers, so
  // the proxy closes an idle upstream connection first (a request it sends on one we have just
  // closed fails as a 502).
  keepAliveTimeoutSeconds: 72,
  // Above the web client's 200 s: an answer the client still waits for (a long archive search,
  // a big statement on the embedded database) is never cut by the server.
  idleTimeoutSeconds: 210,
  // An answer being computed finishes well within it; a download cut resumes by Range.
  stopGraceSeconds: 10,
  // A browser opens up to 6 connections per host; an office behind one NAT address shares the
  // per-address cap (40 browsers with a full pool each), the benchmarks open up to 64 from loopback.
  maxConnections: 2000,
  maxConnectionsPerAddress: 256,
};

/** The Fastify options of these timeouts. */
export function serverTimeoutOptions(settings: ConnectionSettings): {
  http: ServerOptions;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionTimeout: number;
} {
  // Node takes whole milliseconds.
  const ms = (seconds: number) => Math.round(seconds * 1000);
  const headers = ms(settings.headersTimeoutSeconds);
  const request = ms(settings.requestTimeoutSeconds);
  return {
    http: {
      headersTimeout: headers,
      requestTimeout: request,
      // Node finds expired header and request clocks by a periodic sweep (every 30 s by default:
      // a 30 s timeout took up to 60 s); here every fifth of the header timeout, at most 5 s.
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.round(headers / 5))),
    },
    // Fastify writes its own (0) over the `http` option's after creating the server.
    requestTimeout: request,
    keepAliveTimeout: ms(settings.keepAliveTimeoutSeconds),
    connectionTimeout: ms(settings.idleTimeoutSeconds),
  };
}

/**
 * Caps open connections: beyond the process's cap Node closes a new connection before reading
 * it (`maxConnections`); beyond one address's cap it is closed here as soon as it is accepted,
 * before a byte is read, so one address cannot hold every socket the process has.
 */
export function capConnections(server: Server, settings: ConnectionSettings): void {
  // 0 would refuse every connection in Node: "no cap" is leaving it unset.
  if (settings.maxConnections > 0) server.maxConnections = settings.maxConnections;
  const cap = settings.maxConnectionsPerAddress;
  if (cap <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = normalizeIP(socket.remoteAddress ?? '');
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
