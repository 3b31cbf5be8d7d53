import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ProcessingLevel } from '@satportal/contract';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { repoRoot } from '../../../config';

/**
 * The price list shipped as data (`data/prices/price-list.json`, its sources in the README beside
 * it). Read once at start; a list of the wrong shape stops the server rather than quoting nonsense.
 */

const Price = Type.Number({ minimum: 0 });
const PerLevel = Type.Record(Type.String({ pattern: '^(10|11|20|21|22)$' }), Price);
const PerKind = Type.Object({ archive: PerLevel, tasking: PerLevel });
const Multipliers = Type.Object({ '1': Price, '2': Price, '3': Price });

export const PriceListSchema = Type.Object({
  description: Type.Optional(Type.String()),
  year: Type.Integer(),
  currencyType: Type.Union([Type.Literal(1), Type.Literal(2)]),
  priorityMultipliers: Type.Object({ archive: Multipliers, tasking: Multipliers }),
  groups: Type.Record(Type.String({ minLength: 1 }), PerKind),
  byResolutionClass: Type.Object({ '1': PerKind, '2': PerKind, '3': PerKind, '4': PerKind, '5': PerKind }),
});
export type PriceListData = Static<typeof PriceListSchema>;

export type PriceKind = 'archive' | 'tasking';

export const priceListPath = resolve(repoRoot, 'data/prices/price-list.json');

/** The list's prices, read as the order rules need them. */
export class PriceList {
  constructor(readonly data: PriceListData) {}

  get currencyType(): 1 | 2 {
    return this.data.currencyType;
  }

  /**
   * Price per km² of a group's level at normal priority; a group the list does not name (added by
   * an operator) is priced by its resolution class. Undefined: the level is not sold.
   */
  perKm2(group: string, resolutionId: number, kind: PriceKind, level: ProcessingLevel): number | undefined {
    const byClass = this.data.byResolutionClass[String(resolutionId) as '1'];
    const entry = this.data.groups[group] ?? byClass;
    return entry?.[kind][String(level)];
  }

  multiplier(kind: PriceKind, priority: number): number {
    return this.data.priorityMultipliers[kind][String(priority) as '1'] ?? 1;
  }
}

/** Reads and checks the list; throws with the first problem when its shape is wrong. */
export function loadPriceList(path = priceListPath): PriceList {
  const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!Value.Check(PriceListSchema, data)) {
    const first = [...Value.Errors(PriceListSchema, data)][0];
    throw new Error(`price list ${path} is not valid: ${JSON.stringify(first)}`);
  }
  return new PriceList(data);
}
