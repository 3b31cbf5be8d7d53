import { Limits, type LoginResponse, ResultCode, type User } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toUser } from '../accounts/accounts.mapper';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { checkPasswordRules } from '../accounts/accounts.service';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../accounts/password';
import type { SessionsRepository } from './sessions.repository';
import { digestToken, newToken } from './token';

export interface Principal {
  user: User;
  sessionId: number;
}

/** Throttle after this many failures per client address: several users may share one. */
const failuresPerIp = Limits.loginFailuresPerWindow * 5;

/** Login, logout, password change and token checks (spec 001 §2 Login, §5, §8). */
export class AuthService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async login(
    input: { username: string; password: string; remember?: boolean },
    clientIp: string,
  ): Promise<LoginResponse> {
    const username = input.username.trim();
    const failures = await this.sessions.countRecentFailures(username, clientIp, Limits.loginWindowMinutes);
    if (failures.byUsername >= Limits.loginFailuresPerWindow || failures.byIp >= failuresPerIp) {
      throw new ApiError(ResultCode.TooManyAttempts, 'login.tooManyAttempts', {
        params: { minutes: Limits.loginWindowMinutes },
      });
    }
    const row = await this.accounts.findUserByUsername(username);
    const ok = await verifyPassword(row?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!row || !ok) {
      await this.sessions.recordLoginFailure(username, clientIp);
      throw new ApiError(ResultCode.LoginFailed, 'login.failed');
    }
    const remember = input.remember === true;
    const lifetimeMs = remember
      ? Limits.rememberedSessionDays * 24 * 3600_000
      : Limits.sessionHours * 3600_000;
    const expiresAt = new Date(this.now().getTime() + lifetimeMs);
    const token = newToken();
    await this.sessions.insert(row.id, digestToken(token), remember, expiresAt);
    return { token, expiresAt: expiresAt.toISOString(), user: toUser(row) };
  }

  /** The caller behind a bearer token, or 3001. */
  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    const session = await this.sessions.findLive(digestToken(token));
    if (!session) throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    return { user: toUser(session.user), sessionId: session.sessionId };
  }

  logout(principal: Principal): Promise<void> {
    return this.sessions.revoke(principal.sessionId);
  }

  /** Changes the password; other sessions of the user end, this one stays. */
  async changePassword(
    principal: Principal,
    input: { oldPassword: string; newPassword: string; confirmPassword: string },
  ): Promise<void> {
    checkPasswordRules(input.newPassword, 'newPassword');
    if (input.newPassword !== input.confirmPassword)
      throw ApiError.invalid('confirmPassword', 'login.reNewPass3');
    const row = await this.accounts.findUserById(principal.user.id);
    if (!row) throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    if (!(await verifyPassword(row.password_hash, input.oldPassword))) {
      throw new ApiError(ResultCode.WrongOldPassword, 'login.oldPassError', { field: 'oldPassword' });
    }
    await this.accounts.updatePasswordHash(row.id, await hashPassword(input.newPassword));
    await this.sessions.revokeAllOfUser(row.id, principal.sessionId);
  }
}
