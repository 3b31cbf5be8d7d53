import { Limits, ResultCode } from '@satportal/contract';
import { isApiError } from '../../api/errors';
import type { TranslationKey } from '../../i18n/keys';

export interface LoginFailure {
  key: TranslationKey;
  params?: { minutes: number };
}

/**
 * What the login form says under "Login failed" (spec 001 §8): wrong credentials, or too many
 * attempts and how long to wait (the server says; else the throttle window). Null for failures
 * the general handler has already shown (network, server error).
 */
export function loginFailureOf(error: unknown): LoginFailure | null {
  if (!isApiError(error) || error.kind !== 'business') return null;
  if (error.code === ResultCode.LoginFailed) return { key: 'login.wrongCredentials' };
  if (error.code === ResultCode.TooManyAttempts) {
    const minutes = Number(error.params?.minutes);
    return {
      key: 'login.tooManyAttempts',
      params: { minutes: Number.isFinite(minutes) && minutes > 0 ? minutes : Limits.loginWindowMinutes },
    };
  }
  return null;
}
