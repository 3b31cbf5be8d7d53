import { type Band, type Capability, SensorType, type StereoMode } from '@satportal/contract';
import { type AcquisitionPlan, acquisitionPlan, type SimulatorSatellite } from '../orbits/acquisition';
import { type Footprint, footprintFromRing, type Position } from '../orbits/footprint';
import {
  EARTH_MEAN_RADIUS_KM,
  groundDistanceForOffNadir,
  groundPointAtLook,
  offNadirForGroundDistance,
} from '../orbits/geodesy';
import {
  capabilityForLight,
  groundSampleDistance,
  radarEdges,
  roundGsd,
  swathOutline,
} from '../orbits/imaging';
import { InvalidElementsError, lookFrameOf, Orbit, type OrbitState } from '../orbits/orbit';
import { sunAngles } from '../orbits/sun';
import { drawCloudCover } from './cloud';
import { type LandMask, landMask } from './land-mask';
import { hashInts, Random } from './random';
import { sceneId } from './scene-ids';

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

export interface ElementSetLike {
  line1: string;
  line2: string;
}

/** The element set to use for a satellite at an instant (e.g. the stored one nearest it), if any. */
export type ElementsLookup = (
  noradId: number,
  at: Date,
) => ElementSetLike | null | undefined | Promise<ElementSetLike | null | undefined>;

export interface SimulateOptions {
  satellites: SimulatorSatellite[];
  elementsFor: ElementsLookup;
  /** Window [from, to): scenes whose centre time lies in it. */
  from: Date;
  to: Date;
  /** Share of each satellite's capacity, 0 < density ≤ 1. Default 0.01. */
  density?: number;
  /** Instead of a density: about this many scenes over the window (see `densityForTarget`). */
  targetCount?: number;
  /** Default 1. */
  seed?: number;
  /** Scenes per batch, default 5000. */
  batchSize?: number;
  /**
   * Days between an instant and the epoch of the elements used for it beyond
   * which that day gets no scenes (SGP4 drifts along the track by kilometres
   * a day after the first weeks; the ground track and local time stay right
   * for a long time). Default 730.
   */
  maxElementAgeDays?: number;
  /** Default: Natural Earth 1:50m land (data/land). */
  landMask?: LandMask;
}

export interface SimulatedScene {
  id: string;
  /** Catalogue id of the satellite. */
  satelliteId: number;
  noradId: number;
  /** Scene centre time. */
  acquiredAt: Date;
  footprint: Footprint;
  /** Percent, 0–100. */
  cloudCover: number;
  /** Degrees from nadir of the line of sight to the scene centre. */
  offNadir: number;
  sunZenith: number;
  /** Degrees clockwise from north. */
  sunAzimuth: number;
  /** Ground sample distance at the scene centre, metres (best band). */
  gsd: number;
  /** 1 ascending, 2 descending. */
  orbitDirection: 1 | 2;
  sensorType: number;
  bands: Band[];
  stereoMode: StereoMode | null;
  productQuality: 'A' | 'B';
  provenance: 'simulated';
  properties: SimulatedSceneProperties;
}

export interface SimulatedSceneProperties {
  satelliteName: string;
  /** Scene centre [lon, lat]. */
  centre: Position;
  /** Signed roll of the line of sight: positive right of the track. */
  crossTrackDeg: number;
  /** Angle of the line of sight from the vertical at the scene centre. */
  incidenceDeg: number;
  acquisitionMode: 'systematic' | 'pointed';
  gsdAlongTrack: number;
  gsdCrossTrack: number;
  /** Epoch of the elements the scene was computed from (ISO 8601). */
  elementsEpoch: string;
  polarisations?: string[];
  videoSeconds?: number;
  /** Length of the scene along the track, km. */
  lengthKm: number;
}

export const DEFAULT_DENSITY = 0.01;
const MS_PER_DAY = 86_400_000;
const TWO_32 = 4294967296;

/** Salts of the generator streams, so that coins, scenes and datatakes never share a seed. */
const SLOT_COIN = 1;
const SLOT_SCENE = 2;
const DATATAKE_COIN = 3;
const FRAME_SCENE = 4;

interface Run {
  sat: SimulatorSatellite;
  plan: AcquisitionPlan;
  launchMs: number;
  orbits: Map<string, Orbit>;
  days: Map<number, Orbit | null>;
}

interface Context {
  seed: number;
  density: number;
  mask: LandMask;
  elementsFor: ElementsLookup;
  maxAgeMs: number;
}

function launchMsOf(sat: SimulatorSatellite): number {
  return sat.launchDate ? Date.parse(`${sat.launchDate}T00:00:00Z`) : Number.NEGATIVE_INFINITY;
}

function makeRun(sat: SimulatorSatellite): Run {
  return {
    sat,
    plan: acquisitionPlan(sat),
    launchMs: launchMsOf(sat),
    orbits: new Map(),
    days: new Map(),
  };
}

/** The orbit for a UTC day: the lookup's elements for noon, unless missing, invalid or too old. */
async function orbitForDay(run: Run, ctx: Context, day: number): Promise<Orbit | null> {
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

const round2 = (x: number) => Math.round(x * 100) / 100;

interface Look {
  /** Signed roll to the scene centre. */
  centreDeg: number;
  /** Signed rolls of the left and right edges of the footprint (left < right). */
  leftDeg: number;
  rightDeg: number;
  lengthKm: number;
}

/**
 * One scene, or null when a rule rules it out (SGP4 failure, sea, wrong light,
 * a line of sight past the horizon, a footprint around a pole).
 */
function buildScene(
  run: Run,
  ctx: Context,
  orbit: Orbit,
  time: number,
  serial: number,
  look: Look,
  random: Random,
): SimulatedScene | null {
  const { sat, plan } = run;
  const state = orbit.state(time);
  if (!state) return null;
  const centre = groundPointAtLook(lookFrameOf(state), look.centreDeg);
  if (!centre) return null;
  if (!ctx.mask.isLand(centre.lat, centre.lon)) return null;
  const sun = sunAngles(time, centre.lat, centre.lon);
  const cap = capabilityForLight(sat.cap.caps, sun.zenithDeg);
  if (!cap) return null;

  const ring = footprintRing(orbit, state, look);
  if (!ring) return null;
  const footprint = footprintFromRing(ring);
  if (!footprint) return null;

  const radar = cap.type === SensorType.Radar;
  const {
    along: gsdAlong,
    cross: gsdCross,
    gsd,
  } = groundSampleDistance(cap, sat.altitudeKm, centre.slantRangeKm, centre.incidenceDeg);

  const cloudCover = radar ? 0 : drawCloudCover(random, centre.lat, time);
  const offNadir = Math.abs(look.centreDeg);
  const stereoMode = stereoOf(cap, plan, random);
  const productQuality = qualityOf(
    cap,
    cloudCover,
    offNadir,
    sat.maxOffNadirDeg,
    sun.zenithDeg,
    plan,
    random,
  );

  const properties: SimulatedSceneProperties = {
    satelliteName: sat.name,
    centre: [Math.round(centre.lon * 1e6) / 1e6, Math.round(centre.lat * 1e6) / 1e6],
    crossTrackDeg: round2(look.centreDeg),
    incidenceDeg: round2(centre.incidenceDeg),
    acquisitionMode: plan.mode,
    gsdAlongTrack: roundGsd(gsdAlong),
    gsdCrossTrack: roundGsd(gsdCross),
    elementsEpoch: new Date(orbit.epochMs).toISOString(),
    lengthKm: round2(look.lengthKm),
  };
  if (radar) {
    properties.polarisations = cap.polarisations.includes('VV')
      ? random.next() < 0.8
        ? ['VV', 'VH']
        : ['HH', 'HV']
      : [...cap.polarisations];
  }
  if (plan.video && cap.type === SensorType.Video) properties.videoSeconds = 30 + random.int(61);

  return {
    id: sceneId({
      satelliteName: sat.name,
      time,
      serial,
      lat: centre.lat,
      lon: centre.lon,
      sensorType: cap.type,
      orbit,
      state,
      durationSeconds: plan.slotSeconds,
      seed: ctx.seed,
    }),
    satelliteId: sat.id,
    noradId: sat.noradId,
    acquiredAt: new Date(time),
    footprint,
    cloudCover,
    offNadir: round2(offNadir),
    sunZenith: round2(sun.zenithDeg),
    sunAzimuth: round2(sun.azimuthDeg),
    gsd: roundGsd(gsd),
    orbitDirection: state.ascending ? 1 : 2,
    sensorType: cap.type,
    bands: [...cap.bands],
    stereoMode,
    productQuality,
    provenance: 'simulated',
    properties,
  };
}

/**
 * The footprint's outline: the left and right edges of the imaged swath from
 * the start to the end of the scene (three points per edge for scenes of
 * 100 km or more, to follow the curve of the track; two otherwise).
 */
function footprintRing(orbit: Orbit, state: OrbitState, look: Look): Position[] | null {
  const h = state.geodetic.heightKm;
  const v = state.ecef.velocity;
  const groundSpeed = (Math.hypot(v.x, v.y, v.z) * EARTH_MEAN_RADIUS_KM) / (EARTH_MEAN_RADIUS_KM + h);
  const half = ((look.lengthKm / 2 / groundSpeed) * 1000) | 0;
  const times =
    look.lengthKm >= 100
      ? [state.time - half, state.time, state.time + half]
      : [state.time - half, state.time + half];
  return swathOutline(orbit, times, look.leftDeg, look.rightDeg, state);
}

function stereoOf(cap: Capability, plan: AcquisitionPlan, random: Random): StereoMode | null {
  if (!cap.stereos.length) return null;
  const u = random.next();
  // Stereo and tri-stereo are tasked products of agile satellites: 6 % and 2 % of their scenes.
  if (plan.mode === 'pointed' && cap.stereos.includes('TRISTEREO') && u < 0.02) return 'TRISTEREO';
  if (plan.mode === 'pointed' && cap.stereos.includes('STEREO') && u < 0.08) return 'STEREO';
  return cap.stereos.includes('MONO') ? 'MONO' : cap.stereos[0]!;
}

/**
 * Product quality: A unless the scene is all cloud (over 95 % for sensors that
 * see clouds), looked at from near the satellite's limit (beyond 90 % of its
 * agility), taken with a low Sun (zenith over 78° by day), or one of the 2 %
 * with a processing defect. About one scene in six is B.
 */
function qualityOf(
  cap: Capability,
  cloudCover: number,
  offNadir: number,
  maxOffNadir: number,
  sunZenith: number,
  plan: AcquisitionPlan,
  random: Random,
): 'A' | 'B' {
  const defect = random.next() < 0.02;
  if (defect) return 'B';
  if (cap.type !== SensorType.Radar && cloudCover > 95) return 'B';
  if (plan.mode === 'pointed' && offNadir > 0.9 * maxOffNadir) return 'B';
  if (cap.type !== SensorType.Radar && cap.type !== SensorType.Night && sunZenith > 78) return 'B';
  return 'A';
}

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

function checkWindow(from: Date, to: Date) {
  if (!(from.getTime() < to.getTime())) throw new RangeError('simulateScenes: `from` must be before `to`');
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
