import { type JobQueue, Queues } from './queue';

/**
 * Subscriptions' background work (issue 16): matching new scenes, then one mail job per mail
 * row. Both are idempotent — matching drains `scene_arrivals` (an empty table is a cheap no-op),
 * a mail already marked sent is skipped — so a job run twice, or after a kill -9, does no harm.
 */
export interface SubscriptionWork {
  matching: {
    matchPending(): Promise<{ batches: number; scenes: number; matches: number; mails: number }>;
    hasArrivals(): Promise<boolean>;
  };
  mails: { unsentIds(): Promise<number[]>; send(mailId: number): Promise<unknown> };
}

/** Every match job has this key, so at most one waits (policy 'short'), whoever asks. */
const matchKey = 0;

/**
 * Asks for a matching run soon: for writers of scenes (the living archive, `cli ingest`,
 * captures) right after they commit. Without it the sweep finds the arrivals within its period.
 */
export async function requestMatching(queue: JobQueue): Promise<void> {
  await queue.send(Queues.match, matchKey, new Date());
}

async function enqueueUnsentMails(queue: JobQueue, work: SubscriptionWork): Promise<number> {
  const ids = await work.mails.unsentIds();
  for (const id of ids) await queue.send(Queues.subscriptionMail, id, new Date());
  return ids.length;
}

/**
 * Puts back on the queue what the database says is still to do: a match when arrivals wait, a
 * mail job per unsent mail (a job waiting for the same mail is not doubled).
 */
export async function sweepSubscriptions(
  queue: JobQueue,
  work: SubscriptionWork,
): Promise<{ matching: boolean; mails: number }> {
  const matching = await work.matching.hasArrivals();
  if (matching) await requestMatching(queue);
  return { matching, mails: await enqueueUnsentMails(queue, work) };
}

export interface SubscriptionWorkers {
  /** Stops the sweep; the queue itself is stopped by its owner. */
  stop(): void;
}

/**
 * Runs subscriptions' workers in this process and the sweep: once now (to pick up what a killed
 * process left) and then every `sweepSeconds` (30).
 */
export async function startSubscriptionWorkers(
  queue: JobQueue,
  work: SubscriptionWork,
  options: { sweepSeconds?: number; pollingIntervalSeconds?: number; log?: (m: string) => void } = {},
): Promise<SubscriptionWorkers> {
  const log = options.log ?? (() => {});
  const polling = options.pollingIntervalSeconds ?? 1;
  await queue.work(
    Queues.match,
    async () => {
      const outcome = await work.matching.matchPending();
      if (outcome.scenes)
        log(
          `subscriptions: ${outcome.scenes} new scenes, ${outcome.matches} matches, ${outcome.mails} mails`,
        );
      await enqueueUnsentMails(queue, work);
      return outcome;
    },
    polling,
  );
  await queue.work(Queues.subscriptionMail, ({ id }) => work.mails.send(id), polling);

  const sweep = async () => {
    try {
      await sweepSubscriptions(queue, work);
    } catch (error) {
      log(`subscriptions sweep failed: ${(error as Error).message}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), (options.sweepSeconds ?? 30) * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
