import { type PasswordChangeRequest, ResultCode } from '@satportal/contract';
import type { Api } from '../../api/endpoints';

export interface PasswordChangeWithLogin extends PasswordChangeRequest {
  username: string;
}

/**
 * The login page's change-password form (spec 001 §2): the password endpoint needs a session, so
 * log in with the old password, change it with that short-lived token, then log that session out
 * again — also when the change fails — so no session is left behind or stored.
 */
export async function changePasswordWithLogin(
  api: Pick<Api, 'login' | 'changePassword' | 'logout'>,
  form: PasswordChangeWithLogin,
): Promise<void> {
  const { username, ...change } = form;
  const { token } = await api.login({ username, password: change.oldPassword, remember: false });
  try {
    await api.changePassword(change, { token });
  } finally {
    // The server may already have revoked it; nothing for the user to see either way.
    await api.logout({ token, quiet: true, handles: [ResultCode.InvalidSession] }).catch(() => undefined);
  }
}
