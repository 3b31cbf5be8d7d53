import type pg from 'pg';
import { inTransaction } from '../../../db/database';
import { type EventOutbox, noOutbox } from '../../../db/outbox';
import type { MatchingRepository } from './matching.repository';

/** What a run of `matchPending` did, summed over its batches. */
export interface MatchingOutcome {
  batches: number;
  scenes: number;
  matches: number;
  mails: number;
}

/**
 * Matches new scenes to subscriptions (issue 16 "Matching"). Every scene inserted into `scenes`,
 * whatever wrote it, is noted in `scene_arrivals` by a trigger; this drains those notes in
 * batches. A batch is one transaction: taking the arrivals, recording the matches, counting them,
 * the unread flags and the mail rows commit together, so a crash anywhere (kill -9) rolls the
 * whole batch back, its arrivals wait again, and the rerun neither loses nor doubles a match.
 */
export class MatchingService {
  private readonly now: () => Date;

  constructor(
    private readonly pool: pg.Pool,
    private readonly repository: MatchingRepository,
    private readonly options: {
      batchSize: number;
      now?: () => Date;
      /** each subscription's new scenes are a `subscription.matched` event, in the batch's transaction */
      outbox?: EventOutbox;
    },
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** Matches every waiting arrival, a batch at a time, until none is left. */
  async matchPending(): Promise<MatchingOutcome> {
    const total: MatchingOutcome = { batches: 0, scenes: 0, matches: 0, mails: 0 };
    for (;;) {
      const batch = await this.matchBatch();
      if (!batch.scenes) return total;
      total.batches += 1;
      total.scenes += batch.scenes;
      total.matches += batch.matches;
      total.mails += batch.mails;
    }
  }

  /** One batch of at most `batchSize` arrivals, in one transaction. */
  async matchBatch() {
    // A subscription is in process while its last day (UTC) has not passed (spec 000 §3 status 10).
    const today = this.now().toISOString().slice(0, 10);
    return inTransaction(this.pool, async (tx) => {
      const sceneIds = await this.repository.takeArrivals(tx, this.options.batchSize);
      if (!sceneIds.length) return { scenes: 0, matches: 0, mails: 0 };
      const outcome = await this.repository.matchScenes(tx, sceneIds, today);
      const outbox = this.options.outbox ?? noOutbox;
      for (const m of outcome.matched)
        await outbox.record(tx, m.userId, {
          type: 'subscription.matched',
          data: { subscriptionId: m.subscriptionId, name: m.name, count: m.count, sceneIds: m.sceneIds },
        });
      return outcome;
    });
  }

  async hasArrivals(): Promise<boolean> {
    return this.repository.hasArrivals(this.pool);
  }
}
