import { ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { messageOf } from './messages';

const known = new Set(['login.failed', 'error.validation']);
const has = (key: string) => known.has(key);

describe('messageOf', () => {
  it("uses the server's key when it is translated, with its params", () => {
    const error = new ApiError('business', ResultCode.ValidationFailed, 'error.validation', 400, {
      field: 'newPassword',
      params: { min: 8 },
    });
    expect(messageOf(error, has)).toEqual({ key: 'error.validation', params: { min: 8 } });
  });

  it('falls back to a key chosen by code, then to a generic one', () => {
    const byCode = new ApiError('business', ResultCode.WrongOldPassword, 'password.wrong', 400);
    expect(messageOf(byCode, has).key).toBe('login.oldPassError');
    const unknown = new ApiError('business', 4999, 'something.new', 400);
    expect(messageOf(unknown, has).key).toBe('error.unknown');
  });

  it('names network failures and timeouts itself', () => {
    expect(messageOf(new ApiError('network', null, '', 0), has).key).toBe('error.network');
    expect(messageOf(new ApiError('timeout', null, '', 0), has).key).toBe('error.timeout');
  });
});
