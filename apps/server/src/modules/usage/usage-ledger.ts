/** What an answer served is counted as. */
export type ServedKind = 'tile' | 'download';

/** What one user was served on one UTC day since the last flush. */
export interface ServedSum {
  userId: number;
  day: string;
  bytes: number;
  tiles: number;
  downloads: number;
}

/**
 * The usage ledger (issue 29): tiles and downloads served are added up in memory per user and UTC
 * day and written by one statement every `flushMs` (`write`, a multi-row upsert), not one upsert
 * per tile — a QGIS view asks 20–40 tiles, and each upsert cost more than sending the cached tile.
 *
 * The bound: a kill -9 loses what was served since the last flush that committed — at most
 * `flushMs` of answers (1 s by default), plus a flush in flight, which is written whole or not at
 * all (one statement). Nothing is counted twice: a flush that fails is added back and written by
 * the next. A graceful stop (`flush`, the HTTP layer's close hook) writes everything.
 */
export class UsageLedger {
  private pending = new Map<string, ServedSum>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (sums: ServedSum[]) => Promise<void>,
    private readonly flushMs: number,
    private readonly onError: (error: Error) => void = () => {},
  ) {}

  add(userId: number, day: string, kind: ServedKind, bytes: number, count: number): void {
    this.merge({
      userId,
      day,
      bytes,
      tiles: kind === 'tile' ? count : 0,
      downloads: kind === 'download' ? count : 0,
    });
  }

  private merge(served: ServedSum): void {
    const key = `${served.userId}|${served.day}`;
    const sum = this.pending.get(key);
    if (sum) {
      sum.bytes += served.bytes;
      sum.tiles += served.tiles;
      sum.downloads += served.downloads;
    } else this.pending.set(key, { ...served });
    // A timer only while something waits: an idle server wakes for nothing.
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((e: Error) => this.onError(e));
      }, this.flushMs);
      this.timer.unref();
    }
  }

  /** What waits to be written (tests, the report of a user's own usage). */
  get pendingCount(): number {
    return this.pending.size;
  }

  /**
   * Writes what waits, after any flush already running (so a caller that flushes before reading
   * sees every answer served before its call). A failed write is added back, then thrown.
   */
  flush(): Promise<void> {
    const run = this.flushing.then(() => this.writePending());
    this.flushing = run.catch(() => {});
    return run;
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    const batch = this.pending;
    this.pending = new Map();
    // The same order in every process: two flushes lock the rows they share in one order.
    const sums = [...batch.values()].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));
    try {
      await this.write(sums);
    } catch (e) {
      for (const sum of sums) this.merge(sum);
      throw e;
    }
  }
}
