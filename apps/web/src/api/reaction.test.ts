import { ResultCode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { reactionTo } from './reaction';

const business = (code: number) => ({ kind: 'business' as const, code });

describe('reactionTo', () => {
  it('ends the session on 3001, or opens the login dialog where the call asks for it', () => {
    expect(reactionTo(business(ResultCode.InvalidSession), {})).toBe('end-session');
    expect(reactionTo(business(ResultCode.InvalidSession), { onInvalidSession: 'dialog' })).toBe(
      'login-dialog',
    );
  });

  it('shows network failures and timeouts as a network toast', () => {
    expect(reactionTo({ kind: 'network', code: null }, {})).toBe('network-toast');
    expect(reactionTo({ kind: 'timeout', code: null }, {})).toBe('network-toast');
    expect(reactionTo({ kind: 'malformed', code: null }, {})).toBe('network-toast');
  });

  it('shows other codes as a message toast unless the caller handles them', () => {
    expect(reactionTo(business(ResultCode.WrongOldPassword), {})).toBe('message-toast');
    expect(
      reactionTo(business(ResultCode.WrongOldPassword), { handles: [ResultCode.WrongOldPassword] }),
    ).toBe('caller');
  });

  it('leaves everything to the caller of a quiet call', () => {
    expect(reactionTo({ kind: 'network', code: null }, { quiet: true })).toBe('caller');
    expect(reactionTo(business(ResultCode.InvalidSession), { quiet: true })).toBe('caller');
  });
});
