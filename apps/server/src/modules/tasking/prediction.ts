import { type Capability, resolutionClassOf, type SensorChoice, SensorType } from '@satportal/contract';
import { acquisitionPlan, type SimulatorSatellite } from '../orbits/acquisition';
import { type Footprint, footprintFromRing } from '../orbits/footprint';
import {
  capabilityForLight,
  groundSampleDistance,
  lightingAllows,
  MAX_DAY_SUN_ZENITH_DEG,
  radarEdges,
  swathOutline,
} from '../orbits/imaging';
import { lookFrameOf, type Orbit } from '../orbits/orbit';
import { cloudCoverAt } from '../weather';
import { type Pass, PassFinder } from './passes';
import type { PassTarget } from './target';

/**
 * The passes of one satellite over a prepared AOI with what a customer reads
 * from them: the sensor that images in that light, the ground sample distance
 * at the pass's off-nadir angle, and the imaged footprint.
 */

/** The satellite facts a prediction reads: those the simulator reads. */
export type PredictionSatellite = SimulatorSatellite;

export interface PredictionConditions {
  fromMs: number;
  toMs: number;
  /** The customer's off-nadir limit; the satellite's agility limits it further. */
  maxOffNadirDeg: number;
  /** Day sensors' sun zenith limit at the AOI; 0: the usual daylight limit (80°). */
  maxSunZenithDeg: number;
  /** 1 ascending only, 2 descending only, 0 both. */
  orbitDirection: 0 | 1 | 2;
  sensor?: SensorChoice | undefined;
}

export interface PredictedPass extends Pass {
  satelliteId: number;
  sensorType: SensorType;
  /** Off-nadir angle the sensor looks at (radar: not below its nearest look angle), degrees. */
  lookOffNadirDeg: number;
  gsd: number;
  lookSide: 'left' | 'right' | 'nadir';
  footprint: Footprint;
  /** Cloud cover expected at the AOI's centre at the best instant, %; 0 for radar, which sees through it. */
  cloudForecast: number;
}

/** Whether a sensor satisfies the panel's sensor choice (type, resolution classes, stereo mode, bands). */
export function capabilityMatches(cap: Capability, choice: SensorChoice | undefined): boolean {
  if (!choice) return true;
  if (choice.type !== undefined && cap.type !== choice.type) return false;
  if (choice.resolutionIds?.length && !choice.resolutionIds.includes(resolutionClassOf(cap.maxResolution)))
    return false;
  if (choice.mode && !cap.stereos.includes(choice.mode)) return false;
  if (choice.band?.length && !choice.band.every((b) => cap.bands.includes(b))) return false;
  return true;
}

/** The sensors of a satellite the choice allows. */
export function matchingCapabilities(
  sat: PredictionSatellite,
  choice: SensorChoice | undefined,
): Capability[] {
  return sat.cap.caps.filter((c) => capabilityMatches(c, choice));
}

/** Footprints follow the track with a vertex at least every 15 s (≈ 100 km). */
const FOOTPRINT_STEP_MS = 15_000;
const FOOTPRINT_MARGIN_MS = 1500;

/**
 * The passes of a satellite with the elements `orbit` over the target. Launch
 * dates bound the window; the satellite's sensors that match the choice set
 * the light rule (a pass needs one of them to be able to image).
 */
export function predictPasses(
  sat: PredictionSatellite,
  orbit: Orbit,
  target: PassTarget,
  conditions: PredictionConditions,
): PredictedPass[] {
  const caps = matchingCapabilities(sat, conditions.sensor);
  if (!caps.length) return [];
  const launch = sat.launchDate ? Date.parse(`${sat.launchDate}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
  const fromMs = Math.max(conditions.fromMs, launch);
  if (fromMs >= conditions.toMs) return [];
  const dayLimit = conditions.maxSunZenithDeg > 0 ? conditions.maxSunZenithDeg : MAX_DAY_SUN_ZENITH_DEG;
  const anyLight = caps.some((c) => c.type === SensorType.Radar);
  const plan = acquisitionPlan(sat);
  const passes = new PassFinder(orbit, target).find({
    fromMs,
    toMs: conditions.toMs,
    maxOffNadirDeg: Math.min(conditions.maxOffNadirDeg, sat.maxOffNadirDeg),
    ...(anyLight ? {} : { light: (z: number) => caps.some((c) => lightingAllows(c.type, z, dayLimit)) }),
    orbitDirection: conditions.orbitDirection,
  });
  const out: PredictedPass[] = [];
  for (const pass of passes) {
    const cap = capabilityForLight(caps, pass.sunZenithDeg, dayLimit);
    if (!cap) continue;
    const radar = cap.type === SensorType.Radar ? plan.radar : undefined;
    // A radar cannot look below its nearest look angle: the AOI must reach out that far.
    if (radar && pass.farthestOffNadirDeg < radar.nearDeg) continue;
    const side = pass.inside ? sideOfCentre(pass, target) : Math.sign(pass.crossTrackDeg) || 1;
    const lookOffNadirDeg = radar ? Math.max(pass.offNadirDeg, radar.nearDeg) : pass.offNadirDeg;
    let edges: [number, number];
    if (radar) {
      edges =
        plan.mode === 'systematic'
          ? side > 0
            ? [radar.nearDeg, radar.farDeg]
            : [-radar.farDeg, -radar.nearDeg]
          : radarEdges(sat.altitudeKm, sat.swathKm, side * lookOffNadirDeg);
    } else {
      // Systematic imagers look at nadir; agile ones roll to the pass's off-nadir angle.
      const centre = plan.mode === 'systematic' ? 0 : side * pass.offNadirDeg;
      edges = [centre - plan.halfFieldOfViewDeg, centre + plan.halfFieldOfViewDeg];
    }
    const footprint = passFootprint(orbit, pass, target, edges);
    if (!footprint) continue;
    out.push({
      ...pass,
      satelliteId: sat.id,
      sensorType: cap.type,
      lookOffNadirDeg,
      gsd: groundSampleDistance(cap, sat.altitudeKm, pass.slantRangeKm, pass.incidenceDeg).gsd,
      lookSide: pass.inside ? 'nadir' : side > 0 ? 'right' : 'left',
      footprint,
      // Where the light rule is judged: the AOI's centre at the best instant.
      cloudForecast: radar ? 0 : cloudCoverAt(target.centreLon, target.centreLat, pass.best),
    });
  }
  return out;
}

/** The side of the track (+1 right, −1 left) the AOI's centre lies on. */
function sideOfCentre(pass: Pass, target: PassTarget): number {
  const f = lookFrameOf(pass.state);
  const [x, y, z] = target.centre;
  return Math.sign(x * f.right.x + y * f.right.y + z * f.right.z) || 1;
}

/**
 * The imaged footprint: the strip between the cross-track angles `edges`,
 * along the track from where the first point of the AOI comes abeam to where
 * the last one does (their along-track distances from the sub-satellite point
 * at the best instant, over the ground speed).
 */
function passFootprint(
  orbit: Orbit,
  pass: Pass,
  target: PassTarget,
  edges: [number, number],
): Footprint | null {
  const { state } = pass;
  const frame = lookFrameOf(state);
  const sub = frame.position;
  const h = state.geodetic.heightKm;
  const v = state.ecef.velocity;
  const r = Math.hypot(sub.x, sub.y, sub.z);
  const groundSpeed = (Math.hypot(v.x, v.y, v.z) * (r - h)) / r;
  const pts = target.points;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < pts.length; i += 3) {
    const along =
      (pts[i]! - sub.x) * frame.along.x +
      (pts[i + 1]! - sub.y) * frame.along.y +
      (pts[i + 2]! - sub.z) * frame.along.z;
    first = Math.min(first, along);
    last = Math.max(last, along);
  }
  // A second more at each end covers what the straight along-track projection misses (the
  // ground track's skew by the Earth's rotation, its curvature).
  const start = state.time + (first / groundSpeed) * 1000 - FOOTPRINT_MARGIN_MS;
  const end = state.time + (last / groundSpeed) * 1000 + FOOTPRINT_MARGIN_MS;
  const steps = Math.max(1, Math.ceil((end - start) / FOOTPRINT_STEP_MS));
  const times = Array.from({ length: steps + 1 }, (_, i) => Math.round(start + ((end - start) * i) / steps));
  const ring = swathOutline(orbit, times, edges[0], edges[1]);
  return ring && footprintFromRing(ring);
}
