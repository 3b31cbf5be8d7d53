import { getPosition } from 'suncalc';

/**
 * Sun angles at a place and instant, from suncalc 2.x (ESM, degrees, azimuth
 * clockwise from north): Meeus' chapter 25 apparent solar coordinates with ΔT,
 * good to about 0.01° in position. suncalc's altitude is the apparent one
 * (atmospheric refraction added, 0.5° at the horizon, 0.03° at 60° elevation):
 * we report it as imagery metadata does.
 */
export interface SunAngles {
  /** Angle of the Sun from the local vertical, degrees (0 overhead, 90 on the horizon). */
  zenithDeg: number;
  /** Clockwise from north, degrees 0–360. */
  azimuthDeg: number;
  /** 90 − zenith. */
  elevationDeg: number;
}

export function sunAngles(at: Date | number, lat: number, lon: number): SunAngles {
  const date = typeof at === 'number' ? new Date(at) : at;
  const p = getPosition(date, lat, lon);
  return { zenithDeg: 90 - p.altitude, azimuthDeg: p.azimuth, elevationDeg: p.altitude };
}
