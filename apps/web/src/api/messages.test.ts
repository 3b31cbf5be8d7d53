import { ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { messageOf, translateNested } from './messages';

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

describe('translateNested', () => {
  it('translates a parameter that is a key, with the same parameters, and leaves the others', () => {
    const texts: Record<string, string> = { 'aoi.tooLarge': 'over {{max}} km²' };
    const t = (key: string, p: Record<string, string | number>) =>
      (texts[key] ?? key).replace('{{max}}', String(p.max));
    const params = { index: 1, reason: 'aoi.tooLarge', max: 255, detail: 'Self-intersection[1 1]' };
    expect(translateNested(params, (k) => k in texts, t)).toEqual({ ...params, reason: 'over 255 km²' });
    expect(translateNested({ reason: 'not.known' }, (k) => k in texts, t)).toEqual({ reason: 'not.known' });
  });
});
