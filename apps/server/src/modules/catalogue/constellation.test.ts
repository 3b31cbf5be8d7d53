import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SensorTypes } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { defaultConstellation } from './constellation';
import { parseTle } from './tle';

const satellites = defaultConstellation.flatMap((g) =>
  g.satellites.map((s) => ({ ...s, category: g.category })),
);
const tleDir = resolve(import.meta.dirname, '../../../../../data/tle');

/** Real satellites whose elements are not bundled yet (data/tle/README.md says so). */
const withoutBundledElements = ['Luojia-1 01', 'SDGSAT-1'];

describe('the default constellation', () => {
  it('has unique names and NORAD ids, and no empty group', () => {
    expect(new Set(satellites.map((s) => s.name)).size).toBe(satellites.length);
    expect(new Set(satellites.map((s) => s.noradId)).size).toBe(satellites.length);
    for (const g of defaultConstellation) expect(g.satellites.length, g.category).toBeGreaterThan(0);
  });

  it('covers all five sensor types with real satellites', () => {
    const types = new Set(satellites.flatMap((s) => s.caps.map((c) => c.type)));
    expect([...types].sort()).toEqual([...SensorTypes].sort());
  });

  it('finds the NORAD id of each satellite in the bundled TLE files', () => {
    const bundled = new Set<number>();
    for (const f of readdirSync(tleDir).filter((f) => f.endsWith('.tle'))) {
      for (const e of parseTle(readFileSync(join(tleDir, f), 'utf8')).elementSets) bundled.add(e.noradId);
    }
    const missing = satellites.filter((s) => !bundled.has(s.noradId)).map((s) => s.name);
    expect(missing).toEqual(withoutBundledElements);
  });

  it('offers tasking only on operational satellites, and never on Sentinel or Landsat', () => {
    for (const s of satellites) {
      if (s.taskable) expect(s.status, s.name).toBe('operational');
      if (/^(Sentinel|Landsat)/.test(s.name)) expect(s.taskable, s.name).toBe(false);
    }
  });

  it('states consistent figures', () => {
    for (const s of satellites) {
      expect(s.caps.length, s.name).toBeGreaterThan(0);
      expect(s.altitudeKm, s.name).toBeGreaterThan(300);
      expect(s.altitudeKm, s.name).toBeLessThan(1000);
      expect(s.maxOffNadirDeg, s.name).toBeLessThanOrEqual(60);
      if (s.localTimeOfNode) expect(s.localTimeOfNode.time, s.name).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      if (s.launchDate) expect(s.launchDate, s.name).toMatch(/^(19|20)\d\d-\d\d-\d\d$/);
      const gsds = [s.panGsd, s.msGsd].filter((g): g is number => g !== null);
      // no sensor is sharper than the satellite's best stated GSD
      for (const c of s.caps) {
        if (gsds.length) expect(c.maxResolution, s.name).toBeGreaterThanOrEqual(Math.min(...gsds));
      }
    }
  });
});
