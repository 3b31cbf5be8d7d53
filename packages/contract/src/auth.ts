import { type Static, Type } from 'typebox';
import { Languages, Limits } from './limits';
import { SingleLineText } from './text';

/** Organisation of a user (spec 000 §3 User, 001 §3 User). */
export const Org = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Integer({ description: '3 reseller, 4 customer; other types exist' }),
  address: Type.String(),
  orgContactPerson: Type.Object({ contactPerson: Type.String() }),
  auth: Type.Object({
    orderType: Type.Array(Type.Integer(), {
      description: '1 archive ordering allowed, 4 tasking ordering allowed',
    }),
  }),
});
export type Org = Static<typeof Org>;

export const User = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  isTest: Type.Boolean(),
  timezone: Type.Union([Type.String(), Type.Null()], {
    description: 'IANA zone chosen in the account; null means the browser zone',
  }),
  language: Type.Union([Type.Literal('en'), Type.Literal('zh'), Type.Null()]),
  org: Org,
});
export type User = Static<typeof User>;

/**
 * A username meets the users table, so it holds no control characters; passwords given to be
 * checked (login, old password) are only compared with a hash and stay as they are, so any
 * password already set keeps working, while a new password refuses control characters.
 */
export const LoginRequest = Type.Object({
  username: SingleLineText({ minLength: 1, maxLength: Limits.usernameMax }),
  password: Type.String({ minLength: 1, maxLength: Limits.passwordMax }),
  remember: Type.Optional(Type.Boolean({ default: false })),
});
export type LoginRequest = Static<typeof LoginRequest>;

export const LoginResponse = Type.Object({
  token: Type.String(),
  /** ISO 8601 UTC; the browser keeps it as `expiretime` */
  expiresAt: Type.String({ format: 'date-time' }),
  user: User,
});
export type LoginResponse = Static<typeof LoginResponse>;

export const PasswordChangeRequest = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 1024 }),
  newPassword: SingleLineText({ minLength: Limits.passwordMin, maxLength: Limits.passwordMax }),
  confirmPassword: SingleLineText({ minLength: 1, maxLength: Limits.passwordMax }),
});
export type PasswordChangeRequest = Static<typeof PasswordChangeRequest>;

/** `POST auth/logout/all`: how many sessions were ended (this one among them). */
export const LogoutEverywhereResponse = Type.Object({
  sessions: Type.Integer({ minimum: 0, description: 'sessions ended, the calling one included' }),
  apiKeys: Type.Integer({ minimum: 0, description: 'API keys revoked' }),
});
export type LogoutEverywhereResponse = Static<typeof LogoutEverywhereResponse>;

export const LanguageSchema = Type.Union(Languages.map((l) => Type.Literal(l)));

export const HealthResponse = Type.Object({
  db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
  version: Type.String(),
  dbCheckedAt: Type.String({ format: 'date-time', description: 'when the database last answered' }),
  dbBusy: Type.Boolean({
    description:
      'the database is working on a long statement: it answered within the last minute, not just now',
  }),
});
export type HealthResponse = Static<typeof HealthResponse>;
