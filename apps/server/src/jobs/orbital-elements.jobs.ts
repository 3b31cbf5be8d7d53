import { type JobQueue, Queues } from './queue';

/** What the elements job needs: when a fetch is due, and the fetch (which claims before it runs). */
export interface ElementsWork {
  configured: boolean;
  dueAt(): Promise<Date | null>;
  refresh(
    trigger: 'schedule',
  ): Promise<{ kind: string; outcome?: string; stored?: number; satellites?: number }>;
}

/** Every elements job has this key, so at most one waits (policy 'short'), whichever process asks. */
const elementsKey = 0;

export interface ElementsWorkers {
  /** Stops the sweep; the queue itself is stopped by its owner. */
  stop(): void;
}

/**
 * The scheduled refresh of orbital elements (issue 28) on the queue `orbital-elements-fetch`.
 * Each server sweeps (at start, then every `sweepSeconds`): when the record of attempts says a
 * fetch is due, it puts one job on the queue, which holds at most one waiting. Whichever server's
 * worker takes it claims the attempt in the database, so however many servers share it, one
 * fetches; a fetch cut by kill -9 leaves a running row whose lease ends, and the next sweep after
 * that (here or after a restart) fetches again. Nothing runs without a configured source.
 */
export async function startElementsRefresh(
  queue: JobQueue,
  work: ElementsWork,
  options: { sweepSeconds?: number; pollingIntervalSeconds?: number; log?: (m: string) => void } = {},
): Promise<ElementsWorkers> {
  const log = options.log ?? (() => {});
  if (!work.configured) return { stop() {} };
  await queue.work(
    Queues.elements,
    async () => {
      const result = await work.refresh('schedule');
      if (result.kind === 'done')
        log(
          `orbital elements: fetch ${result.outcome}, ${result.stored} new sets for ${result.satellites} satellites`,
        );
      return result;
    },
    options.pollingIntervalSeconds ?? 5,
  );
  const sweep = async () => {
    try {
      const due = await work.dueAt();
      if (due && due.getTime() <= Date.now()) await queue.send(Queues.elements, elementsKey, new Date());
    } catch (error) {
      log(`orbital elements sweep failed: ${(error as Error).message}`);
    }
  };
  await sweep();
  const timer = setInterval(() => void sweep(), (options.sweepSeconds ?? 60) * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
