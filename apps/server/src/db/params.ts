/** Positional parameters of one statement, numbered as they are added. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * Common table expressions that write (INSERT/UPDATE/DELETE … in `WITH name AS (…)`), to run
 * as part of another statement: PostgreSQL executes data-modifying CTEs whether or not the
 * statement reads them, all in one snapshot, atomically with the statement.
 */
export type WritingCtes = (p: Params) => string[];
