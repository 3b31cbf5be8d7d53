import {
  LoginRequest,
  LoginResponse,
  LogoutEverywhereResponse,
  PasswordChangeRequest,
  Paths,
  User,
} from '@satportal/contract';
import { Type } from 'typebox';
import { bearerToken, clearTileCookie, principalOf, setTileCookie } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { AuthService } from './auth.service';

export function authRoutes(app: Http, auth: AuthService): void {
  app.post(
    Paths.login,
    {
      config: { public: true, rateLimitClass: 'login' },
      schema: {
        operationId: 'login',
        tags: ['auth'],
        summary: 'Log in (spec 001 §7 account/login)',
        body: LoginRequest,
        response: responses(LoginResponse),
      },
    },
    async (request, reply) => {
      const { tileToken, ...session } = await auth.login(request.body, request.ip);
      reply.header('cache-control', 'no-store');
      setTileCookie(request, reply, tileToken, new Date(session.expiresAt));
      return ok(session, 'login.success');
    },
  );

  app.post(
    Paths.logout,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'logout',
        tags: ['auth'],
        summary: "Log out: ends this session's token, its tile cookie and the tile key it asked for",
        response: responses(Type.Null()),
      },
    },
    async (request, reply) => {
      await auth.logout(principalOf(request));
      clearTileCookie(reply);
      return ok(null, 'logoutOK');
    },
  );

  app.post(
    Paths.logoutEverywhere,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'logoutEverywhere',
        tags: ['auth'],
        summary:
          "Sign out everywhere: ends every session of the account (this one too) with their tile cookies, the account's tile key and its API keys",
        response: responses(LogoutEverywhereResponse),
      },
    },
    async (request, reply) => {
      const ended = await auth.signOutEverywhere(principalOf(request).user.id);
      clearTileCookie(reply);
      return ok(ended, 'login.signedOutEverywhere');
    },
  );

  app.post(
    Paths.passwordChange,
    {
      config: { scope: 'account' },
      schema: {
        operationId: 'changePassword',
        tags: ['auth'],
        summary:
          'Change password (spec 001 §7 account/pwdchg): ends every other session with its tile cookie, the tile key and the API keys; this session stays',
        body: PasswordChangeRequest,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body);
      return ok(null, 'saveOK');
    },
  );

  app.get(
    Paths.me,
    {
      config: { scope: 'read' },
      schema: {
        operationId: 'getMe',
        tags: ['auth'],
        summary:
          'The current user; also sets the tile cookie of the session (asked at every start; not for an API key)',
        response: responses(User),
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const bearer = bearerToken(request);
      // An API key has no session, so no tile cookie: a program asks who it is, nothing more.
      if (bearer && !principal.apiKey) {
        setTileCookie(request, reply, await auth.tileTokenFor(principal, bearer), principal.expiresAt);
      }
      return ok(principal.user);
    },
  );
}
