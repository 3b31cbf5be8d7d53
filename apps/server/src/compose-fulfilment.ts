import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Services } from './composition';
import type { Config } from './config';
import { isProcessAlive } from './db/lock';
import { queueScheduler, startFulfilmentWorkers } from './jobs/fulfilment.jobs';
import { JobQueue } from './jobs/queue';
import { requestMatching } from './jobs/subscriptions.jobs';
import { orderMail } from './mail';
import { toSatellite } from './modules/catalogue/catalogue.mapper';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';
import {
  type CaptureCatalogue,
  closeRasterThreads,
  deliverablesMaker,
  FulfilmentRepository,
  FulfilmentService,
  mailKindOf,
  type OrderMailer,
  type PackageMaker,
} from './modules/fulfilment';

/**
 * Fulfilment put together (composition root): the queue, the service over the stores and the
 * mailer of `composeServices`, the deliverables maker, the catalogue for captures. The server runs
 * the workers; the CLI opens the same service to audit and read, without workers.
 */
export interface Fulfilment {
  service: FulfilmentService;
  queue: JobQueue;
  repository: FulfilmentRepository;
  /** Starts the workers and the sweep in this process (the server). */
  startWorkers(log?: (m: string) => void): Promise<void>;
  stop(): Promise<void>;
}

/**
 * This process's work folder under DATA_DIR/work/fulfilment, and the folders of processes that
 * are gone removed (a kill -9 leaves its half-made packages there; nothing else refers to them).
 */
async function workFolder(dataDir: string): Promise<string> {
  const root = join(dataDir, 'work', 'fulfilment');
  await mkdir(root, { recursive: true });
  for (const name of await readdir(root)) {
    const pid = Number(name.split('-')[0]);
    if (!Number.isInteger(pid) || !isProcessAlive(pid))
      await rm(join(root, name), { recursive: true, force: true });
  }
  const own = join(root, `${process.pid}-${Date.now().toString(36)}`);
  await mkdir(own, { recursive: true });
  return own;
}

export async function composeFulfilment(
  pool: pg.Pool,
  services: Services,
  config: Pick<Config, 'fulfilment' | 'dataDir'>,
  options: {
    workers: boolean;
    makePackage?: PackageMaker;
    pollingIntervalSeconds?: number;
    sweepSeconds?: number;
  },
): Promise<Fulfilment> {
  const queue = await JobQueue.open(pool, { supervise: options.workers });
  const repository = new FulfilmentRepository(pool, services.webhookOutbox);
  const catalogueRepository = new CatalogueRepository(pool);
  const catalogue: CaptureCatalogue = {
    async satellite(satId, sensorType) {
      const row = await catalogueRepository.findSatellite(satId);
      if (!row) return null;
      const sat = toSatellite(row);
      const cap = sat.cap.caps.find((c) => c.type === sensorType);
      return {
        maxOffNadirDeg: sat.maxOffNadirDeg,
        bands: cap ? [...cap.bands] : [],
        groupName: sat.category,
      };
    },
    async addScene(scene) {
      const report = await services.scenesRepository.upsertScenes([scene]);
      if (report.rejected.length) throw new Error(`captured scene refused: ${report.rejected[0]!.reason}`);
      // A new scene like any other: matched against the subscriptions now rather than at the next sweep.
      if (report.inserted) await requestMatching(queue);
    },
  };
  const mail: OrderMailer = async (facts) => {
    const kind = mailKindOf(facts.status);
    if (!kind) return;
    const message = orderMail(kind, {
      orderNumber: facts.orderNumber,
      userName: facts.userName,
      language: facts.language,
      portalUrl: config.fulfilment.publicUrl,
      terms: {
        total: facts.terms,
        delivered: facts.delivered,
        failed: facts.failed,
        downloadUntil: facts.downloadUntil,
      },
    });
    await services.mailer.send({ to: facts.email, ...message });
  };
  const service = new FulfilmentService(repository, {
    scheduler: queueScheduler(queue),
    makePackage: options.makePackage ?? deliverablesMaker,
    store: services.objectStore,
    mail,
    catalogue,
    config: config.fulfilment,
    workDir: options.workers ? await workFolder(config.dataDir) : join(config.dataDir, 'work', 'cli'),
    downloadUrl: (key, expiresAt) =>
      `${config.fulfilment.publicUrl}${services.downloadLinks.link(key, expiresAt)}`,
  });
  services.orders.onPlaced((orders) => service.ordersPlaced(orders));
  let workers: { stop(): Promise<void> } | null = null;
  return {
    service,
    queue,
    repository,
    async startWorkers(log) {
      workers = await startFulfilmentWorkers(queue, service, {
        log,
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        sweepSeconds: options.sweepSeconds,
      });
    },
    async stop() {
      if (workers) await workers.stop();
      else await queue.stop();
      // The raster threads end with the workers (they would keep the process alive).
      if (options.workers) await closeRasterThreads();
    },
  };
}
