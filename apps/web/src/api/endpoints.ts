import {
  apiPath,
  type HealthResponse,
  type LoginRequest,
  type LoginResponse,
  type PasswordChangeRequest,
  Paths,
  ResultCode,
  type User,
} from '@satportal/contract';
import type { ApiClient, CallOptions } from './client';

/** Options a caller may add to an endpoint call (who handles which code, which token). */
type Extra = Pick<CallOptions, 'handles' | 'quiet' | 'token' | 'onInvalidSession' | 'signal'>;

/**
 * The API's endpoints, typed by the contract (request and response types come from
 * `@satportal/contract`, never written here).
 */
export function bindEndpoints(client: ApiClient) {
  return {
    health: (extra: Extra = {}) =>
      client.request<HealthResponse>(apiPath(Paths.health), { token: null, ...extra }),

    /** Wrong credentials (3002) and too many attempts (3004) are shown by the login form itself. */
    login: (body: LoginRequest, extra: Extra = {}) =>
      client.request<LoginResponse>(apiPath(Paths.login), {
        method: 'POST',
        body,
        token: null,
        handles: [ResultCode.LoginFailed, ResultCode.TooManyAttempts],
        ...extra,
      }),

    logout: (extra: Extra = {}) => client.request<null>(apiPath(Paths.logout), { method: 'POST', ...extra }),

    /** A wrong old password (3003) and field errors (4000) are shown on the form. */
    changePassword: (body: PasswordChangeRequest, extra: Extra = {}) =>
      client.request<null>(apiPath(Paths.passwordChange), {
        method: 'POST',
        body,
        handles: [ResultCode.WrongOldPassword, ResultCode.ValidationFailed],
        ...extra,
      }),

    me: (extra: Extra = {}) => client.request<User>(apiPath(Paths.me), extra),
  };
}

export type Api = ReturnType<typeof bindEndpoints>;

/** TanStack Query keys: server state is keyed by endpoint (DESIGN §6). */
export const queryKeys = {
  health: [Paths.health],
  me: [Paths.me],
} as const;
