import { type AcquisitionPlan, acquisitionPlan, type SimulatorSatellite } from '../orbits/acquisition';
import { InvalidElementsError, Orbit } from '../orbits/orbit';
import type { LandMask } from './land-mask';
import type { ElementsLookup } from './scene-types';

// One satellite's run through a window, day by day: its acquisition plan, its launch, and the orbit
// of each UTC day (shared by the scene generation in simulator.ts and the estimate in capacity.ts).

export const MS_PER_DAY = 86_400_000;
export const TWO_32 = 4294967296;

export interface Run {
  sat: SimulatorSatellite;
  plan: AcquisitionPlan;
  launchMs: number;
  orbits: Map<string, Orbit>;
  days: Map<number, Orbit | null>;
}

export interface Context {
  seed: number;
  density: number;
  mask: LandMask;
  elementsFor: ElementsLookup;
  maxAgeMs: number;
}

function launchMsOf(sat: SimulatorSatellite): number {
  return sat.launchDate ? Date.parse(`${sat.launchDate}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
}

export function makeRun(sat: SimulatorSatellite): Run {
  return {
    sat,
    plan: acquisitionPlan(sat),
    launchMs: launchMsOf(sat),
    orbits: new Map(),
    days: new Map(),
  };
}

/** The orbit for a UTC day: the lookup's elements for noon, unless missing, invalid or too old. */
export async function orbitForDay(run: Run, ctx: Context, day: number): Promise<Orbit | null> {
  const known = run.days.get(day);
  if (known !== undefined) return known;
  const noon = day * MS_PER_DAY + MS_PER_DAY / 2;
  const set = await ctx.elementsFor(run.sat.noradId, new Date(noon));
  let orbit: Orbit | null = null;
  if (set) {
    const key = `${set.line1}\n${set.line2}`;
    orbit = run.orbits.get(key) ?? null;
    if (!orbit) {
      try {
        orbit = Orbit.fromTle(set.line1, set.line2);
        run.orbits.set(key, orbit);
      } catch (e) {
        if (!(e instanceof InvalidElementsError)) throw e;
      }
    }
    if (orbit && Math.abs(noon - orbit.epochMs) > ctx.maxAgeMs) orbit = null;
  }
  run.days.set(day, orbit);
  // Keep the cache small on long runs: days are visited in order.
  if (run.days.size > 8) run.days.delete(run.days.keys().next().value!);
  return orbit;
}

export function checkWindow(from: Date, to: Date) {
  if (!(from.getTime() < to.getTime())) throw new RangeError('simulateScenes: `from` must be before `to`');
}
