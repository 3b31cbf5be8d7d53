import type { TryResult } from '../modules/webhooks';
import { type JobQueue, Queues } from './queue';

/** What the webhook workers need: the try, the outbox's due rows and the log's bound. */
export interface WebhookWork {
  delivery: { attempt(deliveryId: number): Promise<TryResult> };
  repository: {
    due(windowSeconds: number, limit: number): Promise<{ id: number; at: Date }[]>;
    prune(days: number, keep: number): Promise<number>;
  };
}

/** The delivery log's bound: settled rows older than this go, and beyond this many per endpoint. */
export const LogRetention = { days: 30, perEndpoint: 100 } as const;

export interface WebhookWorkers {
  /** The outbox calls this after writing rows: the sweep runs soon, not at its next period. */
  nudge(): void;
  /** Stops the sweep; the queue itself is stopped by its owner. */
  stop(): void;
}

/**
 * Webhook deliveries on the queue `webhook-delivery`: one job per due try. The outbox rows are the
 * truth — the sweep (at start, every `sweepSeconds`, and soon after a nudge) puts every row due
 * within two periods on the queue, so a row written by another process, a retry whose job was
 * lost, or a try cut by kill -9 (its lease ends) is tried again; the queue drops a second job for
 * a row that has one waiting. A failed try's job puts the next one on the queue at its time.
 */
export async function startWebhookWorkers(
  queue: JobQueue,
  work: WebhookWork,
  options: {
    sweepSeconds?: number;
    pollingIntervalSeconds?: number;
    /** tries run at once in this process */
    concurrency?: number;
    log?: (m: string) => void;
  } = {},
): Promise<WebhookWorkers> {
  const log = options.log ?? (() => {});
  const sweepSeconds = options.sweepSeconds ?? 10;
  await queue.workConcurrently(
    Queues.webhook,
    async ({ id }) => {
      const result = await work.delivery.attempt(id);
      if (result.kind === 'retry' || result.kind === 'notDue')
        await queue.send(Queues.webhook, id, result.at);
      return result;
    },
    options.concurrency ?? 8,
    options.pollingIntervalSeconds ?? 1,
  );

  let running: Promise<void> | null = null;
  let again = false;
  let prunedAt = 0;
  const sweepOnce = async () => {
    const now = Date.now();
    for (const row of await work.repository.due(2 * sweepSeconds, 1000))
      await queue.send(Queues.webhook, row.id, new Date(Math.max(now, row.at.getTime())));
    if (now - prunedAt > 3600_000) {
      prunedAt = now;
      const pruned = await work.repository.prune(LogRetention.days, LogRetention.perEndpoint);
      if (pruned) log(`webhooks: ${pruned} old delivery log entries removed`);
    }
  };
  const sweep = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = sweepOnce()
      .catch((error) => log(`webhooks sweep failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void sweep();
        }
      });
    return running;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), sweepSeconds * 1000);
  timer.unref();
  let nudged: NodeJS.Timeout | null = null;
  return {
    nudge() {
      // Commits follow the outbox's write within moments: one sweep a little later sees them all.
      nudged ??= setTimeout(() => {
        nudged = null;
        void sweep();
      }, 200);
    },
    stop() {
      clearInterval(timer);
      if (nudged) clearTimeout(nudged);
    },
  };
}
