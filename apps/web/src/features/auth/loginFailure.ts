import { Limits, ResultCode } from '@satportal/contract';
import { isApiError } from '../../api/errors';
import type { TranslationKey } from '../../i18n/keys';

export interface LoginFailure {
  key: TranslationKey;
  params?: { seconds: number };
}

/**
 * What the login form says under "Login failed" (spec 001 §8): wrong credentials, or too many
 * attempts (the soft lockout, or the login rate limit) and how long to wait: as the server says,
 * else the throttle window. Null for failures the general handler has already shown.
 */
export function loginFailureOf(error: unknown): LoginFailure | null {
  if (!isApiError(error) || error.kind !== 'business') return null;
  if (error.code === ResultCode.LoginFailed) return { key: 'login.wrongCredentials' };
  if (error.code === ResultCode.TooManyAttempts || error.code === ResultCode.RateLimited) {
    const seconds = Number(error.params?.seconds);
    return {
      key: 'login.tooManyAttempts',
      params: { seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : Limits.loginWindowMinutes * 60 },
    };
  }
  return null;
}
