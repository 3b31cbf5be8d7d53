import type { Queryable } from '../db/database';

/** How far the simulated archive reaches and what it is made with (migration 012 `living_archive`). */
export interface LivingArchiveState {
  /** Share of each satellite's capacity, as `generateArchive` took it. */
  density: number;
  seed: number;
  /** Scenes with centre times before this instant are in the archive. */
  simulatedTo: Date;
  /**
   * While the first start's archive is still being filled back (issue 28 #9): where its window
   * begins, and from where on its scenes are already there. Both null once it is whole.
   */
  windowStart?: Date | null;
  filledFrom?: Date | null;
}

/** SQL of the living archive's one row, and what the operator's status reads beside it. */
export class LivingArchiveRepository {
  constructor(private readonly db: Queryable) {}

  async state(): Promise<LivingArchiveState | null> {
    const { rows } = await this.db.query<{
      density: number;
      seed: number;
      simulated_to: Date;
      window_start: Date | null;
      filled_from: Date | null;
    }>('SELECT density, seed, simulated_to, window_start, filled_from FROM living_archive');
    const row = rows[0];
    if (!row) return null;
    const state: LivingArchiveState = { density: row.density, seed: row.seed, simulatedTo: row.simulated_to };
    // Said only while filling, so that a whole archive's state reads as it always did.
    if (row.filled_from) Object.assign(state, { windowStart: row.window_start, filledFrom: row.filled_from });
    return state;
  }

  /** Writes the row unless one exists (two first starts cannot both write it); true when written. */
  async create(state: LivingArchiveState): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO living_archive (density, seed, simulated_to, window_start, filled_from)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [state.density, state.seed, state.simulatedTo, state.windowStart ?? null, state.filledFrom ?? null],
    );
    return rowCount === 1;
  }

  /**
   * Compare-and-set of the filling's progress: from `from` back to `to` (null: the window is whole),
   * only if nobody moved it meanwhile (a second server on the same database fills the same slice
   * and writes the same scenes; one of them moves the mark).
   */
  async filledBack(from: Date, to: Date | null): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE living_archive SET filled_from = $2, window_start = CASE WHEN $2::timestamptz IS NULL THEN NULL ELSE window_start END,
              updated_at = now()
        WHERE filled_from = $1`,
      [from, to],
    );
    return rowCount === 1;
  }

  /**
   * Compare-and-set: moves the reach from `from` to `to` only if nobody moved it meanwhile, so
   * of two runs at once (the server's timer, the operator's CLI) exactly one moves it.
   */
  async advance(from: Date, to: Date): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE living_archive SET simulated_to = $2, updated_at = now() WHERE simulated_to = $1 AND $2 > $1`,
      [from, to],
    );
    return rowCount === 1;
  }

  /** The newest simulated scene's centre time: where an archive made before the row was ends. */
  async newestSimulatedScene(notAfter: Date): Promise<Date | null> {
    const { rows } = await this.db.query<{ at: Date | null }>(
      `SELECT max(acquired_at) AS at FROM scenes WHERE provenance = 'simulated' AND acquired_at <= $1`,
      [notAfter],
    );
    return rows[0]?.at ?? null;
  }

  /** New scenes not matched yet (scene_arrivals). */
  async pendingArrivals(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM scene_arrivals');
    return rows[0]!.n;
  }
}
