/**
 * Business codes carried in every response envelope (`{ code, message, data }`).
 * The spec's codes keep their numbers; codes we add say so and keep the spec's
 * convention (2xxx success, 3xxx session, 4xxx request, 5xxx server).
 */
export const ResultCode = {
  /** spec: success (created, deleted) */
  Success: 2000,
  /** spec: partial success (e.g. partial order cancel) */
  PartialSuccess: 2001,
  /** spec: session invalid — missing, expired or revoked token */
  InvalidSession: 3001,
  /** added: username or password not right (spec 001 §8 "Username or password is not right") */
  LoginFailed: 3002,
  /** spec: wrong old password on password change */
  WrongOldPassword: 3003,
  /** added: too many login attempts; try again later */
  TooManyAttempts: 3004,
  /** added: a field failed validation; `data.field` names it */
  ValidationFailed: 4000,
  /** added: the caller lacks the permission (e.g. order type) */
  Forbidden: 4003,
  /** added: the API key lacks the scope the route needs (`data.params.scope`; HTTP 403) */
  ApiKeyScopeMissing: 4033,
  /** added: the route is not open to API keys (the account's own: password, sessions, keys; HTTP 403) */
  ApiKeyNotAllowed: 4034,
  /** added: the resource does not exist or is not the caller's */
  NotFound: 4004,
  /** added: the request conflicts with existing state */
  Conflict: 4009,
  /** added: the request was not received in time (HTTP 408) */
  RequestTimeout: 4008,
  /** added: the body is larger than the server reads (HTTP 413) */
  PayloadTooLarge: 4013,
  /** added: the body's content type is not one the route reads (HTTP 415) */
  UnsupportedMediaType: 4015,
  /** added: the request's headers are larger than the server reads (HTTP 431) */
  HeadersTooLarge: 4031,
  /** spec: area below a satellite group's minimum */
  AreaBelowMinimum: 4151,
  /** spec: the same AOI already has a subscription in the same period */
  OverlappingSubscription: 4154,
  /** spec: out of a satellite group's range */
  OutOfGroupRange: 4156,
  /** added: an `Idempotency-Key` reused with another request (route or body) (HTTP 422) */
  IdempotencyKeyReused: 4220,
  /** added: a download link past its `Expires`, or its package past its end (HTTP 410 Gone) */
  LinkExpired: 4100,
  /** added: a byte range that starts past the end of a file (HTTP 416; `Content-Range: bytes *\/size`) */
  RangeNotSatisfiable: 4160,
  /** added: too many requests */
  RateLimited: 4290,
  /** added: unexpected server error (details only in the server log) */
  InternalError: 5000,
} as const;

export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** The HTTP status that agrees with a business code (DESIGN §4). */
export function httpStatusOf(code: number): number {
  switch (code) {
    case ResultCode.Success:
    case ResultCode.PartialSuccess:
      return 200;
    case ResultCode.InvalidSession:
    case ResultCode.LoginFailed:
      return 401;
    case ResultCode.WrongOldPassword:
    case ResultCode.ValidationFailed:
      return 400;
    case ResultCode.Forbidden:
    case ResultCode.ApiKeyScopeMissing:
    case ResultCode.ApiKeyNotAllowed:
      return 403;
    case ResultCode.NotFound:
      return 404;
    case ResultCode.Conflict:
    case ResultCode.OverlappingSubscription:
      return 409;
    case ResultCode.LinkExpired:
      return 410;
    case ResultCode.RangeNotSatisfiable:
      return 416;
    case ResultCode.RequestTimeout:
      return 408;
    case ResultCode.PayloadTooLarge:
      return 413;
    case ResultCode.UnsupportedMediaType:
      return 415;
    case ResultCode.HeadersTooLarge:
      return 431;
    case ResultCode.AreaBelowMinimum:
    case ResultCode.OutOfGroupRange:
    case ResultCode.IdempotencyKeyReused:
      return 422;
    case ResultCode.TooManyAttempts:
    case ResultCode.RateLimited:
      return 429;
    default:
      return 500;
  }
}
