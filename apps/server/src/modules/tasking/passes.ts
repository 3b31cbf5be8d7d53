import { DEG, ecefToGeodetic, geodeticToEcef, lookAnglesTo, upVector, WGS84_B } from '../orbits/geodesy';
import { EARTH_ROTATION_RAD_S, lookFrameOf, type Orbit, type OrbitState } from '../orbits/orbit';
import { sunAngles } from '../orbits/sun';
import { type PlaneGeometry, planeAt, reachAngle } from './plane';
import { type Bracket, findRoot, minimise, outward } from './solve';
import { nearestBoundaryPoint, type PassTarget, targetContains } from './target';

/**
 * The pass search: every interval in which a satellite sees some point of an
 * AOI within an off-nadir limit, from SGP4 states.
 *
 * Access is a cone: at an instant the satellite can image the AOI when the
 * line of sight to its nearest point is within the limit of nadir (roll and
 * pitch together, as an agile satellite points). The smallest off-nadir angle
 * to the AOI, g(t), is 0 while the sub-satellite point is inside the AOI and
 * otherwise the angle to the nearest boundary point.
 *
 * 1. Coarse: steps as long as orbit geometry proves no access can begin. In
 *    the inertial frame the satellite runs along its orbit plane and the AOI's
 *    centre T turns with the Earth. With c the angle of T from the plane and a
 *    its angle ahead along it, access needs |c| ≤ ρ and |a| ≤ ρ, where ρ is the
 *    ground reach of the limit plus the AOI's radius and margins; c changes no
 *    faster than the Earth turns T (plus nodal precession), a no faster than
 *    the satellite's angular rate plus that. So one SGP4 call skips to the
 *    earliest instant either could allow: hours while the plane is far from T,
 *    a revolution after each overpass. A few dozen calls a day.
 * 2. Fine, near each overpass of T: the closest approach (a = 0) by Newton
 *    steps; a lower bound of g from the cross-track distance rules out most
 *    overpasses at once; otherwise g is sampled where AOI points come abeam,
 *    minimised (Brent), and the enter and leave instants where g equals the
 *    limit are found by root-finding in brackets the geometry guarantees.
 *
 * The light rule is checked at the AOI's centre at the best instant.
 */

export interface PassSearchOptions {
  /** Window, ms since 1970: passes are clipped to it. */
  fromMs: number;
  toMs: number;
  maxOffNadirDeg: number;
  /** Whether the light at the AOI allows imaging at a sun zenith (degrees); absent: any light. */
  light?: (sunZenithDeg: number) => boolean;
  /** 1: ascending passes only, 2: descending only; 0 or absent: both. */
  orbitDirection?: 0 | 1 | 2;
}

export interface Pass {
  /** The AOI comes within the limit, ms (clipped to the window). */
  enter: number;
  /** The AOI leaves the limit, ms (clipped to the window). */
  leave: number;
  /** The instant of the smallest off-nadir angle (the closest approach to the AOI's centre while the track crosses the AOI). */
  best: number;
  state: OrbitState;
  /** Smallest off-nadir angle to the AOI at `best`, degrees. */
  offNadirDeg: number;
  /** Signed roll to the AOI's nearest point at `best` (positive right of the track); 0 when inside. */
  crossTrackDeg: number;
  /** The sub-satellite point is inside the AOI at `best`. */
  inside: boolean;
  /** Off-nadir angle to the AOI's farthest boundary point at `best`, degrees. */
  farthestOffNadirDeg: number;
  /** Line of sight to the AOI's nearest point (the sub-satellite point when inside). */
  slantRangeKm: number;
  incidenceDeg: number;
  sunZenithDeg: number;
}

const TWO_PI = 2 * Math.PI;
/** Bound of the rotation of the orbit plane (J2 precession ≈ 2e-7 rad/s, short-period terms), rad/s. */
const PLANE_RATE = 1e-6;
/** Margin of the reach for the osculating plane's wobble, geodetic vs geocentric vertical, rounding. */
const REACH_MARGIN = 0.005;
/** The fine stage starts this far (rad) outside the reach, so the coarse steps never crawl to its edge. */
const NEAR_BAND = 0.02;
/** Extra off-nadir angle in the reach bound, for geodetic vs geocentric nadir (≤ 0.2°). */
const LIMIT_MARGIN_DEG = 0.5;
/** Time tolerance of the enter and leave instants and of the minimum, ms. */
const TIME_TOL_MS = 20;
/** Time tolerance of the instant of the smallest off-nadir angle (g is flat there), ms. */
const BEST_TOL_MS = 100;
/** Longest step between samples of g where AOI points come abeam, ms. */
const SAMPLE_MS = 6000;
/** Bound of the rate of change of the smallest off-nadir angle, degrees per second. */
const G_RATE_DEG_S = 1.5;
/** Sun zenith margin of the early light check, degrees (the Sun moves ≤ 0.5° in a pass). */
const LIGHT_MARGIN_DEG = 2;

/** The look at the AOI from one state: its smallest off-nadir angle and where. */
interface Look {
  state: OrbitState;
  offNadirDeg: number;
  inside: boolean;
  /** The nearest boundary point (Earth-fixed km), when outside. */
  nearest: [number, number, number];
}

export class PassFinder {
  private readonly scratch = [0, 0, 0];
  /** Target centre speed in the inertial frame, rad/s (the Earth's rotation at its latitude). */
  private readonly targetRate: number;

  constructor(
    readonly orbit: Orbit,
    readonly target: PassTarget,
  ) {
    const [x, y] = target.centre;
    this.targetRate = EARTH_ROTATION_RAD_S * Math.hypot(x, y);
  }

  /** The look at the AOI at an instant; null when SGP4 fails. */
  look(time: number): Look | null {
    const state = this.orbit.state(time);
    if (!state) return null;
    const { lat, lon } = state.geodetic;
    if (targetContains(this.target, lat, lon)) {
      return { state, offNadirDeg: 0, inside: true, nearest: [0, 0, 0] };
    }
    const g = geodeticToEcef(lat, lon, 0);
    const q = this.scratch;
    nearestBoundaryPoint(this.target, g.x, g.y, g.z, q);
    const p = state.ecef.position;
    const dx = q[0]! - p.x;
    const dy = q[1]! - p.y;
    const dz = q[2]! - p.z;
    const range = Math.hypot(dx, dy, dz);
    const qn = Math.hypot(q[0]!, q[1]!, q[2]!);
    let offNadirDeg: number;
    if (dx * q[0]! + dy * q[1]! + dz * q[2]! >= 0) {
      // Below the horizon (the line of sight would run through the Earth, at a small angle
      // from nadir): beyond any limit, and growing with the distance.
      const gc = (g.x * q[0]! + g.y * q[1]! + g.z * q[2]!) / (qn * Math.hypot(g.x, g.y, g.z));
      offNadirDeg = 90 + Math.acos(Math.min(1, gc)) / DEG;
    } else {
      const up = upVector(lat, lon);
      const cos = -(dx * up.x + dy * up.y + dz * up.z) / range;
      offNadirDeg = Math.acos(Math.min(1, Math.max(-1, cos))) / DEG;
    }
    return {
      state,
      offNadirDeg,
      inside: false,
      nearest: [q[0]!, q[1]!, q[2]!],
    };
  }

  /** g(t): the smallest off-nadir angle to the AOI, degrees (+∞ when SGP4 fails). */
  offNadirAt(time: number): number {
    return this.look(time)?.offNadirDeg ?? Number.POSITIVE_INFINITY;
  }

  /** Every pass of the window, in time order. */
  find(options: PassSearchOptions): Pass[] {
    const { fromMs, toMs } = options;
    const passes: Pass[] = [];
    const { satrec } = this.orbit;
    const semiMajorKm = Math.cbrt(398600.4418 / (satrec.no / 60) ** 2);
    const apogeeKm = semiMajorKm * (1 + satrec.ecco) + 20;
    // Conservative: the highest the satellite gets, over the flattest Earth.
    const reach = reachAngle(options.maxOffNadirDeg + LIMIT_MARGIN_DEG, apogeeKm, WGS84_B);
    const rho = reach + this.target.radius + REACH_MARGIN;
    const near = rho + NEAR_BAND;
    const crossRate = this.targetRate + PLANE_RATE;
    const rateSpread = 4 * satrec.ecco + 0.01;
    let t = fromMs;
    while (t <= toMs) {
      const p = planeAt(this.orbit, this.target.centre, t);
      if (!p) {
        t += 60_000;
        continue;
      }
      const d = Math.acos(Math.cos(p.c) * Math.cos(p.a));
      const fastest = p.rate * (1 + rateSpread) + this.targetRate;
      const slowest = p.rate * (1 - rateSpread) - this.targetRate;
      if (d <= near) {
        const { resume, pass } = this.overpass(t, p, options, reach, near, slowest, crossRate);
        if (pass) passes.push(pass);
        t = Math.max(resume, t + 1000);
        continue;
      }
      const waitCross = (Math.abs(p.c) - rho) / crossRate;
      const waitDistance = (d - rho) / (fastest + crossRate);
      let waitAlong: number;
      if (p.a > rho) waitAlong = (p.a - rho) / fastest;
      else if (p.a < -rho) waitAlong = (TWO_PI + p.a - rho) / fastest;
      else {
        // Abeam now but too far across: when c cannot come within reach before the
        // target falls behind, the next chance is the next revolution.
        const leavesBy = (p.a + rho) / slowest;
        waitAlong = waitCross > leavesBy ? (TWO_PI + p.a - rho) / fastest : 0;
      }
      t += Math.max(1, waitCross, waitDistance, waitAlong) * 1000;
    }
    return passes;
  }

  /**
   * The overpass of the AOI's centre near `t0` (where the distance first came
   * within `near`): the pass in it, if any, and the instant to resume the
   * coarse search, after which the target is beyond `near` again.
   */
  private overpass(
    t0: number,
    p0: PlaneGeometry,
    options: PassSearchOptions,
    reach: number,
    near: number,
    slowest: number,
    crossRate: number,
  ): { resume: number; pass: Pass | null } {
    // Closest approach to the centre: a(t) = 0, Newton steps with the angular rate.
    let tca = t0 + (p0.a / p0.rate) * 1000;
    let pca = p0;
    for (let i = 0; i < 5; i++) {
      const p = planeAt(this.orbit, this.target.centre, tca);
      if (!p) return { resume: t0 + 60_000, pass: null };
      pca = p;
      const step = (p.a / p.rate) * 1000;
      tca += step;
      if (Math.abs(step) < 10) break;
    }
    const half = (near / slowest) * 1000;
    const lo = tca - half;
    const hi = tca + half;
    const none = { resume: hi, pass: null };
    // No AOI point gets within reach of the track during this overpass.
    const minCentre = Math.abs(pca.c) - crossRate * (half / 1000);
    if (minCentre - this.target.radius - REACH_MARGIN > reach) return none;
    const { light } = options;
    if (light) {
      const z = sunAngles(tca, this.target.centreLat, this.target.centreLon).zenithDeg;
      if (!light(z - LIGHT_MARGIN_DEG) && !light(z + LIGHT_MARGIN_DEG)) return none;
    }

    // AOI points come abeam (in the Earth-fixed frame) within ±w of the centre's inertial closest
    // approach: their along-track angles differ by at most the radius (a little more away from the
    // plane), and the Earth's rotation skews the ground track by up to targetRate / rate, which
    // shifts the abeam instant of a point by that share of its cross-track distance (≤ the reach).
    const skew = this.targetRate / slowest;
    const w = Math.min(
      half,
      ((1.1 * this.target.radius + skew * (reach + this.target.radius)) / slowest) * 1000 + 2000,
    );
    const n = Math.max(3, Math.ceil((2 * w) / SAMPLE_MS) + 1);
    const times: number[] = [];
    const values: number[] = [];
    let k = 0;
    for (let i = 0; i < n; i++) {
      const time = tca - w + (2 * w * i) / (n - 1);
      times.push(time);
      values.push(this.offNadirAt(time));
      const v = values[i]!;
      // Ties (the track inside the AOI, g = 0) go to the sample nearest the closest approach.
      if (v < values[k]! || (v === values[k]! && Math.abs(time - tca) < Math.abs(times[k]! - tca))) k = i;
    }
    const limit = options.maxOffNadirDeg;
    let best = times[k]!;
    let bestValue = values[k]!;
    if (bestValue === 0) {
      if (this.offNadirAt(tca) === 0) best = tca;
    } else {
      // Between samples g can dip below them by at most its rate (≤ 1.5°/s even for low orbits)
      // times the spacing: refine each local minimum of the samples that could reach the limit.
      const spacing = (2 * w) / (n - 1);
      for (let i = 0; i < n; i++) {
        const v = values[i]!;
        if (v - limit > (G_RATE_DEG_S * spacing) / 1000) continue;
        if ((i > 0 && values[i - 1]! < v) || (i < n - 1 && values[i + 1]! < v)) continue;
        const m = minimise((x) => this.offNadirAt(x), times[i]! - spacing, times[i]! + spacing, BEST_TOL_MS);
        if (m.fx < bestValue) {
          best = m.x;
          bestValue = m.fx;
        }
      }
    }
    if (bestValue > limit) return none;

    const f = (x: number) => this.offNadirAt(x) - limit;
    const valueAt = (i: number) => values[i]! - limit;
    const first = values.findIndex((v) => v <= limit);
    const last = values.findLastIndex((v) => v <= limit);
    const before = times.findLastIndex((x) => x < best);
    const after = times.findIndex((x) => x > best);
    const atBest = bestValue - limit;
    // Each crossing lies between a sample (or the best instant) within the limit and its
    // neighbour beyond it; past the first or last sample, in a bracket found by stepping out
    // from the samples' slope, never beyond lo or hi, where g > limit for certain.
    const enterBracket: Bracket =
      first > 0
        ? [times[first - 1]!, valueAt(first - 1), times[first]!, valueAt(first)]
        : first < 0
          ? before >= 0
            ? [times[before]!, valueAt(before), best, atBest]
            : outward(f, best, atBest, best, lo)
          : outward(f, times[0]!, valueAt(0), n > 1 ? times[1]! : best, lo, n > 1 ? valueAt(1) : atBest);
    const leaveBracket: Bracket =
      last >= 0 && last < n - 1
        ? [times[last]!, valueAt(last), times[last + 1]!, valueAt(last + 1)]
        : last < 0
          ? after >= 0
            ? [best, atBest, times[after]!, valueAt(after)]
            : outward(f, best, atBest, best, hi)
          : outward(
              f,
              times[n - 1]!,
              valueAt(n - 1),
              n > 1 ? times[n - 2]! : best,
              hi,
              n > 1 ? valueAt(n - 2) : atBest,
            );
    let enter = findRoot(f, ...enterBracket, TIME_TOL_MS);
    let leave = findRoot(f, ...leaveBracket, TIME_TOL_MS);

    if (leave < options.fromMs || enter > options.toMs) return none;
    enter = Math.max(enter, options.fromMs);
    leave = Math.min(leave, options.toMs);
    best = Math.min(Math.max(best, enter), leave);
    const look = this.look(best);
    if (!look || look.offNadirDeg > limit + 1e-9) return none;
    const sunZenithDeg = sunAngles(best, this.target.centreLat, this.target.centreLon).zenithDeg;
    if (light && !light(sunZenithDeg)) return none;
    const direction = options.orbitDirection ?? 0;
    if (direction !== 0 && look.state.ascending !== (direction === 1)) return none;
    return { resume: hi, pass: this.describe(enter, leave, best, look, sunZenithDeg) };
  }

  private describe(enter: number, leave: number, best: number, look: Look, sunZenithDeg: number): Pass {
    const farthest = this.farthestOffNadir(look.state);
    if (look.inside) {
      return {
        enter,
        leave,
        best,
        state: look.state,
        offNadirDeg: 0,
        crossTrackDeg: 0,
        inside: true,
        farthestOffNadirDeg: farthest,
        slantRangeKm: look.state.geodetic.heightKm,
        incidenceDeg: 0,
        sunZenithDeg,
      };
    }
    const q = ecefToGeodetic(...look.nearest);
    const angles = lookAnglesTo(lookFrameOf(look.state), q.lat, q.lon, 0);
    return {
      enter,
      leave,
      best,
      state: look.state,
      offNadirDeg: look.offNadirDeg,
      crossTrackDeg: angles.crossTrackDeg,
      inside: false,
      farthestOffNadirDeg: farthest,
      slantRangeKm: angles.slantRangeKm,
      incidenceDeg: angles.incidenceDeg,
      sunZenithDeg,
    };
  }

  /** Off-nadir angle to the AOI's farthest boundary point, degrees. */
  private farthestOffNadir(state: OrbitState): number {
    const p = state.ecef.position;
    const up = upVector(state.geodetic.lat, state.geodetic.lon);
    const pts = this.target.points;
    let least = 1;
    for (let i = 0; i < pts.length; i += 3) {
      const dx = pts[i]! - p.x;
      const dy = pts[i + 1]! - p.y;
      const dz = pts[i + 2]! - p.z;
      least = Math.min(least, -(dx * up.x + dy * up.y + dz * up.z) / Math.hypot(dx, dy, dz));
    }
    return Math.acos(Math.max(-1, least)) / DEG;
  }
}
