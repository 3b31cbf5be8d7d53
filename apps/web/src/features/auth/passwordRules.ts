import { Limits, ResultCode } from '@satportal/contract';
import { type ApiError, hasCode } from '../../api/errors';
import type { TranslationKey } from '../../i18n/keys';
import { loginFailureOf } from './loginFailure';

/** DESIGN §9: 8–128 characters (NIST SP 800-63B), stricter than the spec's 6–19; the form says so. */
export const passwordLength = { min: Limits.passwordMin, max: Limits.passwordMax } as const;

export function newPasswordProblem(password: string): TranslationKey | null {
  return password.length < passwordLength.min || password.length > passwordLength.max
    ? 'login.passwordLength'
    : null;
}

export function confirmationProblem(newPassword: string, confirmation: string): TranslationKey | null {
  return newPassword === confirmation ? null : 'login.reNewPass3';
}

const formFields = ['username', 'oldPassword', 'newPassword', 'confirmPassword'] as const;
export type PasswordField = (typeof formFields)[number];

const fieldMessage: Record<PasswordField, TranslationKey> = {
  username: 'error.validation',
  oldPassword: 'error.validation',
  newPassword: 'login.passwordLength',
  confirmPassword: 'login.reNewPass3',
};

export interface PasswordFormError {
  field: PasswordField;
  key: TranslationKey;
  params?: Record<string, number>;
}

/**
 * Where a failed password change is shown on the form: a wrong old password (3003, or a refused
 * login with it on the login page) and too many attempts under the old password, a field the
 * server blamed under that field. Null for failures the general handler has already reported.
 */
export function passwordFormError(error: ApiError): PasswordFormError | null {
  if (hasCode(error, ResultCode.WrongOldPassword, ResultCode.LoginFailed)) {
    return { field: 'oldPassword', key: 'login.oldPassError' };
  }
  const tooMany = hasCode(error, ResultCode.TooManyAttempts) ? loginFailureOf(error) : null;
  if (tooMany) return { field: 'oldPassword', ...tooMany };
  if (hasCode(error, ResultCode.ValidationFailed)) {
    const named = formFields.find((f) => f === error.field);
    const field = named ?? 'newPassword';
    return { field, key: fieldMessage[field] };
  }
  return null;
}
