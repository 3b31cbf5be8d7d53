import http from 'node:http';
import https from 'node:https';
import { guardedLookup, parseTarget, RefusedAddressError, type TargetPolicy } from './target';

/** How a webhook request is sent (config `webhooks`). */
export interface SendPolicy extends TargetPolicy {
  /** the whole try: connect, send, status and the bounded read of the answer */
  timeoutMs: number;
  /** bytes of the answer read at most, then the connection is closed */
  maxResponseBytes: number;
  userAgent: string;
}

/** Why a try got no HTTP status. */
export type SendError = 'timeout' | 'refusedAddress' | 'badUrl' | 'unresolved' | 'tls' | 'connection';

export type SendOutcome =
  | { status: number; error: null; retryAfterSeconds: number | null }
  | { status: null; error: SendError; retryAfterSeconds: null };

class TimeoutError extends Error {}

function errorKind(error: unknown): SendError {
  if (error instanceof TimeoutError) return 'timeout';
  if (error instanceof RefusedAddressError) return 'refusedAddress';
  const code = String((error as NodeJS.ErrnoException)?.code ?? '');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') return 'unresolved';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/.test(code))
    return 'tls';
  return 'connection';
}

/** `Retry-After` in seconds (delta form only; a date is ignored), or null. */
function retryAfterOf(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text && /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/**
 * One webhook POST. The target is checked as at registration (form, scheme, an IP literal's
 * range) and its name resolved through the guarded lookup, so the connection goes to an address
 * that was checked; redirects are answers like any other (3xx is a failure, never followed); one
 * deadline covers the whole try; at most `maxResponseBytes` of the answer are read, then the
 * socket is closed — a receiver can neither hold the sender nor fill its memory.
 */
export function sendWebhook(
  urlText: string,
  headers: Record<string, string>,
  body: string,
  policy: SendPolicy,
): Promise<SendOutcome> {
  const target = parseTarget(urlText, policy);
  if (typeof target === 'string')
    return Promise.resolve({
      status: null,
      error: target === 'webhook.urlPrivate' ? 'refusedAddress' : 'badUrl',
      retryAfterSeconds: null,
    });
  const client = target.protocol === 'https:' ? https : http;
  const payload = Buffer.from(body, 'utf8');
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    let status: number | null = null;
    let retryAfter: number | null = null;
    const request = client.request(target, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(policy),
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(payload.length),
        'user-agent': policy.userAgent,
      },
    });
    const finish = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      if (status !== null) resolve({ status, error: null, retryAfterSeconds: retryAfter });
      else resolve({ status: null, error: errorKind(error), retryAfterSeconds: null });
    };
    const timer = setTimeout(() => finish(new TimeoutError()), policy.timeoutMs);
    request.on('error', finish);
    request.on('response', (response) => {
      status = response.statusCode ?? 0;
      retryAfter = retryAfterOf(response.headers['retry-after']);
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= policy.maxResponseBytes) finish(null);
      });
      response.on('end', () => finish(null));
      response.on('error', finish);
      response.on('aborted', () => finish(null));
    });
    request.end(payload);
  });
}
