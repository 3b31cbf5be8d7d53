import type { LoginResponse } from '@satportal/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { changePasswordWithLogin } from './changePasswordFlow';

const form = {
  username: 'demo',
  oldPassword: 'old-secret',
  newPassword: 'new-secret-1',
  confirmPassword: 'new-secret-1',
};

function fakeApi(changeFails = false) {
  return {
    login: vi.fn(async () => ({ token: 'short-lived' }) as LoginResponse),
    changePassword: vi.fn(async () => {
      if (changeFails) throw new ApiError('business', 3003, 'login.oldPassError', 400);
      return null;
    }),
    logout: vi.fn(async () => null),
  };
}

describe('changePasswordWithLogin', () => {
  it('logs in with the old password, changes it with that token, and logs out', async () => {
    const api = fakeApi();
    await changePasswordWithLogin(api, form);
    expect(api.login).toHaveBeenCalledWith({ username: 'demo', password: 'old-secret', remember: false });
    expect(api.changePassword).toHaveBeenCalledWith(
      { oldPassword: 'old-secret', newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
      { token: 'short-lived' },
    );
    expect(api.logout).toHaveBeenCalledWith(expect.objectContaining({ token: 'short-lived', quiet: true }));
  });

  it('still logs out when the change fails, and reports the failure', async () => {
    const api = fakeApi(true);
    await expect(changePasswordWithLogin(api, form)).rejects.toMatchObject({ code: 3003 });
    expect(api.logout).toHaveBeenCalledTimes(1);
  });

  it('stops when the old password does not log in', async () => {
    const api = fakeApi();
    api.login.mockRejectedValueOnce(new ApiError('business', 3002, 'login.failed', 401));
    await expect(changePasswordWithLogin(api, form)).rejects.toMatchObject({ code: 3002 });
    expect(api.changePassword).not.toHaveBeenCalled();
    expect(api.logout).not.toHaveBeenCalled();
  });
});
