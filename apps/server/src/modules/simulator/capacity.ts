import { groundDistanceForOffNadir, groundPointAtLook, offNadirForGroundDistance } from '../orbits/geodesy';
import { capabilityForLight } from '../orbits/imaging';
import { lookFrameOf } from '../orbits/orbit';
import { sunAngles } from '../orbits/sun';
import { hashInts } from '../weather';
import { landMask } from './land-mask';
import { type Context, checkWindow, MS_PER_DAY, makeRun, orbitForDay, TWO_32 } from './satellite-days';
import type { SimulateOptions } from './scene-types';

// How many scenes a constellation could give over a window, sampled, and so the density for a
// wanted scene count (simulator.ts: `targetCount`).

export interface CapacityEstimate {
  /** Expected scene count at density 1, over the window, all satellites. */
  total: number;
  perSatellite: { satelliteId: number; name: string; capacity: number; acceptedShare: number }[];
}

/**
 * Estimates each satellite's capacity over the window (its scene count at
 * density 1) by trying candidates at sampled instants: 48 days spread evenly
 * over the window (stratified, jittered by the seed), 25 instants each, with
 * the acquisition's own rules (elements, launch, land, light; nadir look for
 * agile satellites). ±3 % on the total for a constellation of 25.
 */
export async function estimateCapacity(options: SimulateOptions): Promise<CapacityEstimate> {
  const { from, to } = options;
  checkWindow(from, to);
  const ctx: Context = {
    seed: (options.seed ?? 1) >>> 0,
    density: 1,
    mask: options.landMask ?? landMask(),
    elementsFor: options.elementsFor,
    maxAgeMs: (options.maxElementAgeDays ?? 730) * MS_PER_DAY,
  };
  const fromMs = from.getTime();
  const span = to.getTime() - fromMs;
  const days = 48;
  const perDay = 25;
  const perSatellite: CapacityEstimate['perSatellite'] = [];
  for (const sat of options.satellites) {
    const run = makeRun(sat);
    let accepted = 0;
    for (let d = 0; d < days; d++) {
      const dayStart = fromMs + (span * d) / days;
      const dayEnd = fromMs + (span * (d + 1)) / days;
      for (let i = 0; i < perDay; i++) {
        const r = hashInts(ctx.seed, sat.noradId, 99, d * perDay + i) / TWO_32;
        const time = Math.floor(dayStart + ((i + r) / perDay) * (dayEnd - dayStart));
        if (time < run.launchMs) continue;
        const orbit = await orbitForDay(run, ctx, Math.floor(time / MS_PER_DAY));
        if (!orbit) continue;
        const state = orbit.state(time);
        if (!state) continue;
        let centreDeg = 0;
        if (run.plan.mode === 'systematic' && run.plan.radar) {
          const nearKm = groundDistanceForOffNadir(sat.altitudeKm, run.plan.radar.nearDeg);
          const farKm = groundDistanceForOffNadir(sat.altitudeKm, run.plan.radar.farDeg);
          centreDeg = offNadirForGroundDistance(sat.altitudeKm, (nearKm + farKm) / 2);
        } else if (run.plan.radar) {
          centreDeg = (run.plan.radar.nearDeg + run.plan.radar.farDeg) / 2;
        }
        const centre = groundPointAtLook(lookFrameOf(state), centreDeg);
        if (!centre || !ctx.mask.isLand(centre.lat, centre.lon)) continue;
        const sun = sunAngles(time, centre.lat, centre.lon);
        if (capabilityForLight(sat.cap.caps, sun.zenithDeg)) accepted++;
      }
    }
    const acceptedShare = accepted / (days * perDay);
    const capacity = (acceptedShare * run.plan.dutyCycle * span) / 1000 / run.plan.slotSeconds;
    perSatellite.push({ satelliteId: sat.id, name: sat.name, capacity, acceptedShare });
  }
  return { total: perSatellite.reduce((a, s) => a + s.capacity, 0), perSatellite };
}

/**
 * The density that yields about `targetCount` scenes over the window (capped
 * at 1: `reachable` says whether the target fits the constellation's
 * capacity). Compute it once for a window and pass it as `density` when the
 * window is generated in pieces: a density computed per piece would differ.
 */
export async function densityForTarget(
  options: SimulateOptions,
): Promise<{ density: number; capacity: number; reachable: boolean }> {
  const target = options.targetCount;
  if (!(target !== undefined && target > 0))
    throw new RangeError('densityForTarget: targetCount must be positive');
  const { total } = await estimateCapacity(options);
  if (total <= 0) return { density: 1, capacity: 0, reachable: false };
  const density = Math.min(1, target / total);
  return { density, capacity: total, reachable: target <= total };
}
