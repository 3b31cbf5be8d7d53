import { resolve } from 'node:path';
import { type ConnectionSettings, defaultConnectionSettings } from './http/connections';

/** Environment, parsed once at start (DESIGN §3). Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  /** The HTTP server's timeouts and connection caps (issue 26: slowloris). */
  http: ConnectionSettings;
  /**
   * A checked credential is kept this long per process (issue 29, http/credential-cache.ts); a
   * revocation anywhere ends it at once. 0: every request is checked in the database.
   */
  credentialCacheSeconds: number;
  /** Folder of the embedded database, the lock file and (later) files and the outbox. */
  dataDir: string;
  /** PostgreSQL + PostGIS when set; the embedded PGlite otherwise. */
  databaseUrl: string | undefined;
  /** Demo accounts (and later demo data) are created in demo mode: the embedded default, or DEMO=1. */
  demo: boolean;
  /** Simulated scenes generated over the last three years at the first demo start (DEMO_SCENES). */
  demoScenes: number;
  /**
   * The first demo start serves once the newest days exist and fills the rest of the three years
   * in the background (DEMO_ARCHIVE_BACKGROUND, default 1; 0 makes it all before serving).
   */
  demoArchiveBackground: boolean;
  /** Built browser application served at `/`. */
  webDist: string;
  logLevel: string;
  /** Public configuration handed to the browser (no secrets besides a browser map key). */
  tiandituKey: string | undefined;
  supportEmail: string;
  /** Sales mailbox: where "Contact sales" (the HD quota dialog) writes to; not technical support. */
  salesEmail: string;
  /** Order fulfilment (issue 14): audit, recheck, tasking captures, download links. */
  fulfilment: FulfilmentConfig;
  /** Where delivered files live: a folder under DATA_DIR by default, S3-compatible when configured. */
  storage: StorageConfig;
  /** E-mail: SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox. */
  mail: MailConfig;
  /** Tile services (issue 15): tile keys, the on-disk tile cache, HD allowances. */
  tiles: TilesConfig;
  /** issue 16: the living archive and subscription matching */
  subscriptions: SubscriptionsConfig;
  /** issue 27: where webhooks may go, how long a try waits, when tries are repeated */
  webhooks: WebhooksConfig;
  /** issue 28: orbital elements fetched from a source in CelesTrak's GP formats */
  orbitalElements: OrbitalElementsConfig;
}

export interface OrbitalElementsConfig {
  /** Sources (OMM JSON, OMM CSV or TLE); empty: none, the elements are those loaded from files. */
  urls: string[];
  /** Fetched this often (CelesTrak asks clients to fetch no more than they need). */
  refreshHours: number;
  /** One source's deadline, connect to the last byte. */
  timeoutSeconds: number;
  /** An answer larger than this is refused (CelesTrak's whole active catalogue is ~10 MB of JSON). */
  maxBytes: number;
}

function elementSources(value: string | undefined): string[] {
  const urls = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const url of urls) {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new Error(`ORBITAL_ELEMENTS_URL must be http(s) addresses, got ${url}`);
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      throw new Error(`ORBITAL_ELEMENTS_URL must be http(s) addresses, got ${url}`);
  }
  return urls;
}

export interface WebhooksConfig {
  /** Private, loopback, link-local … targets allowed (WEBHOOK_ALLOW_PRIVATE: tests, on-premise). */
  allowPrivate: boolean;
  /** http:// targets allowed besides https:// (WEBHOOK_ALLOW_HTTP). */
  allowHttp: boolean;
  /** One try's deadline, connect to the read of the answer. */
  timeoutSeconds: number;
  /** Seconds before each retry; tries = its length + 1. */
  retrySeconds: number[];
  /** Key of the endpoint secrets at rest; made once and kept in DATA_DIR when not given. */
  secretKey: string | undefined;
}

/** 8 tries over about 27 hours: the Standard Webhooks example schedule, cut at a day. */
export const defaultWebhookRetrySeconds = [5, 300, 1800, 7200, 18000, 36000, 36000];

function retrySchedule(value: string | undefined): number[] {
  if (value === undefined) return defaultWebhookRetrySeconds;
  if (!value.trim()) return [];
  return value.split(',').map((v) => positiveNumber(v.trim(), 'WEBHOOK_RETRY_SECONDS'));
}

export interface SubscriptionsConfig {
  /** Demo: the simulated archive is extended to "now" this often; 0 turns the living archive off. */
  livingArchiveSeconds: number;
  /** New scenes matched per transaction (one batch = one mail per subscription at most). */
  matchBatchSize: number;
}

export interface TilesConfig {
  /** A tile key dies after this long unused (spec 000 §7: 10 minutes). */
  keyIdleSeconds: number;
  /** Secret signing tile keys; made once and kept in DATA_DIR when not given. */
  keySecret: string | undefined;
  /** Rendered tiles and quicklooks kept on disk, bounded: least recently used evicted first. */
  cacheDir: string;
  cacheMaxBytes: number;
  /** Of those, the most recently used also kept in memory, per process (issue 29). */
  memoryCacheBytes: number;
  /** HD tiles above zoom 12 a day for an account without full HD, unless set per account (CLI). */
  defaultHdDailyTiles: number;
  /**
   * Tiles and downloads served are written to the usage figures this often (the usage ledger, issue
   * 29): what a kill -9 can lose at most.
   */
  usageFlushMs: number;
}

export interface FulfilmentConfig {
  /** Orders are approved by themselves after this delay (demo); otherwise an operator audits. */
  autoAudit: boolean;
  auditDelaySeconds: number;
  /** What a manual recheck (quality check by a person) adds before delivery: 24 h in production. */
  manualRecheckDelaySeconds: number;
  /**
   * Tasking captures happen at their pass times on a clock running this many times faster than
   * the wall clock from the moment of ordering (demo and tests; 1 in production).
   */
  taskingClockFactor: number;
  /** How long a delivered package's download link stays valid. */
  downloadLinkDays: number;
  /** Secret for signing download links; made once and kept in DATA_DIR when not given. */
  linkSecret: string | undefined;
  /** The portal's address as people reach it, for links in e-mails. */
  publicUrl: string;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      region: string;
      bucket: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** Path-style addressing: what MinIO, Ceph and most self-hosted stores need. */
      forcePathStyle: boolean;
    };

export interface MailConfig {
  /** smtp://user:pass@host:port (smtps:// for TLS); absent: write to the outbox folder. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

function wholeNumber(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
}

function positiveNumber(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
}

/** HTTP_* variables over the defaults; a timeout is never 0 (0 would turn it off). */
function httpConfig(env: NodeJS.ProcessEnv): ConnectionSettings {
  const d = defaultConnectionSettings;
  const seconds = (name: string, fallback: number, value = env[name]) =>
    value === undefined ? fallback : positiveNumber(value, name);
  const count = (name: string, fallback: number, value = env[name]) =>
    value === undefined ? fallback : wholeNumber(value, name);
  const http: ConnectionSettings = {
    headersTimeoutSeconds: seconds('HTTP_HEADERS_TIMEOUT_SECONDS', d.headersTimeoutSeconds),
    requestTimeoutSeconds: seconds('HTTP_REQUEST_TIMEOUT_SECONDS', d.requestTimeoutSeconds),
    keepAliveTimeoutSeconds: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', d.keepAliveTimeoutSeconds),
    idleTimeoutSeconds: seconds('HTTP_IDLE_TIMEOUT_SECONDS', d.idleTimeoutSeconds),
    stopGraceSeconds: seconds('HTTP_STOP_GRACE_SECONDS', d.stopGraceSeconds),
    maxConnections: count('HTTP_MAX_CONNECTIONS', d.maxConnections),
    maxConnectionsPerAddress: count('HTTP_MAX_CONNECTIONS_PER_ADDRESS', d.maxConnectionsPerAddress),
  };
  // Node refuses a header clock longer than the whole request's.
  if (http.headersTimeoutSeconds > http.requestTimeoutSeconds)
    throw new Error('HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS');
  return http;
}

const yes = (value: string | undefined) => value === '1' || value === 'true';

function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { kind: 'local', dir: resolve(dataDir, 'objects') };
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === undefined ? true : yes(env.S3_FORCE_PATH_STYLE),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = resolve(env.DATA_DIR ?? resolve(repoRoot, 'var'));
  const demo = env.DEMO === undefined ? databaseUrl === undefined : yes(env.DEMO);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    http: httpConfig(env),
    dataDir,
    databaseUrl,
    demo,
    // Aims a little above 200,000: the capacity estimate lands within a few percent of a target.
    demoScenes: wholeNumber(env.DEMO_SCENES ?? '210000', 'DEMO_SCENES'),
    demoArchiveBackground:
      env.DEMO_ARCHIVE_BACKGROUND === undefined ? true : yes(env.DEMO_ARCHIVE_BACKGROUND),
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    credentialCacheSeconds: wholeNumber(env.CREDENTIAL_CACHE_SECONDS ?? '10', 'CREDENTIAL_CACHE_SECONDS'),
    tiandituKey: env.TIANDITU_KEY || undefined,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@satportal.example',
    salesEmail: env.SALES_EMAIL ?? 'sales@satportal.example',
    fulfilment: {
      autoAudit: env.AUTO_AUDIT === undefined ? demo : yes(env.AUTO_AUDIT),
      // Demo: an order is audited within half a minute and a recheck takes two more; the real
      // figures (an operator's audit, a 24 h recheck) would leave a visitor waiting for a day.
      auditDelaySeconds: wholeNumber(env.AUDIT_DELAY_SECONDS ?? '20', 'AUDIT_DELAY_SECONDS'),
      manualRecheckDelaySeconds: wholeNumber(
        env.MANUAL_RECHECK_DELAY_SECONDS ?? (demo ? '120' : String(24 * 3600)),
        'MANUAL_RECHECK_DELAY_SECONDS',
      ),
      // Demo: a pass two days away is captured in about an hour.
      taskingClockFactor: positiveNumber(
        env.TASKING_CLOCK_FACTOR ?? (demo ? '48' : '1'),
        'TASKING_CLOCK_FACTOR',
      ),
      downloadLinkDays: positiveNumber(env.DOWNLOAD_LINK_DAYS ?? '7', 'DOWNLOAD_LINK_DAYS'),
      linkSecret: env.LINK_SECRET || undefined,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    },
    storage: storageConfig(env, dataDir),
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      from: env.MAIL_FROM ?? 'Satportal <orders@satportal.example>',
      outboxDir: resolve(dataDir, 'outbox'),
    },
    tiles: {
      keyIdleSeconds: wholeNumber(env.TILE_KEY_IDLE_SECONDS ?? '600', 'TILE_KEY_IDLE_SECONDS'),
      keySecret: env.TILE_KEY_SECRET || undefined,
      cacheDir: resolve(env.TILE_CACHE_DIR ?? resolve(dataDir, 'cache', 'tiles')),
      cacheMaxBytes: wholeNumber(env.TILE_CACHE_MAX_MB ?? '1024', 'TILE_CACHE_MAX_MB') * 1024 * 1024,
      memoryCacheBytes: wholeNumber(env.TILE_MEMORY_CACHE_MB ?? '128', 'TILE_MEMORY_CACHE_MB') * 1024 * 1024,
      defaultHdDailyTiles: wholeNumber(env.HD_DAILY_TILES ?? '500', 'HD_DAILY_TILES'),
      usageFlushMs: positiveNumber(env.USAGE_FLUSH_MS ?? '1000', 'USAGE_FLUSH_MS'),
    },
    subscriptions: {
      livingArchiveSeconds: wholeNumber(
        env.LIVING_ARCHIVE_SECONDS ?? (demo ? '300' : '0'),
        'LIVING_ARCHIVE_SECONDS',
      ),
      matchBatchSize: Math.max(1, wholeNumber(env.MATCH_BATCH_SIZE ?? '10000', 'MATCH_BATCH_SIZE')),
    },
    webhooks: {
      allowPrivate: yes(env.WEBHOOK_ALLOW_PRIVATE),
      allowHttp: yes(env.WEBHOOK_ALLOW_HTTP),
      timeoutSeconds: positiveNumber(env.WEBHOOK_TIMEOUT_SECONDS ?? '10', 'WEBHOOK_TIMEOUT_SECONDS'),
      retrySeconds: retrySchedule(env.WEBHOOK_RETRY_SECONDS),
      secretKey: env.WEBHOOK_SECRET_KEY || undefined,
    },
    orbitalElements: {
      urls: elementSources(env.ORBITAL_ELEMENTS_URL),
      refreshHours: positiveNumber(
        env.ORBITAL_ELEMENTS_REFRESH_HOURS ?? '6',
        'ORBITAL_ELEMENTS_REFRESH_HOURS',
      ),
      timeoutSeconds: positiveNumber(
        env.ORBITAL_ELEMENTS_TIMEOUT_SECONDS ?? '30',
        'ORBITAL_ELEMENTS_TIMEOUT_SECONDS',
      ),
      maxBytes: Math.round(
        positiveNumber(env.ORBITAL_ELEMENTS_MAX_MB ?? '32', 'ORBITAL_ELEMENTS_MAX_MB') * 1024 * 1024,
      ),
    },
  };
}

export { repoRoot };
