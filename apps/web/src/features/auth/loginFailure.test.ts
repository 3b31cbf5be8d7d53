import { ResultCode } from '@satportal/contract';
import { expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { loginFailureOf } from './loginFailure';

it('explains wrong credentials', () => {
  expect(loginFailureOf(new ApiError('business', ResultCode.LoginFailed, 'login.failed', 401))).toEqual({
    key: 'login.wrongCredentials',
  });
});

it('says how long to wait after too many attempts, as the server tells or else the window', () => {
  const told = new ApiError('business', ResultCode.TooManyAttempts, 'login.tooManyAttempts', 429, {
    params: { seconds: 7 },
  });
  expect(loginFailureOf(told)).toEqual({ key: 'login.tooManyAttempts', params: { seconds: 7 } });
  const untold = new ApiError('business', ResultCode.TooManyAttempts, 'login.tooManyAttempts', 429);
  expect(loginFailureOf(untold)?.params?.seconds).toBe(15 * 60);
  const limited = new ApiError('business', ResultCode.RateLimited, 'error.rateLimited', 429, {
    params: { seconds: 30 },
  });
  expect(loginFailureOf(limited)).toEqual({ key: 'login.tooManyAttempts', params: { seconds: 30 } });
});

it('says nothing about failures already reported elsewhere', () => {
  expect(loginFailureOf(new ApiError('network', null, 'error.network', 0))).toBeNull();
  expect(
    loginFailureOf(new ApiError('business', ResultCode.InternalError, 'error.internal', 500)),
  ).toBeNull();
  expect(loginFailureOf(new Error('boom'))).toBeNull();
});
