import { type LookupAddress, lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { ipLiteralOf, isRefusedAddress } from './address-policy';

/** Where webhooks may go (`WEBHOOK_ALLOW_PRIVATE`, `WEBHOOK_ALLOW_HTTP`). */
export interface TargetPolicy {
  /** private, loopback, link-local … addresses allowed (tests, on-premise installs) */
  allowPrivate: boolean;
  /** http:// allowed besides https:// */
  allowHttp: boolean;
}

/** Why a URL is refused: the translation key the API answers. */
export type TargetRefusal =
  | 'webhook.urlInvalid'
  | 'webhook.urlNotHttps'
  | 'webhook.urlCredentials'
  | 'webhook.urlPrivate';

/**
 * A webhook URL's form: absolute http(s) with a host, no user or password (they would be sent to
 * whoever the host is and shown in the list), no fragment; https unless http is allowed; an IP
 * address as host must be a public one unless private targets are allowed. The WHATWG parser
 * writes every spelling of an IPv4 address (`2130706433`, `0x7f.1`, `127.1`) as dotted decimal,
 * so the check sees the address the request would reach.
 */
export function parseTarget(text: string, policy: TargetPolicy): URL | TargetRefusal {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'webhook.urlInvalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'webhook.urlInvalid';
  if (!url.hostname || url.hash || text.includes('#')) return 'webhook.urlInvalid';
  if (url.username || url.password) return 'webhook.urlCredentials';
  if (url.protocol === 'http:' && !policy.allowHttp) return 'webhook.urlNotHttps';
  const ip = ipLiteralOf(url.hostname);
  if (ip && !policy.allowPrivate && isRefusedAddress(ip)) return 'webhook.urlPrivate';
  return url;
}

/** A resolved address the policy refuses: the request never connects. */
export class RefusedAddressError extends Error {
  readonly code = 'EWEBHOOKREFUSED';
  constructor(readonly address: string) {
    super(`webhook target resolves to a refused address (${address})`);
  }
}

/**
 * The DNS lookup a webhook request connects through: every address the name resolves to is
 * checked, and the socket connects to a checked one. The name is never resolved a second time
 * between check and connect, so DNS rebinding (a public answer for the check, a private one for
 * the connection) has nothing to race. One refused address refuses the name: a resolver may
 * answer a public and a private address together and the connection may try either.
 */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, found) => {
      if (error) return callback(error, '', 0);
      const addresses = found as LookupAddress[];
      const refused = policy.allowPrivate ? undefined : addresses.find((a) => isRefusedAddress(a.address));
      if (refused) return callback(new RefusedAddressError(refused.address), '', 0);
      if (!addresses.length)
        return callback(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '', 0);
      // Node asks for all addresses when it tries them in turn (autoSelectFamily), else for one.
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * At registration: whether the URL's name resolves to a refused address (so the customer hears it
 * at once, not in the delivery log). A name that does not resolve now is accepted: it may be set
 * up later, and every delivery checks again.
 */
export async function resolvesToRefused(url: URL, policy: TargetPolicy): Promise<boolean> {
  if (policy.allowPrivate || ipLiteralOf(url.hostname)) return false;
  const check = guardedLookup(policy);
  return new Promise((resolve) => {
    // A resolver that does not answer within 3 s does not hold the customer's request up.
    const timer = setTimeout(() => resolve(false), 3000);
    check(url.hostname, { all: true }, (error) => {
      clearTimeout(timer);
      resolve(error instanceof RefusedAddressError);
    });
  });
}
