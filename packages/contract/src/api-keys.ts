import { type Static, Type } from 'typebox';
import { Id, SingleLineText } from './text';

/**
 * API keys for programs (issue 27): made, listed and revoked in the account centre and the
 * operator CLI, shown once, stored as a digest, with scopes, an optional expiry and their last use.
 */

/**
 * What a key may do; each route names the one it needs (`config.scope`, docs/API.md "API keys"):
 * `read` reads the caller's things (GET routes and the POST routes that only compute: searches,
 * area calculation, order detail, usage) and downloads delivered packages; `write` changes them
 * (AOIs, folders, subscriptions, tags, histories, read marks); `order` places and cancels orders
 * (money); `tiles` opens the tile routes (XYZ, WMTS, HD, the quicklook WMS). A route of the account
 * itself (password, sessions, tile keys, API keys) is never open to a key.
 */
export const ApiKeyScopes = ['read', 'write', 'order', 'tiles'] as const;
export type ApiKeyScope = (typeof ApiKeyScopes)[number];

/** The scope a route needs from a key; `account`: never with a key (only a session). */
export type RouteScope = ApiKeyScope | 'account';

/** Every key starts so: secret scanners find leaked ones, and the server tells them from session tokens. */
export const ApiKeyPrefix = 'spk_';
/** `spk_` + an 8-character visible id + `_` + 43 characters of a 256-bit random secret (base64url). */
export const ApiKeyPattern = /^spk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;
/** The header a program may send its key in (beside `Authorization: Bearer`). */
export const ApiKeyHeader = 'X-API-Key';
/**
 * The query parameter of a key on tile routes only (XYZ and WMTS URLs in QGIS and GDAL), and only
 * for a key whose one scope is `tiles`: URLs end up in logs, and such a key opens nothing else.
 */
export const ApiKeyParam = 'api_key';

export const ApiKeyLimits = {
  /** Keys of one user that are not revoked (expired ones count until revoked). */
  perUser: 20,
  nameMax: 50,
  /** The latest expiry a key may be given (in days from its creation). */
  expiryMaxDays: 3 * 366,
} as const;

const Scopes = Type.Array(
  Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Literal('order'), Type.Literal('tiles')]),
  {
    minItems: 1,
    maxItems: ApiKeyScopes.length,
    uniqueItems: true,
  },
);

/** `POST api-keys`: a new key. */
export const ApiKeyCreateRequest = Type.Object({
  name: SingleLineText({ minLength: 1, maxLength: ApiKeyLimits.nameMax }),
  scopes: Scopes,
  expiresAt: Type.Optional(
    Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()], {
      description: 'when the key stops working (in the future, within three years); null or absent: never',
    }),
  ),
});
export type ApiKeyCreateRequest = Static<typeof ApiKeyCreateRequest>;

const apiKeyFields = {
  id: Type.Integer(),
  name: Type.String(),
  /** `spk_` and the visible id: how the key's text starts, to tell keys apart */
  prefix: Type.String(),
  scopes: Scopes,
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'written at most once a minute',
  }),
  expired: Type.Boolean(),
};

/** A key as listed: never its secret. */
export const ApiKey = Type.Object(apiKeyFields);
export type ApiKey = Static<typeof ApiKey>;

/** `POST api-keys` answer: the key with its text, shown this once (only its digest is stored). */
export const ApiKeyCreated = Type.Object({
  ...apiKeyFields,
  key: Type.String({ description: 'the key; shown once, never again' }),
});
export type ApiKeyCreated = Static<typeof ApiKeyCreated>;

export const ApiKeyList = Type.Object({
  list: Type.Array(ApiKey, { description: 'newest first; revoked keys are not listed' }),
  max: Type.Integer({ description: 'keys a user may hold' }),
});
export type ApiKeyList = Static<typeof ApiKeyList>;

export const ApiKeyIdParams = Type.Object({ id: Id() });
