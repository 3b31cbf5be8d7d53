import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from './composition';
import { loadConfig } from './config';
import { createPool } from './db/database';
import { buildApp } from './http/app';
import type { Http } from './http/types';
import { routeModules } from './routes';
import { appVersion } from './version';

/**
 * The whole application as the server builds it, every module's routes registered, but over a
 * database it never connects to (the pool connects on its first query, and building the routes
 * asks none): the OpenAPI document and the route table without a database or a listening port.
 * Used by `npm run check:openapi` (scripts/openapi-lint.mjs) and by http/openapi.test.ts.
 */
export async function buildDocumentedApp(): Promise<{ app: Http; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'satportal-openapi-'));
  const pool = createPool('postgres://openapi@127.0.0.1:1/none', 1);
  const config = loadConfig({ DATA_DIR: dataDir });
  const services = composeServices({ pool, kind: 'postgres' }, { delivery: config });
  const app = await buildApp({
    version: appVersion,
    auth: services.auth,
    tileKeys: services.tileKeys,
    apiKeys: services.apiKeys,
    usage: services.usage,
    routes: routeModules(services),
    connections: config.http,
    publicConfig: { supportEmail: config.supportEmail },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await pool.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The OpenAPI document the server serves at `/api/docs/json`. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const { app, close } = await buildDocumentedApp();
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await close();
  }
}

// `node --import tsx apps/server/src/openapi-document.ts FILE` writes the document to FILE.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: openapi-document.ts FILE');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
}
