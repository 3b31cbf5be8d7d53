import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Orbit } from './orbit';

/**
 * Vallado's verification set ("Revisiting Spacetrack Report #3", AIAA 2006-6753,
 * data/sgp4-verification): every state of tcppver.out within 1 mm and 1 mm/s,
 * and the cases the reference stops early (decay, eccentricity out of range)
 * fail at the next step here too.
 *
 * Case 33334 fails already in initialisation (perturbed eccentricity out of
 * range). The reference program then prints, as its "0 min" line, the last state
 * of the case before it (33333 at 20 min) left in its variables: that line is
 * not a state of 33334 and is checked as such instead of compared.
 */
const initFails = 33334;
const dir = resolve(import.meta.dirname, '../../../../../data/sgp4-verification');

interface Case {
  noradId: number;
  line1: string;
  line2: string;
  startMin: number;
  stopMin: number;
  stepMin: number;
}

function parseCases(text: string): Case[] {
  const cases: Case[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const l1 = lines[i]!;
    if (!l1.startsWith('1 ')) continue;
    const l2 = lines[i + 1]!;
    const [startMin, stopMin, stepMin] = l2.slice(69).trim().split(/\s+/).map(Number);
    cases.push({
      noradId: Number(l1.slice(2, 7)),
      line1: l1,
      line2: l2.slice(0, 69),
      startMin: startMin!,
      stopMin: stopMin!,
      stepMin: stepMin!,
    });
    i++;
  }
  return cases;
}

interface ExpectedState {
  tsince: number;
  r: [number, number, number];
  v: [number, number, number];
}

/** tcppver.out, in file order: a header `NORAD xx` then the states of that case. */
function parseExpected(text: string): { noradId: number; states: ExpectedState[] }[] {
  const out: { noradId: number; states: ExpectedState[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*(\d+) xx\s*$/.exec(line);
    if (header) {
      out.push({ noradId: Number(header[1]), states: [] });
      continue;
    }
    const f = line.trim().split(/\s+/).map(Number);
    if (f.length < 7 || f.slice(0, 7).some((x) => !Number.isFinite(x))) continue;
    out.at(-1)!.states.push({ tsince: f[0]!, r: [f[1]!, f[2]!, f[3]!], v: [f[4]!, f[5]!, f[6]!] });
  }
  return out;
}

const cases = parseCases(readFileSync(resolve(dir, 'SGP4-VER.TLE'), 'utf8'));
const expected = parseExpected(readFileSync(resolve(dir, 'tcppver.out'), 'utf8'));

describe('SGP4 against Vallado’s verification states', () => {
  it('has every case of the element file in the expected output, in the same order', () => {
    expect(cases).toHaveLength(33);
    expect(expected.map((e) => e.noradId)).toEqual(cases.map((c) => c.noradId));
  });

  it('reproduces every state within 1 mm and 1 mm/s', () => {
    let compared = 0;
    let worstKm = 0;
    let worstKmS = 0;
    cases.forEach((c, k) => {
      if (c.noradId === initFails) return;
      const orbit = Orbit.fromTle(c.line1, c.line2);
      for (const s of expected[k]!.states) {
        const pv = orbit.temeAtMinutes(s.tsince);
        expect(pv, `${c.noradId} at ${s.tsince} min`).not.toBeNull();
        const dr = Math.hypot(pv!.position.x - s.r[0], pv!.position.y - s.r[1], pv!.position.z - s.r[2]);
        const dv = Math.hypot(pv!.velocity.x - s.v[0], pv!.velocity.y - s.v[1], pv!.velocity.z - s.v[2]);
        worstKm = Math.max(worstKm, dr);
        worstKmS = Math.max(worstKmS, dv);
        expect(dr, `${c.noradId} at ${s.tsince} min: position off by ${dr * 1e6} mm`).toBeLessThan(1e-6);
        expect(dv, `${c.noradId} at ${s.tsince} min: velocity off by ${dv * 1e6} mm/s`).toBeLessThan(1e-6);
        compared++;
      }
    });
    expect(compared).toBeGreaterThan(600);
    // The reference prints 8 decimals of km: 0.01 mm is the resolution of the comparison.
    expect(worstKm).toBeLessThan(1e-6);
    expect(worstKmS).toBeLessThan(1e-6);
  });

  it('fails where the reference fails: the step after the last printed state of a case stopped early', () => {
    const stoppedEarly: number[] = [];
    cases.forEach((c, k) => {
      if (c.noradId === initFails) return;
      // The file ends inside its last case (20413 far in the future, at 1 844 040 of 1 845 100 min):
      // a cut of the file, not an error of the reference.
      if (k === cases.length - 1) return;
      const states = expected[k]!.states;
      const last = states.at(-1)!.tsince;
      // The reference propagates from start to stop by step, then the stop time itself.
      if (Math.abs(last - c.stopMin) < 1e-6) return;
      stoppedEarly.push(c.noradId);
      const orbit = Orbit.fromTle(c.line1, c.line2);
      const next = last + c.stepMin;
      expect(orbit.temeAtMinutes(next), `${c.noradId} at ${next} min`).toBeNull();
      expect(orbit.lastError).toBeDefined();
    });
    // The decay and error-code cases of the file's comments.
    expect(stoppedEarly.sort((a, b) => a - b)).toEqual([22312, 28350, 28872, 29141, 33333]);
  });

  it('names the reason: decay (error 6), drag driving the mean eccentricity out of range (1), semi-latus rectum (4)', () => {
    const reason = (norad: number, minutes: number) => {
      const c = cases.find((x) => x.noradId === norad)!;
      const orbit = Orbit.fromTle(c.line1, c.line2);
      orbit.temeAtMinutes(minutes);
      return orbit.lastError;
    };
    // Decaying under heavy drag: SGP4 notices it as an eccentricity out of range.
    expect(reason(22312, 494.2028672)).toBe('mean-eccentricity-out-of-range');
    expect(reason(28350, 1560)).toBe('mean-eccentricity-out-of-range');
    expect(reason(28872, 55)).toBe('decayed');
    expect(reason(29141, 440)).toBe('decayed');
    expect(reason(33333, 25)).toBe('semi-latus-rectum-below-zero');
  });

  it('refuses 33334 at initialisation; the reference line printed for it is the previous case’s last state', () => {
    const c = cases.find((x) => x.noradId === initFails)!;
    expect(() => Orbit.fromTle(c.line1, c.line2)).toThrow(/perturbed-eccentricity-out-of-range/);
    const k = cases.indexOf(c);
    expect(expected[k]!.states).toHaveLength(1);
    const stale = expected[k]!.states[0]!;
    const previousLast = expected[k - 1]!.states.at(-1)!;
    expect(stale.r).toEqual(previousLast.r);
    expect(stale.v).toEqual(previousLast.v);
  });
});
