import type { FulfilmentScheduler, FulfilmentService } from '../modules/fulfilment';
import { type JobQueue, Queues } from './queue';

/** Fulfilment's steps as jobs on the queue (the scheduler fulfilment is handed). */
export function queueScheduler(queue: JobQueue): FulfilmentScheduler {
  return {
    audit: async (orderId, at) => void (await queue.send(Queues.audit, orderId, at)),
    deliver: async (termsId, at) => void (await queue.send(Queues.delivery, termsId, at)),
    capture: async (termsId, at) => void (await queue.send(Queues.capture, termsId, at)),
    mail: async (orderId) => void (await queue.send(Queues.mail, orderId, new Date())),
  };
}

export interface FulfilmentWorkers {
  stop(): Promise<void>;
}

/**
 * Runs fulfilment in this process: a worker per step, and the sweep — once now (to pick up what
 * a killed process left) and then every `sweepSeconds` (a schedule lost between a commit and its
 * enqueue waits at most that long).
 */
export async function startFulfilmentWorkers(
  queue: JobQueue,
  fulfilment: FulfilmentService,
  options: { sweepSeconds?: number; pollingIntervalSeconds?: number; log?: (m: string) => void } = {},
): Promise<FulfilmentWorkers> {
  const log = options.log ?? (() => {});
  const polling = options.pollingIntervalSeconds ?? 1;
  await queue.work(Queues.audit, ({ id }) => fulfilment.audit(id, 'approve', 'auto'), polling);
  await queue.work(Queues.delivery, ({ id }, job) => fulfilment.deliverTerm(id, job.lastTry), polling);
  await queue.work(Queues.capture, ({ id }) => fulfilment.capture(id), polling);
  await queue.work(Queues.mail, ({ id }) => fulfilment.mail(id), polling);

  const sweep = async () => {
    try {
      const swept = await fulfilment.sweep();
      if (swept.audits + swept.terms + swept.mails)
        log(`fulfilment: ${swept.audits} audits, ${swept.terms} deliveries, ${swept.mails} mails in hand`);
    } catch (error) {
      log(`fulfilment sweep failed: ${(error as Error).message}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), (options.sweepSeconds ?? 30) * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await queue.stop();
    },
  };
}
