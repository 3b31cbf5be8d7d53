import { type HealthResponse, ResultCode } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';

export interface HealthOptions {
  /** How long a health call waits for the database before it answers from the last answer. */
  waitMs?: number;
  /** An answer older than this is no answer: the database is reported down. */
  staleAfterMs?: number;
  now?: () => number;
}

/**
 * The server's health: the process answers, and the database answered recently. The embedded
 * database runs one statement at a time, so during a long one (a large upload's shaping) a
 * `SELECT 1` waits seconds behind it; the health call then answers at once from the last time
 * the database answered, marked busy, as long as that was within `staleAfterMs`. A database that
 * fails, or stays silent for longer, is reported (5000) as before.
 */
export class HealthService {
  private lastAnswerAt: number | null = null;
  private inFlight: Promise<void> | null = null;
  private readonly waitMs: number;
  private readonly staleAfterMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Queryable,
    private readonly kind: 'pglite' | 'postgres',
    private readonly version: string,
    options: HealthOptions = {},
  ) {
    this.waitMs = options.waitMs ?? 20;
    this.staleAfterMs = options.staleAfterMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  async check(): Promise<HealthResponse> {
    const probe = this.probe();
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      probe.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), this.waitMs);
      }),
    ]).finally(() => clearTimeout(timer));
    const last = this.lastAnswerAt;
    if (!answered) {
      if (last !== null && this.now() - last <= this.staleAfterMs) return this.report(last, true);
      await probe;
    }
    if (this.lastAnswerAt === null) throw new ApiError(ResultCode.InternalError, 'error.internal');
    return this.report(this.lastAnswerAt, false);
  }

  /**
   * Asks the database every `intervalMs` (the server does, from its start), so that a health call
   * during a long statement has a recent answer to give. The timer does not keep the process alive.
   */
  startProbing(intervalMs = 10_000): () => void {
    const timer = setInterval(() => this.probe().catch(() => {}), intervalMs);
    timer.unref();
    void this.probe().catch(() => {});
    return () => clearInterval(timer);
  }

  /** One `SELECT 1` at a time: callers during a long statement share the one already queued. */
  private probe(): Promise<void> {
    this.inFlight ??= this.db
      .query('SELECT 1')
      .then(() => {
        this.lastAnswerAt = this.now();
      })
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }

  private report(at: number, busy: boolean): HealthResponse {
    return { db: this.kind, version: this.version, dbCheckedAt: new Date(at).toISOString(), dbBusy: busy };
  }
}
