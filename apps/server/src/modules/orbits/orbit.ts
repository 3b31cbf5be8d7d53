import { gstime, type SatRec, SatRecError, sgp4, twoline2satrec } from 'satellite.js';
import { DEG, ecefToGeodetic, type Geodetic, type LookFrame, lookFrame, type Vec3 } from './geodesy';

/**
 * SGP4 propagation of a two-line element set (satellite.js, Vallado's 2006
 * revision, WGS-72 constants as the elements were fitted with), and the frames
 * the rest of the product works in:
 * - TEME, SGP4's own output (true equator, mean equinox of date);
 * - ECEF (Earth-fixed, pseudo-Earth-fixed to be exact: TEME rotated by GMST;
 *   polar motion, ≤ 15 m, is ignored, far below the error of a TLE);
 * - geodetic latitude, longitude and height on WGS-84.
 * Times are JavaScript instants (ms since 1970, UTC); UT1 − UTC (< 1 s, ≤ 0.5 km
 * along the ground) is ignored likewise.
 */

/** Earth's rotation rate for the TEME → pseudo-Earth-fixed frame, rad/s (IERS / Vallado). */
export const EARTH_ROTATION_RAD_S = 7.292115146706979e-5;

const MS_PER_DAY = 86_400_000;
const JD_UNIX_EPOCH = 2440587.5;

export interface TemeState {
  /** km */
  position: Vec3;
  /** km/s */
  velocity: Vec3;
}

export interface OrbitState {
  /** Instant, ms since 1970 (UTC). */
  time: number;
  teme: TemeState;
  /** Earth-fixed position (km) and velocity relative to the rotating Earth (km/s). */
  ecef: TemeState;
  /** Geodetic sub-satellite point and height above the ellipsoid. */
  geodetic: Geodetic;
  /** True while the satellite moves north (its Earth-fixed z velocity is positive). */
  ascending: boolean;
}

export type OrbitDirection = 'ascending' | 'descending';

/** Why SGP4 gave no state (satellite.js error codes, Vallado's). */
export type PropagationError =
  | 'mean-eccentricity-out-of-range'
  | 'mean-motion-below-zero'
  | 'perturbed-eccentricity-out-of-range'
  | 'semi-latus-rectum-below-zero'
  | 'decayed'
  | 'unknown';

const errorNames: Record<number, PropagationError> = {
  [SatRecError.MeanEccentricityOutOfRange]: 'mean-eccentricity-out-of-range',
  [SatRecError.MeanMotionBelowZero]: 'mean-motion-below-zero',
  [SatRecError.PerturbedEccentricityOutOfRange]: 'perturbed-eccentricity-out-of-range',
  [SatRecError.SemiLatusRectumBelowZero]: 'semi-latus-rectum-below-zero',
  [SatRecError.Decayed]: 'decayed',
};

export class InvalidElementsError extends Error {}

/** One element set ready to propagate. Immutable apart from SGP4's scratch fields in `satrec`. */
export class Orbit {
  readonly satrec: SatRec;
  readonly noradId: number;
  /** Epoch of the elements, ms since 1970 (UTC). */
  readonly epochMs: number;
  /** Kozai mean motion of line 2, revolutions per day. */
  readonly meanMotionRevPerDay: number;
  readonly inclinationDeg: number;
  /** Revolution number at epoch (line 2, columns 64–68). */
  readonly revolutionAtEpoch: number;
  /** Nodal period estimate from the mean motion, seconds. */
  readonly periodSeconds: number;
  /** Why the last propagation failed; undefined after a success. */
  lastError: PropagationError | undefined;
  /** Argument of latitude at epoch as a fraction of a revolution (lazy, for revolution counts). */
  private epochPhase: number | undefined;

  private constructor(
    satrec: SatRec,
    readonly line1: string,
    readonly line2: string,
  ) {
    this.satrec = satrec;
    this.noradId = Number.parseInt(satrec.satnum, 10);
    this.epochMs = (satrec.jdsatepoch - JD_UNIX_EPOCH) * MS_PER_DAY;
    this.meanMotionRevPerDay = Number(line2.slice(52, 63));
    this.inclinationDeg = satrec.inclo / DEG;
    this.revolutionAtEpoch = Number(line2.slice(63, 68).trim() || '0');
    this.periodSeconds = 86_400 / this.meanMotionRevPerDay;
  }

  /** Parses and initialises the element set; throws InvalidElementsError when SGP4 refuses it. */
  static fromTle(line1: string, line2: string): Orbit {
    const l1 = line1.slice(0, 69);
    const l2 = line2.slice(0, 69);
    const satrec = twoline2satrec(l1, l2);
    if (satrec.error !== SatRecError.None) {
      throw new InvalidElementsError(
        `SGP4 rejects the elements: ${errorNames[satrec.error] ?? satrec.error}`,
      );
    }
    if (!Number.isFinite(satrec.no) || satrec.no <= 0) {
      throw new InvalidElementsError('SGP4 rejects the elements: mean motion is not positive');
    }
    return new Orbit(satrec, l1, l2);
  }

  get epoch(): Date {
    return new Date(this.epochMs);
  }

  /** Minutes from the epoch to an instant (negative before it), SGP4's time argument. */
  minutesSinceEpoch(time: number): number {
    return (time - this.epochMs) / 60_000;
  }

  /** SGP4 at minutes since epoch, in TEME; null (and `lastError`) when SGP4 fails. */
  temeAtMinutes(tsince: number): TemeState | null {
    const pv = sgp4(this.satrec, tsince);
    if (!pv || this.satrec.error !== SatRecError.None) {
      this.lastError = errorNames[this.satrec.error] ?? 'unknown';
      return null;
    }
    this.lastError = undefined;
    return { position: pv.position, velocity: pv.velocity };
  }

  /** TEME state at an instant (Date or ms since 1970). */
  teme(at: Date | number): TemeState | null {
    return this.temeAtMinutes(this.minutesSinceEpoch(typeof at === 'number' ? at : at.getTime()));
  }

  /** The full state at an instant: TEME, ECEF, geodetic, direction. */
  state(at: Date | number): OrbitState | null {
    const time = typeof at === 'number' ? at : at.getTime();
    const teme = this.teme(time);
    if (!teme) return null;
    const ecef = temeToEcef(teme, time);
    const geodetic = ecefToGeodetic(ecef.position.x, ecef.position.y, ecef.position.z);
    return { time, teme, ecef, geodetic, ascending: ecef.velocity.z > 0 };
  }

  /**
   * Revolution number at an instant, counted like line 2's (a new revolution
   * starts at each ascending node). The whole revolutions elapsed come from
   * SGP4's secular rates (mean anomaly + perigee) plus line 1's drag term; the
   * position within the revolution from the propagated argument of latitude,
   * so the count stays right as long as that estimate is within half a
   * revolution (years for the satellites here). NaN when SGP4 fails.
   */
  revolutionAt(at: Date | number): number {
    const time = typeof at === 'number' ? at : at.getTime();
    if (this.epochPhase === undefined) {
      const atEpoch = this.teme(this.epochMs);
      if (!atEpoch) return Number.NaN;
      this.epochPhase = argumentOfLatitudeDeg(atEpoch) / 360;
    }
    const atTime = this.teme(time);
    if (!atTime) return Number.NaN;
    const u0 = this.epochPhase;
    const u1 = argumentOfLatitudeDeg(atTime) / 360;
    const minutes = this.minutesSinceEpoch(time);
    const days = minutes / 1440;
    // Line 1 columns 34–43: half the first derivative of the mean motion, rev/day².
    const halfNdot = Number(this.line1.slice(33, 43)) || 0;
    const elapsed =
      ((this.satrec.mdot + this.satrec.argpdot) * minutes) / (2 * Math.PI) + halfNdot * days * days;
    const whole = Math.round(u0 + elapsed - u1);
    return this.revolutionAtEpoch + whole;
  }
}

/** Greenwich mean sidereal time (IAU 1982, as SGP4 uses), radians, at ms since 1970. */
export function gmstAt(time: number): number {
  return gstime(time / MS_PER_DAY + JD_UNIX_EPOCH);
}

/** TEME → pseudo-Earth-fixed: rotate by GMST; the velocity loses the frame's rotation (ω × r). */
export function temeToEcef(teme: TemeState, time: number): TemeState {
  const g = gmstAt(time);
  const c = Math.cos(g);
  const s = Math.sin(g);
  const { position: r, velocity: v } = teme;
  const x = c * r.x + s * r.y;
  const y = -s * r.x + c * r.y;
  const z = r.z;
  const vx = c * v.x + s * v.y + EARTH_ROTATION_RAD_S * y;
  const vy = -s * v.x + c * v.y - EARTH_ROTATION_RAD_S * x;
  return { position: { x, y, z }, velocity: { x: vx, y: vy, z: v.z } };
}

export function orbitDirection(state: OrbitState): OrbitDirection {
  return state.ascending ? 'ascending' : 'descending';
}

/** The look frame (nadir, along-track, right) of a state, for off-nadir geometry. */
export function lookFrameOf(state: OrbitState): LookFrame {
  return lookFrame(state.ecef.position, state.ecef.velocity, state.geodetic);
}

/**
 * Argument of latitude (angle from the ascending node along the orbit) of a
 * TEME state, degrees 0–360. From the osculating state: accurate to the
 * short-period terms, a few hundredths of a degree, which is all the grid
 * and naming work needs.
 */
export function argumentOfLatitudeDeg(teme: TemeState): number {
  const { position: r, velocity: v } = teme;
  const hx = r.y * v.z - r.z * v.y;
  const hy = r.z * v.x - r.x * v.z;
  // Node vector n = k × h = (−hy, hx, 0)
  const nx = -hy;
  const ny = hx;
  const nn = Math.hypot(nx, ny);
  const rn = Math.hypot(r.x, r.y, r.z);
  let cosU = (nx * r.x + ny * r.y) / (nn * rn);
  cosU = Math.min(1, Math.max(-1, cosU));
  let u = Math.acos(cosU) / DEG;
  if (r.z < 0) u = 360 - u;
  return u;
}

/**
 * The node (equator crossing) of the revolution a state is on, estimated from
 * the state alone: its time from the argument of latitude and the period, its
 * longitude from the orbit plane's right ascension less the Earth's rotation
 * at that time. Osculating elements: within ≈ 0.05° and a few seconds of the
 * propagated crossing, without propagating again. The descending node is the
 * one of the same revolution (u = 180°), the ascending node the nearer one.
 */
export function nodeOfRevolution(
  orbit: Orbit,
  state: OrbitState,
  node: OrbitDirection,
): { time: number; lon: number } {
  const { position: r, velocity: v } = state.teme;
  const hx = r.y * v.z - r.z * v.y;
  const hy = r.z * v.x - r.x * v.z;
  const raan = Math.atan2(hx, -hy) / DEG;
  const u = argumentOfLatitudeDeg(state.teme);
  let du = node === 'descending' ? u - 180 : u;
  if (du > 180) du -= 360;
  const time = state.time - (du / 360) * orbit.periodSeconds * 1000;
  const lon = raan + (node === 'descending' ? 180 : 0) - gmstAt(time) / DEG;
  return { time, lon: ((((lon + 180) % 360) + 360) % 360) - 180 };
}

/** Mean ground speed of the sub-satellite point, km/s (from the mean motion, ignoring Earth rotation). */
export function groundSpeedKmS(orbit: Orbit, earthRadiusKm = 6371.0088): number {
  return (2 * Math.PI * earthRadiusKm) / orbit.periodSeconds;
}

/** Samples of an orbit over a regular time grid, in flat typed arrays (no per-sample objects). */
export interface OrbitTrack {
  /** ms since 1970 */
  times: Float64Array;
  /** Earth-fixed positions, km, interleaved x, y, z. */
  ecef: Float64Array;
  /** Earth-fixed velocities, km/s, interleaved x, y, z. */
  ecefVelocity: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  heightKm: Float64Array;
  /** 1 where SGP4 gave a state, 0 where it failed (the other arrays hold NaN there). */
  ok: Uint8Array;
}

/**
 * Batch propagation over [fromMs, toMs] inclusive at a fixed step (the last
 * sample is `toMs` even when the step does not divide the span).
 */
export function propagateTrack(orbit: Orbit, fromMs: number, toMs: number, stepSeconds: number): OrbitTrack {
  const stepMs = stepSeconds * 1000;
  const n = Math.max(1, Math.floor((toMs - fromMs) / stepMs) + 1 + ((toMs - fromMs) % stepMs > 0 ? 1 : 0));
  const track: OrbitTrack = {
    times: new Float64Array(n),
    ecef: new Float64Array(3 * n),
    ecefVelocity: new Float64Array(3 * n),
    lat: new Float64Array(n),
    lon: new Float64Array(n),
    heightKm: new Float64Array(n),
    ok: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const t = Math.min(toMs, fromMs + i * stepMs);
    track.times[i] = t;
    const teme = orbit.teme(t);
    if (!teme) {
      track.ecef.fill(Number.NaN, 3 * i, 3 * i + 3);
      track.ecefVelocity.fill(Number.NaN, 3 * i, 3 * i + 3);
      track.lat[i] = Number.NaN;
      track.lon[i] = Number.NaN;
      track.heightKm[i] = Number.NaN;
      continue;
    }
    const e = temeToEcef(teme, t);
    const g = ecefToGeodetic(e.position.x, e.position.y, e.position.z);
    track.ecef[3 * i] = e.position.x;
    track.ecef[3 * i + 1] = e.position.y;
    track.ecef[3 * i + 2] = e.position.z;
    track.ecefVelocity[3 * i] = e.velocity.x;
    track.ecefVelocity[3 * i + 1] = e.velocity.y;
    track.ecefVelocity[3 * i + 2] = e.velocity.z;
    track.lat[i] = g.lat;
    track.lon[i] = g.lon;
    track.heightKm[i] = g.heightKm;
    track.ok[i] = 1;
  }
  return track;
}

export interface NodeCrossing {
  /** ms since 1970 */
  time: number;
  /** Longitude of the crossing, degrees. */
  lon: number;
  /** Local mean solar time at the crossing, hours 0–24. */
  localTimeHours: number;
}

/**
 * The equator crossing (ascending or descending node) nearest `near` (within
 * one revolution either side): latitude sign changes found on a 60 s grid,
 * then bisected to 1 ms. Null when SGP4 fails there.
 */
export function nodeCrossingNear(orbit: Orbit, near: number, node: OrbitDirection): NodeCrossing | null {
  const span = orbit.periodSeconds * 1000;
  const step = 60_000;
  let best: number | null = null;
  let prev = orbit.state(near - span);
  for (let t = near - span + step; t <= near + span; t += step) {
    const cur = orbit.state(t);
    if (prev && cur) {
      const crosses =
        node === 'ascending'
          ? prev.geodetic.lat < 0 && cur.geodetic.lat >= 0
          : prev.geodetic.lat > 0 && cur.geodetic.lat <= 0;
      if (crosses) {
        let lo = t - step;
        let hi = t;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          const s = orbit.state(mid);
          if (!s) return null;
          const north = s.geodetic.lat >= 0;
          if (node === 'ascending' ? north : !north) hi = mid;
          else lo = mid;
        }
        if (best === null || Math.abs(hi - near) < Math.abs(best - near)) best = hi;
      }
    }
    prev = cur;
  }
  if (best === null) return null;
  const s = orbit.state(best);
  if (!s) return null;
  return { time: best, lon: s.geodetic.lon, localTimeHours: localMeanSolarTimeHours(best, s.geodetic.lon) };
}

/** Local mean solar time at a longitude, hours 0–24 (UTC + longitude / 15°). */
export function localMeanSolarTimeHours(time: number, lon: number): number {
  const utcHours = (((time / 3_600_000) % 24) + 24) % 24;
  return (((utcHours + lon / 15) % 24) + 24) % 24;
}

/** Whether an orbit is sun-synchronous: its nodal precession (J2) within 10 % of the Sun's 0.9856°/day. */
export function isSunSynchronous(orbit: Orbit): boolean {
  return Math.abs(nodalPrecessionDegPerDay(orbit) - 0.98565) < 0.1;
}

/** Secular J2 regression of the node, degrees per day (positive eastward). */
export function nodalPrecessionDegPerDay(orbit: Orbit): number {
  const mu = 398600.4418;
  const re = 6378.137;
  const j2 = 1.08262668e-3;
  const n = (orbit.meanMotionRevPerDay * 2 * Math.PI) / 86400;
  const a = Math.cbrt(mu / (n * n));
  const e = orbit.satrec.ecco;
  const p = a * (1 - e * e);
  const rate = -1.5 * n * j2 * (re / p) ** 2 * Math.cos(orbit.satrec.inclo);
  return (rate * 86400) / DEG;
}
