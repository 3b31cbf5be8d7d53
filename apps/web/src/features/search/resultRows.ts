import type { ArchiveScene } from '@satportal/contract';
import { dayIn } from '../../shared/format/days';

/**
 * The result list (spec 000 §2): scenes grouped by date, then satellite, flattened into rows so a
 * windowed list draws only what is on screen.
 */
export type ResultRow =
  | { kind: 'date'; key: string; day: string; count: number }
  | { kind: 'satellite'; key: string; day: string; satName: string; sceneIds: string[] }
  | { kind: 'scene'; key: string; scene: ArchiveScene };

/** Rows of the list in the order the scenes came (the server's sort), grouped by day, then satellite. */
export function resultRows(scenes: readonly ArchiveScene[], timeZone: string): ResultRow[] {
  const days = new Map<string, Map<string, ArchiveScene[]>>();
  for (const scene of scenes) {
    const day = dayIn(new Date(scene.time), timeZone);
    let sats = days.get(day);
    if (!sats) {
      sats = new Map();
      days.set(day, sats);
    }
    const list = sats.get(scene.satName);
    if (list) list.push(scene);
    else sats.set(scene.satName, [scene]);
  }
  const rows: ResultRow[] = [];
  for (const [day, sats] of days) {
    let count = 0;
    for (const list of sats.values()) count += list.length;
    rows.push({ kind: 'date', key: `d:${day}`, day, count });
    for (const [satName, list] of sats) {
      rows.push({
        kind: 'satellite',
        key: `s:${day}:${satName}`,
        day,
        satName,
        sceneIds: list.map((s) => s.sceneId),
      });
      for (const scene of list) rows.push({ kind: 'scene', key: scene.sceneId, scene });
    }
  }
  return rows;
}

/** Row heights in px: the list is windowed by these. */
export const rowHeights = { date: 32, satellite: 30, scene: 58 } as const;

/** First and last row index (inclusive) to draw for a scroll position, with `overscan` rows around. */
export function visibleRange(
  offsets: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  overscan = 6,
): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, -1];
  // offsets[i] is the top of row i; offsets[count] the total height.
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= scrollTop) low = mid;
    else high = mid - 1;
  }
  let last = low;
  while (last < count - 1 && (offsets[last + 1] ?? 0) < scrollTop + viewportHeight) last++;
  return [Math.max(0, low - overscan), Math.min(count - 1, last + overscan)];
}

/** Top of each row and, last, the total height. */
export function rowOffsets(rows: readonly ResultRow[]): number[] {
  const offsets = new Array<number>(rows.length + 1);
  let top = 0;
  for (const [i, row] of rows.entries()) {
    offsets[i] = top;
    top += rowHeights[row.kind];
  }
  offsets[rows.length] = top;
  return offsets;
}
