import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, Paths } from '@satportal/contract';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { composeServices } from '../composition';
import { loadConfig } from '../config';
import { QuicklookWmsPath } from '../modules/tiles/tiles.routes';
import {
  databasePool,
  freshPostgresDatabase,
  post,
  type ServerProcess,
  serverEnv,
  startServer,
} from '../test/server-process';

/**
 * The credential cache across processes (issue 29): server A keeps what it has checked for ten
 * minutes; a revocation made by another process — a second server on the same PostgreSQL, and on
 * both databases the operator's side (the services over their own connection, as the CLI) — ends
 * it at A at once: the next request after the revocation's answer is refused, with no wait.
 */

const postgres = process.env.DATABASE_URL
  ? await freshPostgresDatabase(process.env.DATABASE_URL, 'satportal_credentials')
  : null;
const databaseUrl = postgres?.url ?? '';
const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'satportal-credentials-')));
const env = (dataDir: string) =>
  serverEnv(dataDir, databaseUrl, { DEMO: '0', CREDENTIAL_CACHE_SECONDS: '600' });

const servers: ServerProcess[] = [];
let pool: pg.Pool | undefined;

afterAll(async () => {
  for (const s of servers) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  }
  await pool?.end().catch(() => {});
  await postgres?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 120_000);

/** A counted tile route anyone signed in may ask: the quicklook WMS's capabilities. */
async function tileStatus(server: ServerProcess, headers: Record<string, string>) {
  const r = await fetch(`${server.url}${QuicklookWmsPath}?SERVICE=WMS&REQUEST=GetCapabilities`, { headers });
  await r.arrayBuffer();
  return r.status;
}

async function call(server: ServerProcess, method: string, path: string, token: string, body?: unknown) {
  const r = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: r.status, body: (await r.json()) as { code: number; data: { id: number; key: string } } };
}

describe('the credential cache across processes', () => {
  it('ends a kept session or key at once when another process revokes it', async () => {
    const a = await startServer(env(dirs[0]!));
    servers.push(a);
    // On PostgreSQL a second server on the same database; the embedded database has one server.
    const b = databaseUrl ? await startServer(env(dirs[1]!)) : undefined;
    if (b) servers.push(b);
    pool = databasePool(dirs[0]!, databaseUrl);
    const operator = composeServices(
      { pool, kind: databaseUrl ? 'postgres' : 'pglite' },
      { delivery: { ...loadConfig(env(dirs[0]!)), credentialCacheSeconds: 0 } },
    );
    const user = { username: 'cache-across', password: 'cache-across-password' };
    const created = await operator.accounts.createUser({
      ...user,
      orgType: 4,
      orderTypes: [1],
      email: 'c@cache.example',
    });
    const signIn = async (server: ServerProcess) => {
      const r = await post(server.url, '/auth/login', user);
      expect(r.body.code).toBe(2000);
      return r.body.data.token as string;
    };
    const [first, second, third] = [await signIn(a), await signIn(a), await signIn(a)];
    const made = await call(a, 'POST', apiPath(Paths.apiKeys), first, {
      name: 'qgis',
      scopes: ['read', 'tiles'],
    });
    expect(made.body.code).toBe(2000);
    const apiKey = made.body.data.key;

    // A keeps them: a session made idle behind its back by SQL (no credential changed, the
    // epoch stays) still opens tiles there — the check is not made again.
    for (const headers of [{ authorization: `Bearer ${second}` }, { 'x-api-key': apiKey }] as Record<
      string,
      string
    >[])
      expect(await tileStatus(a, headers)).toBe(200);
    await pool.query(`UPDATE sessions SET last_seen_at = now() - interval '400 days'`);
    expect(await tileStatus(a, { authorization: `Bearer ${second}` })).toBe(200);
    await pool.query('UPDATE sessions SET last_seen_at = now()');

    // The API key revoked elsewhere (B's API, or the operator): refused at A at once.
    if (b)
      expect(
        (await call(b, 'DELETE', apiPath(Paths.apiKey).replace(':id', String(made.body.data.id)), first))
          .status,
      ).toBe(200);
    else await operator.apiKeys.revoke(created.id, made.body.data.id);
    expect(await tileStatus(a, { 'x-api-key': apiKey })).toBe(401);
    expect(await tileStatus(a, { authorization: `Bearer ${second}` })).toBe(200);

    // A session ended elsewhere: its tiles refused at A at once.
    if (b) expect((await call(b, 'POST', apiPath(Paths.logout), second)).status).toBe(200);
    else await operator.auth.logout(await operator.auth.authenticate(second));
    expect(await tileStatus(a, { authorization: `Bearer ${second}` })).toBe(401);

    // The password changed elsewhere ends every other session of the account at A at once.
    expect(await tileStatus(a, { authorization: `Bearer ${first}` })).toBe(200);
    const changer = b ? await signIn(b) : third;
    const change = {
      oldPassword: user.password,
      newPassword: 'cache-across-new-1',
      confirmPassword: 'cache-across-new-1',
    };
    if (b)
      expect((await call(b, 'POST', apiPath(Paths.passwordChange), changer, change)).body.code).toBe(2000);
    else await operator.auth.changePassword(await operator.auth.authenticate(changer), change);
    expect(await tileStatus(a, { authorization: `Bearer ${first}` })).toBe(401);
    if (b) expect(await tileStatus(a, { authorization: `Bearer ${third}` })).toBe(401);
    // The session that changed it stays, at A as where it was made.
    expect(await tileStatus(b ?? a, { authorization: `Bearer ${changer}` })).toBe(200);
  }, 600_000);
});
