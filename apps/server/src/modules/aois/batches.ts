// Heavy geometry statements in batches, and one item the database refuses isolated from the others:
// how aois.repository.ts asks PostGIS about large uploads without holding the embedded database or
// failing a whole file for one shape.

/**
 * Items cut into batches of at most `maxChars` characters of text (an item longer than that alone).
 * Heavy geometry work on big uploads is asked in such batches: the embedded database serves one
 * statement at a time, and other users' statements get their turn between batches.
 */
export function inBatches<T>(items: readonly T[], size: (item: T) => number, maxChars = 200_000): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length && chars + n > maxChars) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += n;
  }
  if (current.length) batches.push(current);
  return batches;
}

/**
 * `run` over the whole batch; when its statement fails, over each item alone, so that an item the
 * database refuses answers `failed(error)` and the others their own answer.
 */
export async function isolated<T, R>(
  batch: T[],
  run: (items: T[]) => Promise<R[]>,
  failed: (error: string) => R,
): Promise<R[]> {
  try {
    return await run(batch);
  } catch (e) {
    if (!statementError(e)) throw e;
    if (batch.length === 1) return [failed(errorText(e))];
  }
  const answers: R[] = [];
  for (const item of batch) {
    try {
      answers.push(...(await run([item])));
    } catch (e) {
      if (!statementError(e)) throw e;
      answers.push(failed(errorText(e)));
    }
  }
  return answers;
}

/**
 * An error the database answered for the statement (a SQLSTATE, e.g. PostGIS's XX000), as opposed
 * to a lost connection or our own consistency checks, which stay errors of the whole call.
 */
const statementError = (e: unknown) =>
  e instanceof Error &&
  typeof (e as { severity?: unknown }).severity === 'string' &&
  /^[0-9A-Z]{5}$/.test(String((e as { code?: unknown }).code));

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 200);
