import type pg from 'pg';
import PgBoss from 'pg-boss';

/**
 * The job queue: pg-boss over the product's own database (PGlite through its socket, or
 * PostgreSQL), its tables in the schema `pgboss`. Why pg-boss (docs/ARCHITECTURE.md): it needs
 * nothing but SQL — no LISTEN/NOTIFY, no session state, no prepared statements kept between
 * calls — so it runs unchanged on the embedded database, whose connections share one session;
 * it has delayed jobs (audits, rechecks, captures at pass times), retries with back-off, expiry of
 * jobs whose worker died, and per-key deduplication of waiting jobs.
 */

export const Queues = {
  audit: 'order-audit',
  delivery: 'terms-delivery',
  capture: 'tasking-capture',
  mail: 'order-mail',
  match: 'subscription-match',
  subscriptionMail: 'subscription-mail',
  webhook: 'webhook-delivery',
  elements: 'orbital-elements-fetch',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

/**
 * Per queue: 'short' keeps at most one waiting job per key (a sweep or a retried step adds no
 * second one); retries with exponential back-off from 5 s; a job whose worker died (kill -9) is
 * retried once its expiry passes — the sweep after a restart is quicker and does no harm twice.
 */
const queueOptions: Record<QueueName, Omit<PgBoss.Queue, 'name'>> = {
  [Queues.audit]: { policy: 'short', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  [Queues.delivery]: {
    policy: 'short',
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 900,
  },
  [Queues.capture]: {
    policy: 'short',
    retryLimit: 4,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 900,
  },
  [Queues.mail]: { policy: 'short', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  // One key for every match job: at most one waits while another runs, and the waiting one
  // takes whatever arrived meanwhile.
  [Queues.match]: { policy: 'short', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 },
  [Queues.subscriptionMail]: {
    policy: 'short',
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  // One job per delivery row and try; the back-off between tries is the row's own (next_attempt_at,
  // jobs/webhooks.jobs.ts), so pg-boss retries only a job that threw (the database was away).
  [Queues.webhook]: {
    policy: 'short',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  },
  // One key: at most one fetch waits. The claim in the database decides whether it runs (one at a
  // time, only when due), so a job repeated after a worker died fetches nothing twice.
  [Queues.elements]: {
    policy: 'short',
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 900,
  },
};

export interface JobContext {
  id: string;
  /** No retry follows a failure of this try. */
  lastTry: boolean;
}

export type JobHandler = (data: { id: number }, job: JobContext) => Promise<unknown>;

/** A job as the operator CLI shows it. */
export interface JobState {
  id: string;
  queue: string;
  state: string;
  data: unknown;
  retryCount: number;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  output: unknown;
}

/** The queue over a pool; `open` creates its tables and queues (idempotent). */
export class JobQueue {
  private constructor(
    private readonly boss: PgBoss,
    private readonly pool: pg.Pool,
  ) {}

  static async open(pool: pg.Pool, options: { supervise: boolean }): Promise<JobQueue> {
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      // The server keeps the tables tidy; the CLI and tests that only enqueue do not.
      supervise: options.supervise,
      schedule: false,
      // Finished jobs stay a week for the operator's `jobs show`.
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => console.error(`[satportal] job queue: ${error.message}`));
    await boss.start();
    for (const [name, o] of Object.entries(queueOptions)) {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...o });
    }
    return new JobQueue(boss, pool);
  }

  /** Enqueues one step for an id; nothing new when the same step waits already. */
  async send(queue: QueueName, id: number, at: Date): Promise<string | null> {
    return this.boss.send(queue, { id }, { singletonKey: String(id), startAfter: at });
  }

  /** Runs a handler for a queue's jobs in this process, one at a time. */
  async work(queue: QueueName, handler: JobHandler, pollingIntervalSeconds = 1): Promise<void> {
    await this.boss.work<{ id: number }>(
      queue,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds },
      async (jobs) => {
        for (const job of jobs) {
          await handler(job.data, { id: job.id, lastTry: job.retryCount >= job.retryLimit });
        }
      },
    );
  }

  /**
   * Runs a handler for up to `batchSize` jobs of a queue at once (webhook tries wait on other
   * people's servers: one slow receiver must not hold every other delivery). A job that throws
   * fails its batch, which pg-boss retries; the handlers are idempotent.
   */
  async workConcurrently(
    queue: QueueName,
    handler: JobHandler,
    batchSize: number,
    pollingIntervalSeconds = 1,
  ): Promise<void> {
    await this.boss.work<{ id: number }>(
      queue,
      { includeMetadata: true, batchSize, pollingIntervalSeconds },
      async (jobs) => {
        const results = await Promise.allSettled(
          jobs.map((job) => handler(job.data, { id: job.id, lastTry: job.retryCount >= job.retryLimit })),
        );
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
      },
    );
  }

  /** A job by id, whatever its queue (operator CLI). */
  async find(id: string): Promise<JobState | null> {
    for (const queue of Object.values(Queues)) {
      const job = await this.boss.getJobById(queue, id).catch(() => null);
      if (job) {
        return {
          id: job.id,
          queue,
          state: job.state,
          data: job.data,
          retryCount: job.retryCount,
          startAfter: job.startAfter,
          startedOn: job.startedOn ?? null,
          completedOn: job.completedOn ?? null,
          output: job.output ?? null,
        };
      }
    }
    return null;
  }

  /** Jobs per queue and state (operator CLI, tests). */
  async counts(): Promise<Record<string, Record<string, number>>> {
    const out: Record<string, Record<string, number>> = {};
    for (const queue of Object.values(Queues)) out[queue] = {};
    const { rows } = await this.pool.query<{ name: string; state: string; n: number }>(
      'SELECT name, state::text, count(*)::int AS n FROM pgboss.job GROUP BY name, state',
    );
    for (const r of rows) if (out[r.name]) out[r.name]![r.state] = r.n;
    return out;
  }

  /** Stops the workers, letting a running job finish (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
