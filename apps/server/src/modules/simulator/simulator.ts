import { groundDistanceForOffNadir, offNadirForGroundDistance } from '../orbits/geodesy';
import { radarEdges } from '../orbits/imaging';
import type { Orbit } from '../orbits/orbit';
import { hashInts, Random } from '../weather';
import { densityForTarget } from './capacity';
import { landMask } from './land-mask';
import {
  type Context,
  checkWindow,
  MS_PER_DAY,
  makeRun,
  orbitForDay,
  type Run,
  TWO_32,
} from './satellite-days';
import { buildScene, type Look } from './scene';
import type { SimulatedScene, SimulateOptions } from './scene-types';

/**
 * The archive simulator (DESIGN §5): scenes on each satellite's real ground
 * track, at its real local time (both come from SGP4 on its elements), over
 * land, in the light its sensor needs, within its agility, with the real Sun at
 * the scene centre and a plausible cloud cover.
 *
 * Determinism: time is cut into slots on a fixed grid from 1970 (per
 * satellite: 60 s slots for agile satellites, frame periods for systematic
 * ones), and everything about the scene of a slot is drawn from a generator
 * seeded by (seed, NORAD id, slot index). A scene belongs to the window that
 * holds its centre time, and the elements used for an instant are those the
 * lookup gives for noon UTC of its day. So the same inputs give the same
 * scenes, and a window cut into pieces gives, piece after piece, exactly the
 * scenes of the whole window, in the same order (by time, then satellite).
 *
 * Scale: `density` is the share of each satellite's capacity (everything
 * it could image under the rules) that is generated, from 1 (all of it,
 * ≈ 100–500 scenes per satellite and day) down to thousandths; `targetCount`
 * picks the density that yields about that many scenes. Scenes come out as an
 * async iterable of batches, so millions never sit in memory together.
 */

export { type CapacityEstimate, densityForTarget, estimateCapacity } from './capacity';
export type {
  ElementSetLike,
  ElementsLookup,
  SimulatedScene,
  SimulatedSceneProperties,
  SimulateOptions,
} from './scene-types';

export const DEFAULT_DENSITY = 0.01;

/** Salts of the generator streams, so that coins, scenes and datatakes never share a seed. */
const SLOT_COIN = 1;
const SLOT_SCENE = 2;
const DATATAKE_COIN = 3;
const FRAME_SCENE = 4;

/** Scenes of an agile satellite with centre times in [lo, hi). */
function pointedScenes(run: Run, ctx: Context, orbit: Orbit, lo: number, hi: number, out: SimulatedScene[]) {
  const { sat, plan } = run;
  const slotMs = plan.slotSeconds * 1000;
  const threshold = ctx.density * TWO_32;
  for (let k = Math.floor(lo / slotMs); k * slotMs < hi; k++) {
    if (hashInts(ctx.seed, sat.noradId, SLOT_COIN, k) >= threshold) continue;
    const random = new Random(hashInts(ctx.seed, sat.noradId, SLOT_SCENE, k));
    const time = k * slotMs + Math.floor(random.next() * slotMs);
    if (time < lo || time >= hi) continue;
    const side = random.next() < 0.5 ? -1 : 1;
    const u = random.next();
    const lengthKm = plan.lengthKm[0] + (plan.lengthKm[1] - plan.lengthKm[0]) * random.next();
    let look: Look;
    if (plan.radar) {
      const centreDeg = side * (plan.radar.nearDeg + (plan.radar.farDeg - plan.radar.nearDeg) * u);
      const [a, b] = radarEdges(sat.altitudeKm, sat.swathKm, centreDeg);
      look = { centreDeg, leftDeg: a, rightDeg: b, lengthKm };
    } else {
      // Off-nadir: the agility times u², mean a third of the maximum: most archive scenes are
      // taken fairly near nadir, a few near the limit.
      const centreDeg = side * sat.maxOffNadirDeg * u * u;
      look = {
        centreDeg,
        leftDeg: centreDeg - plan.halfFieldOfViewDeg,
        rightDeg: centreDeg + plan.halfFieldOfViewDeg,
        lengthKm,
      };
    }
    const scene = buildScene(run, ctx, orbit, time, k, look, random);
    if (scene) out.push(scene);
  }
}

/** Frames of a systematic mission with centre times in [lo, hi). */
function systematicScenes(
  run: Run,
  ctx: Context,
  orbit: Orbit,
  lo: number,
  hi: number,
  out: SimulatedScene[],
) {
  const { sat, plan } = run;
  const frameMs = plan.slotSeconds * 1000;
  const datatakeMs = plan.datatakeSeconds * 1000;
  const threshold = ctx.density * plan.dutyCycle * TWO_32;
  let look: Look;
  if (plan.radar) {
    const nearKm = groundDistanceForOffNadir(sat.altitudeKm, plan.radar.nearDeg);
    const farKm = groundDistanceForOffNadir(sat.altitudeKm, plan.radar.farDeg);
    const centreDeg = offNadirForGroundDistance(sat.altitudeKm, (nearKm + farKm) / 2);
    look = {
      centreDeg,
      leftDeg: plan.radar.nearDeg,
      rightDeg: plan.radar.farDeg,
      lengthKm: plan.lengthKm[0],
    };
  } else {
    look = {
      centreDeg: 0,
      leftDeg: -plan.halfFieldOfViewDeg,
      rightDeg: plan.halfFieldOfViewDeg,
      lengthKm: plan.lengthKm[0],
    };
  }
  for (let j = Math.floor(lo / datatakeMs); j * datatakeMs < hi; j++) {
    if (hashInts(ctx.seed, sat.noradId, DATATAKE_COIN, j) >= threshold) continue;
    const start = Math.max(lo, j * datatakeMs);
    const end = Math.min(hi, (j + 1) * datatakeMs);
    // Frames whose centre (k + ½)·frame, rounded to the ms, lies in [start, end).
    for (let k = Math.max(0, Math.floor(start / frameMs - 0.5)); ; k++) {
      const time = Math.round((k + 0.5) * frameMs);
      if (time >= end) break;
      if (time < start) continue;
      const random = new Random(hashInts(ctx.seed, sat.noradId, FRAME_SCENE, k));
      const scene = buildScene(run, ctx, orbit, time, k, look, random);
      if (scene) out.push(scene);
    }
  }
}

function compareScenes(a: SimulatedScene, b: SimulatedScene): number {
  return (
    a.acquiredAt.getTime() - b.acquiredAt.getTime() || a.satelliteId - b.satelliteId || (a.id < b.id ? -1 : 1)
  );
}

/**
 * Generates the scenes of the window, in batches ordered by time (then
 * satellite, then id). See the module comment for determinism and scale.
 */
export async function* simulateScenes(options: SimulateOptions): AsyncGenerator<SimulatedScene[]> {
  const { from, to } = options;
  checkWindow(from, to);
  let density = options.density ?? DEFAULT_DENSITY;
  if (options.targetCount !== undefined) density = (await densityForTarget(options)).density;
  if (!(density > 0 && density <= 1)) throw new RangeError('simulateScenes: density must be in (0, 1]');
  const ctx: Context = {
    seed: (options.seed ?? 1) >>> 0,
    density,
    mask: options.landMask ?? landMask(),
    elementsFor: options.elementsFor,
    maxAgeMs: (options.maxElementAgeDays ?? 730) * MS_PER_DAY,
  };
  const batchSize = options.batchSize ?? 5000;
  const runs = options.satellites.map((sat) => makeRun(sat));
  let pending: SimulatedScene[] = [];
  const fromMs = from.getTime();
  const toMs = to.getTime();
  for (let day = Math.floor(fromMs / MS_PER_DAY); day * MS_PER_DAY < toMs; day++) {
    const dayScenes: SimulatedScene[] = [];
    for (const run of runs) {
      const lo = Math.max(fromMs, day * MS_PER_DAY, run.launchMs);
      const hi = Math.min(toMs, (day + 1) * MS_PER_DAY);
      if (lo >= hi) continue;
      const orbit = await orbitForDay(run, ctx, day);
      if (!orbit) continue;
      if (run.plan.mode === 'pointed') pointedScenes(run, ctx, orbit, lo, hi, dayScenes);
      else systematicScenes(run, ctx, orbit, lo, hi, dayScenes);
    }
    dayScenes.sort(compareScenes);
    for (const s of dayScenes) pending.push(s);
    while (pending.length >= batchSize) {
      yield pending.slice(0, batchSize);
      pending = pending.slice(batchSize);
    }
  }
  if (pending.length) yield pending;
}
