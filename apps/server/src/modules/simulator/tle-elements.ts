import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ElementSet, parseTle } from '../catalogue/tle';
import type { ElementsLookup } from './simulator';

/**
 * An elements lookup over TLE text in memory: for a NORAD id and an instant,
 * the element set whose epoch is nearest (the earlier on a tie), as
 * `OrbitalElementsRepository.nearest` answers from the database. For tests,
 * benchmarks and runs without a database.
 */
export function elementsLookupFromSets(sets: ElementSet[]): ElementsLookup {
  const byNorad = new Map<number, ElementSet[]>();
  for (const s of sets) {
    const list = byNorad.get(s.noradId) ?? [];
    if (!list.some((x) => x.epoch.getTime() === s.epoch.getTime())) list.push(s);
    byNorad.set(s.noradId, list);
  }
  for (const list of byNorad.values()) list.sort((a, b) => a.epoch.getTime() - b.epoch.getTime());
  return (noradId, at) => {
    const list = byNorad.get(noradId);
    if (!list?.length) return undefined;
    const t = at.getTime();
    let best = list[0]!;
    for (const s of list) {
      if (Math.abs(s.epoch.getTime() - t) < Math.abs(best.epoch.getTime() - t)) best = s;
    }
    return best;
  };
}

export const defaultTleDir = resolve(import.meta.dirname, '../../../../../data/tle');

/** The lookup over every `*.tle` file of a folder (default: data/tle). */
export function elementsLookupFromTleDir(dir = defaultTleDir): ElementsLookup {
  const sets: ElementSet[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.tle'))) {
    sets.push(...parseTle(readFileSync(join(dir, f), 'utf8')).elementSets);
  }
  return elementsLookupFromSets(sets);
}
