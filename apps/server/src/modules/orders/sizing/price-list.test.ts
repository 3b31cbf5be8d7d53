import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelsBySensorType } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { defaultConstellation } from '../../catalogue/constellation';
import { loadPriceList, priceListPath } from './price-list';
import { stripsOf } from './rules';

describe('the price list (data/prices/price-list.json)', () => {
  const list = loadPriceList();

  it('prices every group of the constellation at exactly the levels its sensor types offer, both kinds', () => {
    for (const group of defaultConstellation) {
      const types = new Set(group.satellites.flatMap((s) => s.caps.map((c) => c.type)));
      const levels = [...new Set([...types].flatMap((t) => LevelsBySensorType[t]))].sort().map(String);
      const entry = list.data.groups[group.category];
      expect(entry, group.category).toBeDefined();
      expect(Object.keys(entry!.archive).sort(), group.category).toEqual(levels);
      expect(Object.keys(entry!.tasking).sort(), group.category).toEqual(levels);
    }
    expect(Object.keys(list.data.groups).sort()).toEqual(defaultConstellation.map((g) => g.category).sort());
  });

  it('has one currency and a multiplier per priority and kind', () => {
    expect([1, 2]).toContain(list.currencyType);
    expect(list.multiplier('archive', 1)).toBe(1);
    expect(list.multiplier('tasking', 3)).toBeGreaterThan(list.multiplier('tasking', 2));
  });

  it('refuses a list of the wrong shape', () => {
    const data = JSON.parse(readFileSync(priceListPath, 'utf8'));
    data.groups.WorldView.archive['10'] = 'cheap';
    const path = join(mkdtempSync(join(tmpdir(), 'prices-')), 'price-list.json');
    writeFileSync(path, JSON.stringify(data));
    expect(() => loadPriceList(path)).toThrow(/not valid/);
  });
});

describe('strips', () => {
  it('chains one satellite’s scenes within 10 minutes into one strip, and no further', () => {
    const t = (minutes: number) => Date.UTC(2024, 5, 15, 10) + minutes * 60_000;
    const strips = stripsOf([
      { satId: 1, time: t(0) },
      { satId: 1, time: t(9) },
      { satId: 1, time: t(18) }, // 9 min after the previous: the same pass
      { satId: 2, time: t(0) }, // another satellite: another acquisition
      { satId: 1, time: t(29) }, // 11 min after: a new pass
    ]);
    expect(strips[0]).toBe(strips[1]);
    expect(strips[1]).toBe(strips[2]);
    expect(new Set([strips[0], strips[3], strips[4]]).size).toBe(3);
  });
});
