import { join } from 'node:path';
import { composeFulfilment } from './compose-fulfilment';
import { composeServices } from './composition';
import { loadConfig, repoRoot } from './config';
import { openDatabase } from './db/database';
import { demoAccounts, ensureDemoAccounts } from './demo/demo-accounts';
import { ensureDemoArchive } from './demo/demo-archive';
import { ensureDemoCompanies } from './demo/demo-companies';
import { ensureLandsat8Scene } from './demo/demo-landsat8';
import { type LivingArchiveRunner, startLivingArchive } from './demo/living-archive';
import { buildApp } from './http/app';
import { requestMatching, startSubscriptionWorkers } from './jobs/subscriptions.jobs';
import { defaultConstellation } from './modules/catalogue/constellation';
import { describeTleLoad } from './modules/catalogue/orbital-elements.service';
import { describeIngest } from './modules/scenes/ingest.service';
import { routeModules } from './routes';
import { appVersion } from './version';

/** Composition root: config → db → repositories → services → http. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const say = (m: string) => console.log(`[satportal] ${m}`);
  const db = await openDatabase(config, { mode: 'own', onProgress: say });
  // The tile caches (quicklooks included) live under TILE_CACHE_DIR, bounded by TILE_CACHE_MAX_MB.
  const services = composeServices(db, { delivery: config });
  await services.catalogue.seedConstellation(defaultConstellation, (w) => say(`warning: ${w}`));
  if (config.demo) {
    const created = await ensureDemoAccounts(services.accounts, services.usage);
    if (created.length) say(`created demo accounts: ${created.join(', ')}`);
    const companies = await ensureDemoCompanies(services.accounts, services.companiesRepository);
    if (companies) say(`added ${companies} end-user companies for the reseller account`);
    // Idempotent: later starts find every element set known and add nothing.
    const reports = await services.orbitalElements.loadFolder(join(repoRoot, 'data/tle'));
    const loaded = reports.reduce((n, r) => n + r.loaded, 0);
    if (loaded) say(`loaded ${loaded} orbital element sets from data/tle`);
    for (const r of reports) if (r.rejected.length) for (const line of describeTleLoad(r)) say(line);
    // The real STAC items; a file already ingested with the same content is only digested.
    for (const r of await services.ingest.ingestFolderOnce(join(repoRoot, 'data/stac-items'), say)) {
      if (!r.skipped) for (const line of describeIngest(r)) say(line);
    }
    if (await ensureLandsat8Scene(services))
      say('registered the Landsat 8 subset of data/imagery as a scene');
    await ensureDemoArchive(services, config.demoScenes, say);
  }
  // A mail a killed process was writing into the outbox is sent again by its job: its half file goes.
  await services.mailer.tidy();
  // Fulfilment's workers run in the server: orders move while it runs and resume after a restart.
  const fulfilment = await composeFulfilment(db.pool, services, config, { workers: true });
  await fulfilment.startWorkers(say);
  // Subscriptions' matching and mails share fulfilment's queue; the sweep also picks up scenes
  // written while no server ran (ingest, the CLI) and captures (within its 30 s).
  const subscriptionWorkers = await startSubscriptionWorkers(
    fulfilment.queue,
    { matching: services.matching, mails: services.subscriptionMails },
    { log: say },
  );
  // The demo provider's archive grows as the real satellites fly: caught up now, then extended
  // every LIVING_ARCHIVE_SECONDS, each extension matched at once.
  let livingArchive: LivingArchiveRunner | null = null;
  if (config.demo)
    livingArchive = startLivingArchive(
      services,
      config.subscriptions.livingArchiveSeconds,
      () => requestMatching(fulfilment.queue),
      say,
    );
  services.health.startProbing();
  await services.sessionsRepository.purgeOld();
  await services.archive.purgeOldSearches();

  const app = await buildApp({
    version: appVersion,
    auth: services.auth,
    tileKeys: services.tileKeys,
    usage: services.usage,
    routes: routeModules(services),
    webDist: config.webDist,
    publicConfig: { tiandituKey: config.tiandituKey, supportEmail: config.supportEmail },
    logger: { level: config.logLevel },
    disableRequestLogging: config.logLevel !== 'debug',
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await livingArchive?.stop().catch(() => {});
    subscriptionWorkers.stop();
    // A package being made is finished (or left for the next start's sweep) before the database goes.
    await fulfilment.stop().catch(() => {});
    await db.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
  say(`database: ${db.kind === 'pglite' ? `embedded PGlite + PostGIS in ${config.dataDir}` : 'PostgreSQL'}`);
  say(
    config.fulfilment.autoAudit
      ? `orders are audited automatically after ${config.fulfilment.auditDelaySeconds} s; files in ${config.storage.kind === 'local' ? config.storage.dir : `s3://${config.storage.bucket}`}; mail ${config.mail.smtpUrl ? 'by SMTP' : `to ${config.mail.outboxDir}`}`
      : "orders wait for an operator's audit: npm run cli -- orders approve NUMBER",
  );
  if (config.demo) {
    say('demo accounts (username / password):');
    for (const d of demoAccounts) say(`  ${d.username.padEnd(9)} / ${d.password.padEnd(20)} ${d.role}`);
  }
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s — open ${url}`);
}

main().catch((e) => {
  console.error(`[satportal] failed to start: ${(e as Error).message}`);
  process.exit(1);
});
