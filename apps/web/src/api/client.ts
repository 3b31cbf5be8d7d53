import { type ApiEnvelope, Limits, ResultCode } from '@satportal/contract';
import { ApiError, type ErrorData } from './errors';
import { type InvalidSessionMode, type ReactionOptions, reactionTo } from './reaction';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallOptions extends ReactionOptions {
  method?: HttpMethod;
  /** JSON body (POST, PUT) */
  body?: unknown;
  /** Multipart body (uploads); the browser writes its content type with the boundary. */
  form?: FormData;
  /** Query parameters (GET, DELETE, and POSTs "with query" of the spec) */
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * The bearer token: omitted → the stored session's; a string → that one (e.g. the short-lived
   * login of the change-password form); null → none (login, health).
   */
  token?: string | null;
  /** Extra request headers (an order submit's `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  getToken(): string | null;
  /** 3001 answered: clear the session (the guard then sends to /login) or open the login dialog. */
  onInvalidSession(mode: InvalidSessionMode, error: ApiError): void;
  /** Tell the user about a failure the caller does not handle itself. */
  onError(error: ApiError): void;
  timeoutMs?: number;
}

const successCodes: readonly number[] = [ResultCode.Success, ResultCode.PartialSuccess];

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'number' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

function urlOf(path: string, query: CallOptions['query']): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return path;
  return `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}`;
}

/** A file the server sent, with the name of its `content-disposition`. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a `content-disposition` header: RFC 5987 `filename*` first, else `filename`. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*[\w-]+'[^']*'([^;]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // malformed escapes: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * The one way the browser calls the API: JSON in, `{code, message, data}` out, bearer token,
 * 200 s timeout (spec 000 §9), and the general failure handling of the spec's error catalogue.
 * Resolves with the envelope for success codes (2000, 2001); rejects with an `ApiError` otherwise.
 */
export function createApiClient(deps: ApiClientDeps) {
  const timeoutMs = deps.timeoutMs ?? Limits.requestTimeoutMs;

  function fail(error: ApiError, options: CallOptions): never {
    const reaction = reactionTo(error, options);
    if (reaction === 'end-session' || reaction === 'login-dialog') {
      deps.onInvalidSession(reaction === 'login-dialog' ? 'dialog' : 'redirect', error);
      error.handled = true;
    } else if (reaction === 'network-toast' || reaction === 'message-toast') {
      deps.onError(error);
      error.handled = true;
    }
    throw error;
  }

  /** One request; a network failure or timeout becomes an `ApiError` (reported as the options say). */
  async function exchange(path: string, options: CallOptions): Promise<Response> {
    const method = options.method ?? 'GET';
    const token = options.token === undefined ? deps.getToken() : options.token;
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

    try {
      return await deps.fetch(urlOf(path, options.query), {
        method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      // A caller's own cancellation is not a failure to report.
      if (options.signal?.aborted) throw cause;
      const kind = timeout.aborted ? 'timeout' : 'network';
      return fail(new ApiError(kind, null, `error.${kind}`, 0), options);
    }
  }

  async function envelopeOf<T>(response: Response, options: CallOptions): Promise<ApiEnvelope<T>> {
    const body = await readJson(response);
    if (!isEnvelope(body)) {
      // A proxy answering for a stopped server (502, 504) is a network failure to the user.
      const kind = response.status >= 500 ? 'network' : 'malformed';
      return fail(new ApiError(kind, null, 'error.network', response.status), options);
    }
    if (successCodes.includes(body.code)) return body as ApiEnvelope<T>;
    return fail(
      new ApiError('business', body.code, body.message, response.status, body.data as ErrorData),
      options,
    );
  }

  async function send<T>(path: string, options: CallOptions = {}): Promise<ApiEnvelope<T>> {
    return envelopeOf<T>(await exchange(path, options), options);
  }

  return {
    send,
    /** Like `send`, for callers that need only `data`. */
    async request<T>(path: string, options: CallOptions = {}): Promise<T> {
      return (await send<T>(path, options)).data;
    },
    /**
     * A file (exports, deliveries): the body with the name of its `content-disposition`. Failures
     * come as the usual envelope; a file without that header is refused with `missingNameKey`
     * (spec 001 §8: a download without content-disposition is an error).
     */
    async download(path: string, missingNameKey: string, options: CallOptions = {}): Promise<DownloadedFile> {
      const response = await exchange(path, options);
      const fileName = response.ok ? fileNameOf(response.headers.get('content-disposition')) : null;
      if (fileName) return { blob: await response.blob(), fileName };
      if (response.ok && !(response.headers.get('content-type') ?? '').includes('application/json')) {
        return fail(new ApiError('business', null, missingNameKey, response.status), options);
      }
      await envelopeOf(response, options);
      return fail(new ApiError('malformed', null, missingNameKey, response.status), options);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
