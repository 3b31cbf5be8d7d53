import { DEG } from '../orbits/geodesy';
import { gmstAt, type Orbit } from '../orbits/orbit';

// The coarse step of the pass search (passes.ts, step 1) sees the orbit as a plane in the inertial
// frame and the AOI's centre as a point turning with the Earth: how far the target is from the
// plane and ahead along it bounds how soon any access can begin.

/** Angle ahead along the orbit (a) and from the plane (c) of a target, and the angular rate, at an instant. */
export interface PlaneGeometry {
  a: number;
  c: number;
  /** The satellite's angular rate, rad/s. */
  rate: number;
}

/** The geocentric angle a line of sight reaches from nadir at `offNadirDeg`, from radius `rKm`, on a sphere of radius `earthKm`. */
export function reachAngle(offNadirDeg: number, rKm: number, earthKm: number): number {
  const theta = Math.min(90, offNadirDeg) * DEG;
  const s = (rKm / earthKm) * Math.sin(theta);
  return s >= 1 ? Math.acos(earthKm / rKm) : Math.asin(s) - theta;
}

/** The target's angles against the orbit plane at an instant (inertial frame); null when SGP4 fails. */
export function planeAt(
  orbit: Orbit,
  centre: readonly [number, number, number],
  time: number,
): PlaneGeometry | null {
  const teme = orbit.teme(time);
  if (!teme) return null;
  const { position: r, velocity: v } = teme;
  const g = gmstAt(time);
  const cg = Math.cos(g);
  const sg = Math.sin(g);
  const [X, Y, Z] = centre;
  // Earth-fixed → TEME: rotate by +GMST.
  const tx = cg * X - sg * Y;
  const ty = sg * X + cg * Y;
  const tz = Z;
  const rn = Math.hypot(r.x, r.y, r.z);
  const rx = r.x / rn;
  const ry = r.y / rn;
  const rz = r.z / rn;
  let hx = r.y * v.z - r.z * v.y;
  let hy = r.z * v.x - r.x * v.z;
  let hz = r.x * v.y - r.y * v.x;
  const hn = Math.hypot(hx, hy, hz);
  const rate = hn / (rn * rn);
  hx /= hn;
  hy /= hn;
  hz /= hn;
  // Along-track direction in the plane: h × r̂.
  const ax = hy * rz - hz * ry;
  const ay = hz * rx - hx * rz;
  const az = hx * ry - hy * rx;
  const sinC = hx * tx + hy * ty + hz * tz;
  return {
    c: Math.asin(Math.max(-1, Math.min(1, sinC))),
    a: Math.atan2(ax * tx + ay * ty + az * tz, rx * tx + ry * ty + rz * tz),
    rate,
  };
}
