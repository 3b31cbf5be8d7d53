import { Limits, type LoginResponse, ResultCode } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { Authenticator, Principal } from '../../http/types';
import { toUser } from '../accounts/accounts.mapper';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { checkPasswordRules } from '../accounts/accounts.service';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../accounts/password';
import type { IdleTimeouts, SessionsRepository } from './sessions.repository';
import { digestToken, newToken, tileTokenOf } from './token';

export const defaultIdleTimeouts: IdleTimeouts = {
  normalSeconds: Limits.sessionIdleMinutes * 60,
  rememberedSeconds: Limits.rememberedSessionIdleDays * 24 * 3600,
};

/**
 * Soft lockout: how long this username must wait from this address before its next attempt,
 * given its failures there in the window. The first `loginFreeFailures` are free; then 1 s, 2 s,
 * 4 s … up to `loginMaxDelaySeconds` after the last failure. A wait, never a lock: the right
 * password works again once the wait has passed, and at once from any other address.
 */
export function loginWaitSeconds(failures: number, secondsSinceLast: number | null): number {
  const beyond = failures - Limits.loginFreeFailures;
  if (beyond < 0 || secondsSinceLast === null) return 0;
  const delay = Math.min(2 ** Math.min(beyond, 30), Limits.loginMaxDelaySeconds);
  return Math.max(0, Math.ceil(delay - secondsSinceLast));
}

const tooManyAttempts = (seconds: number) =>
  new ApiError(ResultCode.TooManyAttempts, 'login.tooManyAttempts', {
    params: { seconds, minutes: Math.ceil(seconds / 60) },
  });

/** Ends a user's tile key (the tile-access module), whichever session asked for it. */
export interface TileKeyRevoker {
  revoke(userId: number): Promise<void>;
}

/** Ends every API key of a user (the api-keys module); answers how many. */
export interface ApiKeyRevoker {
  revokeAll(userId: number): Promise<number>;
}

/** What "sign out everywhere" ended. */
export interface SignedOut {
  sessions: number;
  apiKeys: number;
}

/** Login, logout, password change and token checks (spec 001 §2 Login, §5, §8). */
export class AuthService implements Authenticator {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: SessionsRepository,
    private readonly tileKeys: TileKeyRevoker,
    private readonly apiKeys: ApiKeyRevoker,
    private readonly now: () => Date = () => new Date(),
    private readonly idle: IdleTimeouts = defaultIdleTimeouts,
  ) {}

  /** A new session; `tileToken` is the credential of the `/tiles/` cookie (never in the response body). */
  async login(
    input: { username: string; password: string; remember?: boolean },
    clientIp: string,
  ): Promise<LoginResponse & { tileToken: string }> {
    const username = input.username.trim();
    const failures = await this.sessions.countRecentFailures(username, clientIp, Limits.loginWindowMinutes);
    // One address trying many usernames (credential stuffing) waits out the window.
    if (failures.byIp >= Limits.loginFailuresPerAddress)
      throw tooManyAttempts(Limits.loginWindowMinutes * 60);
    const wait = loginWaitSeconds(failures.byUsernameAndIp, failures.secondsSinceLast);
    if (wait > 0) throw tooManyAttempts(wait);
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
    const tileToken = tileTokenOf(token);
    await this.sessions.insert(
      row.id,
      { token: digestToken(token), tileToken: digestToken(tileToken) },
      remember,
      expiresAt,
    );
    return { token, expiresAt: expiresAt.toISOString(), user: toUser(row), tileToken };
  }

  /** The caller behind a bearer token, or 3001 (missing, forged, revoked, expired or idle too long). */
  async authenticate(token: string | undefined): Promise<Principal> {
    return this.live(token, 'token');
  }

  /** The caller behind a tile cookie: opens `/tiles/` only. */
  async authenticateTiles(tileToken: string | undefined): Promise<Principal> {
    return this.live(tileToken, 'tileToken');
  }

  /**
   * The tile credential of the caller's session, stored for sessions that predate it. The browser
   * asks `/me` at every start, so its `/tiles/` cookie is set again from the bearer token alone.
   */
  async tileTokenFor(principal: Principal, bearer: string): Promise<string> {
    const tileToken = tileTokenOf(bearer);
    await this.sessions.setTileToken(principal.sessionId, digestToken(tileToken));
    return tileToken;
  }

  private async live(credential: string | undefined, by: 'token' | 'tileToken'): Promise<Principal> {
    if (!credential) throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    const session = await this.sessions.findLive(digestToken(credential), this.idle, by);
    if (!session) throw new ApiError(ResultCode.InvalidSession, 'error.invalidSession');
    return { user: toUser(session.user), sessionId: session.sessionId, expiresAt: session.expiresAt };
  }

  /**
   * Ends this session, and with it its tile cookie and the tile key it asked for (a key lives only
   * while its session does: tile-keys.repository.ts).
   */
  logout(principal: Principal): Promise<void> {
    return this.sessions.revoke(principal.sessionId);
  }

  /**
   * Ends every credential of the account: each session but `keepSessionId` (their tile cookies
   * with them), the tile key, whichever session asked for it, and every API key (issue 27: a key
   * "dies with the account's sign out everywhere"; a password change ends them too, as whoever
   * knew the old password could have made keys). "Sign out everywhere" and the operator's reset
   * keep no session. Answers how many sessions and API keys ended.
   */
  async signOutEverywhere(userId: number, keepSessionId?: number): Promise<SignedOut> {
    const sessions = await this.sessions.revokeAllOfUser(userId, keepSessionId);
    await this.tileKeys.revoke(userId);
    const apiKeys = await this.apiKeys.revokeAll(userId);
    return { sessions, apiKeys };
  }

  /**
   * Changes the password and ends every credential made with the old one but the caller's session:
   * the other sessions with their tile cookies, the tile key (also one this session asked for:
   * keys are copied out of the browser) and the API keys. The caller stays signed in
   * (ARCHITECTURE "Sessions", "API keys").
   */
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
    await this.signOutEverywhere(row.id, principal.sessionId);
  }
}
