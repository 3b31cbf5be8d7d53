import { ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { confirmationProblem, newPasswordProblem, passwordFormError } from './passwordRules';

describe('new password rules', () => {
  it('needs 8 to 128 characters', () => {
    expect(newPasswordProblem('1234567')).toBe('login.passwordLength');
    expect(newPasswordProblem('12345678')).toBeNull();
    expect(newPasswordProblem('x'.repeat(128))).toBeNull();
    expect(newPasswordProblem('x'.repeat(129))).toBe('login.passwordLength');
  });

  it('needs the confirmation to equal the new password', () => {
    expect(confirmationProblem('abcdefgh', 'abcdefgh')).toBeNull();
    expect(confirmationProblem('abcdefgh', 'abcdefgH')).toBe('login.reNewPass3');
  });
});

describe('passwordFormError', () => {
  const business = (code: number, field?: string) =>
    new ApiError('business', code, 'x', 400, field ? { field } : null);

  it('puts a wrong old password under the old password', () => {
    expect(passwordFormError(business(ResultCode.WrongOldPassword))).toEqual({
      field: 'oldPassword',
      key: 'login.oldPassError',
    });
    expect(passwordFormError(business(ResultCode.LoginFailed))?.key).toBe('login.oldPassError');
  });

  it('puts a validation failure under the field the server named', () => {
    expect(passwordFormError(business(ResultCode.ValidationFailed, 'confirmPassword'))).toEqual({
      field: 'confirmPassword',
      key: 'login.reNewPass3',
    });
    expect(passwordFormError(business(ResultCode.ValidationFailed, 'newPassword'))?.key).toBe(
      'login.passwordLength',
    );
    expect(passwordFormError(business(ResultCode.ValidationFailed, 'somethingElse'))?.field).toBe(
      'newPassword',
    );
  });

  it('says how long to wait after too many login attempts with the old password', () => {
    const error = new ApiError('business', ResultCode.TooManyAttempts, 'x', 429, { params: { seconds: 5 } });
    expect(passwordFormError(error)).toEqual({
      field: 'oldPassword',
      key: 'login.tooManyAttempts',
      params: { seconds: 5 },
    });
  });

  it('leaves other failures to the general handler', () => {
    expect(passwordFormError(business(ResultCode.InternalError))).toBeNull();
    expect(passwordFormError(new ApiError('network', null, 'error.network', 0))).toBeNull();
  });
});
