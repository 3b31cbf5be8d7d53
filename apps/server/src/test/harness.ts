import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyScopes, apiPath, type LoginResponse, type Paths } from '@satportal/contract';
import type pg from 'pg';
import { afterAll, inject } from 'vitest';
import { composeServices } from '../composition';
import { type Config, loadConfig } from '../config';
import { createPool } from '../db/database';
import { buildApp } from '../http/app';
import { defaultRateLimits, type RateLimitSettings } from '../http/rate-limits';
import type { Http, RouteModule } from '../http/types';
import { routeModules } from '../routes';
import { testDatabaseUrl } from './database';

/** A server over the test database, driven in-process with `inject`. */
export interface Harness {
  app: Http;
  pool: pg.Pool;
  services: ReturnType<typeof composeServices>;
  /**
   * The configuration the services were composed with: a data folder of its own (objects, outbox,
   * link secret under `config.dataDir`, a temporary folder removed after the file's tests).
   */
  config: Config;
  kind: 'pglite' | 'postgres';
  url: string;
  /** The client address of this harness's calls (`call`); pass it to `app.inject` as `remoteAddress`. */
  remoteAddress: string;
  /** A new user with a unique name; returns its credentials. */
  createUser(options?: {
    orgType?: number;
    orderTypes?: number[];
  }): Promise<{ username: string; password: string }>;
  login(username: string, password: string, remember?: boolean): Promise<LoginResponse>;
  /**
   * A new user, logged in: its credentials, token and id. `token` is the session's token, or with
   * `credential` 'apiKey' an API key of the user holding every scope (`sessionToken` is the
   * session's either way: the account's own routes refuse keys).
   */
  signedIn(options?: { orgType?: number; orderTypes?: number[] }): Promise<{
    username: string;
    password: string;
    token: string;
    sessionToken: string;
    userId: number;
  }>;
  /** What `signedIn` hands out as `token`. */
  credential: TestCredential;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: (typeof Paths)[keyof typeof Paths],
    options?: { token?: string; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: tests read many response shapes and check them by value
  ): Promise<{ status: number; body: { code: number; message: string; data: any } }>;
}

/**
 * Which credential `signedIn` hands out as `token`: a session's, or (TEST_CREDENTIAL=apiKey) an API
 * key of the same user with every scope. The vitest project `db-apikeys` runs the isolation suites
 * (another user's ids on every endpoint) that way, so each holds for keys as well as sessions.
 */
export type TestCredential = 'session' | 'apiKey';
export const testCredential = (): TestCredential =>
  process.env.TEST_CREDENTIAL === 'apiKey' ? 'apiKey' : 'session';

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

/**
 * The tests' limits: the product's, except logins and uploads (every test file signs in many fresh
 * users from one address, and the upload tests send dozens of files). The rate-limit tests start
 * their own harness with small limits and with the product's own.
 */
export const testRateLimits: RateLimitSettings = {
  ...defaultRateLimits,
  loginPerMinute: 100_000,
  uploadPerMinute: 100_000,
  // The route-access tests are refused hundreds of times from the harness's one address.
  failedAuthPerMinute: 100_000,
  // The isolation suites run again with API keys (TEST_CREDENTIAL=apiKey): one key per user.
  apiKeyPerMinute: 100_000,
  apiKeyTilesPerMinute: 100_000,
};

/**
 * For tests that move a credential's clock by SQL (a session made idle, a key's use put back):
 * in real time the server's credential cache (10 s) would have let go of it long before, so the
 * epoch is moved on as a revocation would (http/credential-cache.ts).
 */
export async function letCredentialCacheExpire(pool: pg.Pool): Promise<void> {
  await pool.query('UPDATE credential_epoch SET epoch = epoch + 1');
}

export async function startHarness(
  options: {
    rateLimits?: RateLimitSettings | false;
    /** Environment variables for the configuration (e.g. SMTP_URL, S3_BUCKET, DOWNLOAD_LINK_DAYS). */
    env?: Record<string, string>;
    /** Routes of the test's own beside the product's (probes of the HTTP layer's hooks). */
    routes?: RouteModule[];
    /** What `signedIn` hands out as `token` (default: TEST_CREDENTIAL, else a session's). */
    credential?: TestCredential;
    /** A built web application's folder (the SPA fallback serves its index.html). */
    webDist?: string;
  } = {},
): Promise<Harness> {
  const url = testDatabaseUrl();
  const kind = inject('databaseKind');
  const pool = createPool(url, 4);
  const dataDir = mkdtempSync(join(tmpdir(), 'satportal-harness-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...options.env });
  const services = composeServices({ pool, kind }, { delivery: config });
  const app = await buildApp({
    version: 'test',
    auth: services.auth,
    credentialCache: services.credentialCache,
    tileKeys: services.tileKeys,
    apiKeys: services.apiKeys,
    usage: services.usage,
    routes: [...routeModules(services), ...(options.routes ?? [])],
    rateLimits: options.rateLimits ?? testRateLimits,
    connections: config.http,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  await app.ready();
  // Failed logins are counted per client address in the shared database: each harness is its own
  // address, so one test file's failures never throttle another's logins.
  const remoteAddress = `127.${randomBytes(3).join('.')}`;
  afterAll(async () => {
    await app.close();
    await pool.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call: Harness['call'] = async (method, path, options = {}) => {
    const response = await app.inject({
      method,
      url: apiPath(path),
      remoteAddress,
      headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  const credential = options.credential ?? testCredential();
  const harness: Harness = {
    credential,
    app,
    pool,
    services,
    config,
    kind,
    url,
    remoteAddress,
    call,
    async createUser(options = {}) {
      const username = uniqueName('user');
      const password = `pw-${randomBytes(6).toString('hex')}`;
      await services.accounts.createUser({
        username,
        password,
        orgType: options.orgType ?? 4,
        orderTypes: options.orderTypes ?? [1, 4],
      });
      return { username, password };
    },
    async signedIn(options) {
      const credentials = await harness.createUser(options);
      const session = await harness.login(credentials.username, credentials.password);
      const userId = session.user.id;
      const token =
        credential === 'apiKey'
          ? (await services.apiKeys.create(userId, { name: 'harness', scopes: [...ApiKeyScopes] })).key
          : session.token;
      return { ...credentials, token, sessionToken: session.token, userId };
    },
    async login(username, password, remember = false) {
      const r = await call('POST', '/auth/login', { body: { username, password, remember } });
      if (r.body.code !== 2000) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
      return r.body.data as LoginResponse;
    },
  };
  return harness;
}
