import { createHash } from 'node:crypto';
import { ApiKeyLimits, ApiKeyPattern, apiPath, Paths, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { testDatabaseUrl } from '../../test/database';
import { type Harness, letCredentialCacheExpire, startHarness } from '../../test/harness';
import { bearer, type Headers, keyRequests } from './test-helpers';

// API keys (issue 27 item 1), their life: made in the account centre with a session and shown
// once, stored as a digest, listed without the secret, revoked, expired, their use written at
// most once a minute, at most 20 a user; the operator's CLI does the same.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ credential: 'session' });
});

const { send, createKey, newKey } = keyRequests(() => h);

const me = (headers: Headers) => send('GET', apiPath(Paths.me), headers);
const keyRow = async (id: number) =>
  (await h.pool.query('SELECT * FROM api_keys WHERE id = $1', [id])).rows[0];

describe('an API key', () => {
  it('is shown once, stored only as its digest, and opens the API as its user', async () => {
    const user = await h.signedIn();
    const r = await createKey(user.token, { name: ' CI ‮pipeline ', scopes: ['tiles', 'read'] });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('apiKey.created');
    const created = r.body.data;
    expect(created.key).toMatch(ApiKeyPattern);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    // Trimmed, bidi overrides dropped, scopes in one order.
    expect(created).toMatchObject({ name: 'CI pipeline', scopes: ['read', 'tiles'], expiresAt: null });
    expect(created.lastUsedAt).toBeNull();

    const row = await keyRow(created.id);
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const secret = created.key.slice(created.prefix.length + 1);
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await send('GET', apiPath(Paths.apiKeys), bearer(user.token));
    expect(list.body.data.max).toBe(ApiKeyLimits.perUser);
    expect(list.body.data.list).toEqual([{ ...created, key: undefined }].map(({ key: _, ...k }) => k));
    expect(JSON.stringify(list.body)).not.toContain(secret);

    for (const headers of [bearer(created.key), { 'x-api-key': created.key }]) {
      const who = await me(headers);
      expect(who.status, JSON.stringify(headers)).toBe(200);
      expect(who.body.data.id).toBe(user.userId);
      // No session, so no tile cookie.
      expect(who.headers['set-cookie']).toBeUndefined();
      expect(who.headers['cache-control']).toBe('no-store');
    }
  });

  it('is refused once revoked, and only its owner revokes it', async () => {
    const owner = await h.signedIn();
    const other = await h.signedIn();
    const key = await newKey(owner.token);
    const otherKey = await newKey(other.token);

    const foreign = await send(
      'DELETE',
      apiPath(Paths.apiKey).replace(':id', String(key.id)),
      bearer(other.token),
    );
    expect(foreign.status).toBe(404);
    expect((await me(bearer(key.key))).status).toBe(200);

    const revoked = await send(
      'DELETE',
      apiPath(Paths.apiKey).replace(':id', String(key.id)),
      bearer(owner.token),
    );
    expect(revoked.body).toEqual({ code: ResultCode.Success, message: 'apiKey.revoked', data: null });
    for (const headers of [bearer(key.key), { 'x-api-key': key.key }]) {
      const r = await me(headers);
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: ResultCode.InvalidSession, message: 'apiKey.invalid', data: null });
    }
    const again = await send(
      'DELETE',
      apiPath(Paths.apiKey).replace(':id', String(key.id)),
      bearer(owner.token),
    );
    expect(again.status).toBe(404);
    expect((await send('GET', apiPath(Paths.apiKeys), bearer(owner.token))).body.data.list).toEqual([]);
    expect((await me(bearer(otherKey.key))).status).toBe(200);
    // A forged key of the right form, and a key's text with one character changed.
    const changed = `${key.key.slice(0, -1)}${key.key.endsWith('A') ? 'B' : 'A'}`;
    expect((await me(bearer(changed))).status).toBe(401);
    expect((await me(bearer(otherKey.key.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'))))).status).toBe(401);
  });

  it('takes an expiry in the future within three years, and stops at it', async () => {
    const user = await h.signedIn();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const key = await newKey(user.token, { expiresAt: soon });
    expect((await me(bearer(key.key))).status).toBe(200);
    for (const expiresAt of [
      new Date(Date.now() - 1000).toISOString(),
      new Date(Date.now() + (ApiKeyLimits.expiryMaxDays + 1) * 86_400_000).toISOString(),
    ]) {
      const r = await createKey(user.token, { expiresAt });
      expect(r.status, expiresAt).toBe(400);
      expect(r.body).toMatchObject({
        code: ResultCode.ValidationFailed,
        message: 'apiKey.badExpiry',
        data: { field: 'expiresAt' },
      });
    }
    await h.pool.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [
      key.id,
    ]);
    const r = await me(bearer(key.key));
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('apiKey.invalid');
    const [listed] = (await send('GET', apiPath(Paths.apiKeys), bearer(user.token))).body.data.list;
    expect(listed).toMatchObject({ id: key.id, expired: true });
  });

  it('refuses a name that is blank or not one line, and scopes it does not know', async () => {
    const user = await h.signedIn();
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'a\nb' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['admin'] }, 'scopes'],
      [{ scopes: ['read', 'read'] }, 'scopes'],
    ] as const) {
      const r = await createKey(user.token, body as never);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.field ?? r.body.data.params?.field, JSON.stringify(r.body)).toContain(field);
    }
  });

  it('refuses a path id that is no key id with 400 naming it, never a 500', async () => {
    const user = await h.signedIn();
    // Ajv reads 1e999 as Infinity, which passes `integer`; PostgreSQL then refused "Infinity" (500).
    for (const id of ['1e999', '-1e999', 'Infinity', '0', '2147483648', 'x']) {
      const r = await send('DELETE', `${apiPath(Paths.apiKeys)}/${id}`, bearer(user.token));
      expect(r.status, id).toBe(400);
      expect(r.body.code, id).toBe(ResultCode.ValidationFailed);
    }
  });

  it('notes its last use at most once a minute', async () => {
    const user = await h.signedIn();
    const key = await newKey(user.token);
    expect((await keyRow(key.id)).last_used_at).toBeNull();
    await me(bearer(key.key));
    const first = (await keyRow(key.id)).last_used_at as Date;
    expect(first).toBeInstanceOf(Date);
    await me(bearer(key.key));
    expect((await keyRow(key.id)).last_used_at).toEqual(first);
    await h.pool.query("UPDATE api_keys SET last_used_at = now() - interval '61 seconds' WHERE id = $1", [
      key.id,
    ]);
    await letCredentialCacheExpire(h.pool);
    const before = (await keyRow(key.id)).last_used_at as Date;
    await me(bearer(key.key));
    const after = (await keyRow(key.id)).last_used_at as Date;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
    const [listed] = (await send('GET', apiPath(Paths.apiKeys), bearer(user.token))).body.data.list;
    expect(listed.lastUsedAt).toBe(after.toISOString());
  });

  it('is one of at most 20 a user, also when many are made at once', async () => {
    const user = await h.signedIn();
    const other = await h.signedIn();
    for (let i = 0; i < ApiKeyLimits.perUser - 3; i++) await newKey(user.token, { name: `k${i}` });
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createKey(user.token, { name: `b${i}` })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of burst.filter((r) => r.status !== 200))
      expect(r.body).toEqual({
        code: ResultCode.Conflict,
        message: 'apiKey.tooMany',
        data: { params: { max: ApiKeyLimits.perUser } },
      });
    const { list } = (await send('GET', apiPath(Paths.apiKeys), bearer(user.token))).body.data;
    expect(list).toHaveLength(ApiKeyLimits.perUser);
    // Another user is not affected; a revoked key frees its place.
    await newKey(other.token);
    await send('DELETE', apiPath(Paths.apiKey).replace(':id', String(list[0].id)), bearer(user.token));
    await newKey(user.token, { name: 'again' });
    expect((await createKey(user.token)).status).toBe(409);
  });
});

describe('the operator CLI', () => {
  const cli = (...args: string[]) =>
    runCliWith({ DATABASE_URL: testDatabaseUrl(), DATA_DIR: h.config.dataDir }, args);

  it('creates a key printed once, lists and revokes it', async () => {
    const user = await h.signedIn();
    const made = await cli(
      'apikey',
      'create',
      '--username',
      user.username,
      '--name',
      'nightly',
      '--scopes',
      'read,order',
      '--expires',
      '2027-01-01',
    );
    expect(made.code).toBe(0);
    expect(made.lines[0]).toMatch(
      /^created API key \d+ "nightly" of user .*: read,order, expires 2027-01-01T00:00:00.000Z; shown once:$/,
    );
    const key = made.lines[1]!;
    expect(key).toMatch(ApiKeyPattern);
    const who = await me(bearer(key));
    expect(who.body.data.username).toBe(user.username);

    const listed = await cli('apikey', 'list', '--username', user.username);
    expect(listed.text).not.toContain(key.slice(14));
    expect(listed.lines[0]).toMatch(
      /^\s+\d+ {2}spk_[0-9a-f]{8}… {2}"nightly" {2}read,order {2}expires 2027-01-01T00:00:00.000Z {2}last used 20/,
    );
    expect(listed.lines.at(-1)).toBe(`1 of 20 keys of user ${user.username} (id ${user.userId})`);

    const id = listed.lines[0]!.trim().split(/\s+/)[0]!;
    const revoked = await cli('apikey', 'revoke', '--username', user.username, '--id', id);
    expect(revoked.text).toBe(`API key ${id} of user ${user.username} (id ${user.userId}) revoked`);
    expect((await me(bearer(key))).status).toBe(401);
  });

  it('refuses what the account centre refuses, saying why', async () => {
    const user = await h.signedIn();
    const other = await h.signedIn();
    const key = await newKey(other.token);
    for (const [args, message] of [
      [['apikey', 'create', '--username', user.username], '--name is required'],
      [
        ['apikey', 'create', '--username', user.username, '--name', 'x', '--scopes', 'read,admin'],
        '--scopes takes read, write, order, tiles',
      ],
      [
        ['apikey', 'create', '--username', user.username, '--name', 'x', '--expires', '2020-01-01'],
        '--expires must be in the future',
      ],
      [
        ['apikey', 'create', '--username', user.username, '--name', 'x', '--expires', 'tomorrow'],
        '--expires must be a date',
      ],
      [['apikey', 'create', '--username', 'nobody-here', '--name', 'x'], 'no user "nobody-here"'],
      [['apikey', 'revoke', '--username', user.username, '--id', String(key.id)], 'no such key'],
      [['apikey', 'revoke', '--username', user.username, '--id', '0'], '--id must be a key id'],
    ] as const) {
      await expect(cli(...args), args.join(' ')).rejects.toThrow(message);
    }
    expect((await me(bearer(key.key))).status).toBe(200);
  });
});
