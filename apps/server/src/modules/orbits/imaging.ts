import { type Capability, SensorType } from '@satportal/contract';
import { groundDistanceForOffNadir, groundPointAtLook, offNadirForGroundDistance } from './geodesy';
import { lookFrameOf, type Orbit, type OrbitState } from './orbit';

/**
 * Imaging geometry shared by the archive simulator and the pass predictor: the
 * light each sensor type needs, the ground sample distance at a look angle, and
 * the outline of the swath a sensor sweeps along the track.
 */

/**
 * Lighting rules at the target: optical, hyperspectral and video need
 * daylight, sun zenith below 80° unless told otherwise (the usual cut-off of
 * optical archives; Sentinel-2 and Landsat stop acquiring around 80–85°);
 * night-light needs darkness, the Sun 12° below the horizon (nautical night,
 * zenith above 102°); radar images in any light.
 */
export const MAX_DAY_SUN_ZENITH_DEG = 80;
export const MIN_NIGHT_SUN_ZENITH_DEG = 102;

/** Whether a sensor type may image with the Sun at this zenith angle (day sensors: below `maxDayZenithDeg`). */
export function lightingAllows(
  sensorType: number,
  sunZenithDeg: number,
  maxDayZenithDeg = MAX_DAY_SUN_ZENITH_DEG,
): boolean {
  if (sensorType === SensorType.Radar) return true;
  if (sensorType === SensorType.Night) return sunZenithDeg > MIN_NIGHT_SUN_ZENITH_DEG;
  return sunZenithDeg < maxDayZenithDeg;
}

/** The first of the sensors that may image in this light, or undefined. */
export function capabilityForLight(
  caps: Capability[],
  sunZenithDeg: number,
  maxDayZenithDeg = MAX_DAY_SUN_ZENITH_DEG,
): Capability | undefined {
  return caps.find((c) => lightingAllows(c.type, sunZenithDeg, maxDayZenithDeg));
}

/** Half the optical field of view at nadir, degrees: atan(swath / 2 / altitude). */
export function halfFieldOfViewDeg(swathKm: number, altitudeKm: number): number {
  return (Math.atan(swathKm / 2 / altitudeKm) * 180) / Math.PI;
}

export interface GroundSampleDistance {
  along: number;
  cross: number;
  /** Geometric mean of the two, metres: what a scene or a pass reports. */
  gsd: number;
}

/**
 * Ground sample distance of a sensor looking at a ground point, metres. The
 * nominal GSD holds at nadir from the catalogue altitude; along the track it
 * grows with the slant range, across the track also with 1 / cos(incidence)
 * (the pixel's footprint is stretched on the tilted ground). Flat-Earth limit:
 * nominal / cos(off-nadir)^1.5. Radar resolution is set by the bandwidth, not
 * the range: the nominal figure.
 */
export function groundSampleDistance(
  cap: Pick<Capability, 'type' | 'maxResolution'>,
  altitudeKm: number,
  slantRangeKm: number,
  incidenceDeg: number,
): GroundSampleDistance {
  if (cap.type === SensorType.Radar) {
    return { along: cap.maxResolution, cross: cap.maxResolution, gsd: cap.maxResolution };
  }
  const along = (cap.maxResolution * slantRangeKm) / altitudeKm;
  const cross = along / Math.cos((incidenceDeg * Math.PI) / 180);
  return { along, cross, gsd: Math.sqrt(along * cross) };
}

/** GSDs read best with two decimals below 10 m, one above. */
export function roundGsd(x: number): number {
  return x < 10 ? Math.round(x * 100) / 100 : Math.round(x * 10) / 10;
}

/** Cross-track angles (signed, degrees) of the near and far edges of a radar swath centred at `centreDeg`. */
export function radarEdges(altitudeKm: number, swathKm: number, centreDeg: number): [number, number] {
  const sign = Math.sign(centreDeg) || 1;
  const centreKm = groundDistanceForOffNadir(altitudeKm, Math.abs(centreDeg));
  const near = offNadirForGroundDistance(altitudeKm, Math.max(0, centreKm - swathKm / 2));
  const far = offNadirForGroundDistance(altitudeKm, centreKm + swathKm / 2);
  return sign > 0 ? [near, far] : [-far, -near];
}

/**
 * The outline of the strip a sensor sweeps between two cross-track (roll)
 * angles, `leftDeg` < `rightDeg`, at the given instants (in time order): the
 * left edge forward, then the right edge back, as [lon, lat] vertices of an
 * open ring. `known` is a state already propagated at one of the instants.
 * Null when SGP4 fails or a line of sight misses the Earth.
 */
export function swathOutline(
  orbit: Orbit,
  times: number[],
  leftDeg: number,
  rightDeg: number,
  known?: OrbitState,
): [number, number][] | null {
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (const t of times) {
    const s = known && t === known.time ? known : orbit.state(t);
    if (!s) return null;
    const frame = lookFrameOf(s);
    const l = groundPointAtLook(frame, leftDeg);
    const r = groundPointAtLook(frame, rightDeg);
    if (!l || !r) return null;
    left.push([l.lon, l.lat]);
    right.push([r.lon, r.lat]);
  }
  return [...left, ...right.reverse()];
}
