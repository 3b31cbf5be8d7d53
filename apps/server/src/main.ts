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
import { describeDemoIngest } from './demo/start-messages';
import { buildApp } from './http/app';
import { closeHttpServer } from './http/close-server';
import { startElementsRefresh } from './jobs/orbital-elements.jobs';
import { requestMatching, startSubscriptionWorkers } from './jobs/subscriptions.jobs';
import { startWebhookWorkers } from './jobs/webhooks.jobs';
import { defaultConstellation } from './modules/catalogue/constellation';
import { describeTleLoad } from './modules/catalogue/orbital-elements.service';
import { routeModules } from './routes';
import { appVersion } from './version';

const say = (m: string) => console.log(`[satportal] ${m}`);

// What is open, closed in reverse order by a signal at any time — also during a long first start.
const closers: Array<{ name: string; close: () => Promise<void> | void }> = [];
/** What the shutdown is waiting for: named when it gives up, so a hang says where it is. */
let closingNow = '';
let closing = false;
async function shutdown(reason: string) {
  if (closing) return;
  closing = true;
  say(`${reason}: shutting down`);
  // A closer that never ends (a hung connection) must not keep the process alive for ever.
  setTimeout(() => {
    say(`not closed within 30 s (still closing: ${closingNow}): exiting anyway`);
    process.exit(1);
  }, 30_000).unref();
  for (const { name, close } of closers.reverse()) {
    closingNow = name;
    const began = Date.now();
    await Promise.resolve(close()).catch(() => {});
    if (Date.now() - began > 5000) say(`${name} took ${((Date.now() - began) / 1000).toFixed(1)} s to close`);
  }
  say('stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));
// Started by `npm start` with an IPC channel: when that parent goes (even killed), so do we.
if (process.send) process.on('disconnect', () => void shutdown('parent exited'));
// A job still running when the queue's stop gave up on it fails on the closed database once the
// shutdown has begun; jobs are idempotent and run again after the next start, so that failure must
// not crash the shutdown (which would leave the embedded database unclosed). Before, as Node would.
process.on('unhandledRejection', (reason) => {
  if (closing) return;
  throw reason;
});

/** Composition root: config → db → repositories → services → http. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const db = await openDatabase(config, { mode: 'own', onProgress: say });
  closers.push({
    name: 'the database',
    close: async () => {
      await db.close();
      say('database closed');
    },
  });
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
    for (const r of await services.ingest.ingestFolderOnce(join(repoRoot, 'data/stac-items'), say))
      for (const line of describeDemoIngest(r)) say(line);
    if (await ensureLandsat8Scene(services))
      say('registered the Landsat 8 subset of data/imagery as a scene');
    // Ready in seconds on a first start: the newest days now, the rest of three years meanwhile.
    const filling = await ensureDemoArchive(services, config.demoScenes, say, new Date(), {
      background: config.demoArchiveBackground,
    });
    if (filling) closers.push({ name: "the demo archive's filling", close: () => filling.stop() });
  }
  // A mail a killed process was writing into the outbox is sent again by its job: its half file goes.
  await services.mailer.tidy();
  // Fulfilment's workers run in the server: orders move while it runs and resume after a restart.
  const fulfilment = await composeFulfilment(db.pool, services, config, { workers: true });
  // A package being made is finished (or left for the next start's sweep) before the database goes.
  closers.push({ name: "fulfilment's workers and the job queue", close: () => fulfilment.stop() });
  await fulfilment.startWorkers(say);
  // Subscriptions' matching and mails share fulfilment's queue; the sweep also picks up scenes
  // written while no server ran (ingest, the CLI) and captures (within its 30 s).
  const subscriptionWorkers = await startSubscriptionWorkers(
    fulfilment.queue,
    { matching: services.matching, mails: services.subscriptionMails },
    { log: say },
  );
  closers.push({ name: "subscriptions' workers", close: () => subscriptionWorkers.stop() });
  // Webhook deliveries share the queue too: the outbox's rows of this process are swept at once.
  const webhookWorkers = await startWebhookWorkers(
    fulfilment.queue,
    { delivery: services.webhookDelivery, repository: services.webhooksRepository },
    { log: say },
  );
  services.webhookOutbox.nudge = () => webhookWorkers.nudge();
  closers.push({ name: "webhooks' workers", close: () => webhookWorkers.stop() });
  // Orbital elements from the configured source, fetched when due by one server of those sharing
  // the database; with none (the offline demo) the panel keeps saying how old the loaded ones are.
  const elementsRefresh = await startElementsRefresh(fulfilment.queue, services.elementsRefresh, {
    log: say,
  });
  closers.push({ name: "orbital elements' refresh", close: () => elementsRefresh.stop() });
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
  if (livingArchive) closers.push({ name: 'the living archive', close: () => livingArchive?.stop() });
  closers.push({ name: "health's probe", close: services.health.startProbing() });
  await services.sessionsRepository.purgeOld();
  await services.archive.purgeOldSearches();

  const app = await buildApp({
    version: appVersion,
    auth: services.auth,
    credentialCache: services.credentialCache,
    tileKeys: services.tileKeys,
    apiKeys: services.apiKeys,
    usage: services.usage,
    routes: routeModules(services),
    webDist: config.webDist,
    connections: config.http,
    publicConfig: {
      tiandituKey: config.tiandituKey,
      supportEmail: config.supportEmail,
      salesEmail: config.salesEmail,
    },
    logger: { level: config.logLevel },
    disableRequestLogging: config.logLevel !== 'debug',
  });

  // Requests end first: the server stops taking new ones and lets the running ones finish, for
  // HTTP_STOP_GRACE_SECONDS (10) of the 30: a download nobody reads would hold the stop minutes.
  closers.push({
    name: 'the HTTP server',
    close: () =>
      closeHttpServer(app, {
        graceMs: config.http.stopGraceSeconds * 1000,
        phase: (what) => {
          closingNow = what;
        },
        say,
      }),
  });

  // Fastify announces every address it listens on as a JSON log line (on 0.0.0.0, one per network
  // interface); the start says it once, readably, in its last line.
  const logLevel = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = logLevel;
  const address = app.server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
  say(`database: ${db.kind === 'pglite' ? `embedded PGlite + PostGIS in ${config.dataDir}` : 'PostgreSQL'}`);
  say(
    config.fulfilment.autoAudit
      ? `orders are audited automatically after ${config.fulfilment.auditDelaySeconds} s; files in ${config.storage.kind === 'local' ? config.storage.dir : `s3://${config.storage.bucket}`}; mail ${config.mail.smtpUrl ? 'by SMTP' : `to ${config.mail.outboxDir}`}`
      : "orders wait for an operator's audit: npm run cli -- orders approve NUMBER",
  );
  say(
    config.orbitalElements.urls.length
      ? `orbital elements: fetched every ${config.orbitalElements.refreshHours} h from ${config.orbitalElements.urls.length} source(s); npm run cli -- tle status`
      : 'orbital elements: no source configured (ORBITAL_ELEMENTS_URL); those loaded from files are used',
  );
  if (config.demo) {
    say('demo accounts (username / password):');
    for (const d of demoAccounts) say(`  ${d.username.padEnd(9)} / ${d.password.padEnd(20)} ${d.role}`);
  }
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s — open ${url}`);
}

main().catch((e) => {
  // A start cut short by a signal fails on the closed database: that is the shutdown, not an error.
  if (closing) return;
  console.error(`[satportal] failed to start: ${(e as Error).message}`);
  process.exit(1);
});
