import { resolve } from 'node:path';

/** Environment, parsed once at start (DESIGN §3). Nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database, the lock file and (later) files and the outbox. */
  dataDir: string;
  /** PostgreSQL + PostGIS when set; the embedded PGlite otherwise. */
  databaseUrl: string | undefined;
  /** Demo accounts (and later demo data) are created in demo mode: the embedded default, or DEMO=1. */
  demo: boolean;
  /** Simulated scenes generated over the last three years at the first demo start (DEMO_SCENES). */
  demoScenes: number;
  /** Built browser application served at `/`. */
  webDist: string;
  logLevel: string;
  /** Public configuration handed to the browser (no secrets besides a browser map key). */
  tiandituKey: string | undefined;
  supportEmail: string;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

function wholeNumber(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, 'var')),
    databaseUrl,
    demo: env.DEMO === undefined ? databaseUrl === undefined : env.DEMO === '1' || env.DEMO === 'true',
    // Aims a little above 200,000: the capacity estimate lands within a few percent of a target.
    demoScenes: wholeNumber(env.DEMO_SCENES ?? '210000', 'DEMO_SCENES'),
    webDist: resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    tiandituKey: env.TIANDITU_KEY || undefined,
    supportEmail: env.SUPPORT_EMAIL ?? 'support@satportal.example',
  };
}

export { repoRoot };
