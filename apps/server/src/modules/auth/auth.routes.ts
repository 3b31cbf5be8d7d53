import { LoginRequest, LoginResponse, PasswordChangeRequest, Paths, User } from '@satportal/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth-plugin';
import { ok, responses } from '../../http/envelope';
import type { Http } from '../../http/types';
import type { AuthService } from './auth.service';

export function authRoutes(app: Http, auth: AuthService): void {
  app.post(
    Paths.login,
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Log in (spec 001 §7 account/login)',
        body: LoginRequest,
        response: responses(LoginResponse),
      },
    },
    async (request) => ok(await auth.login(request.body, request.ip), 'login.success'),
  );

  app.post(
    Paths.logout,
    { schema: { tags: ['auth'], summary: 'Log out: revokes the token', response: responses(Type.Null()) } },
    async (request) => {
      await auth.logout(principalOf(request));
      return ok(null, 'logoutOK');
    },
  );

  app.post(
    Paths.passwordChange,
    {
      schema: {
        tags: ['auth'],
        summary: 'Change password (spec 001 §7 account/pwdchg)',
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
    { schema: { tags: ['auth'], summary: 'The current user', response: responses(User) } },
    async (request) => ok(principalOf(request).user),
  );
}
