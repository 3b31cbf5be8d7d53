import { type Satellite, SensorType } from '@satportal/contract';
import { EARTH_MEAN_RADIUS_KM, groundDistanceForOffNadir, offNadirForGroundDistance } from './geodesy';
import { halfFieldOfViewDeg as halfFieldOfView } from './imaging';

/**
 * How each satellite acquires: the rules of DESIGN §5 turned into figures.
 *
 * - Systematic missions (non-agile optical and hyperspectral sensors whose
 *   agility does not exceed their own field of view, e.g. Sentinel-2, Landsat,
 *   Gaofen-5; and wide-swath radar, swath ≥ 150 km, e.g. Sentinel-1 IW) image
 *   everything they fly over that the rules allow, as a strip cut into frames
 *   along the track: Sentinel-2 110 km (an MGRS tile), Landsat 170 km (a WRS-2
 *   scene), Sentinel-1 170 km (a 25 s IW slice), others their swath clamped to
 *   60–185 km. Frames sit on a fixed time grid; whole datatakes of 20 minutes
 *   are kept or dropped together at a rate set by the density (and, for the
 *   strip imagers that are not mapping missions, a duty cycle of ¼), so a
 *   thinned archive still has continuous strips, like the real ones.
 * - Agile (pointed) satellites take one scene at a random instant of each
 *   60 s slot (120 s for video satellites, whose clips last 30–90 s), rolled
 *   across the track by a random angle up to their agility. Scene length along
 *   the track: 1–1.6 × the swath for optical and radar, the 4.5 km video frame
 *   of Jilin-1 for video.
 */

/** The satellite fields the simulator reads (the contract's Satellite, which `toSatellite` maps from rows). */
export type SimulatorSatellite = Pick<
  Satellite,
  'id' | 'name' | 'noradId' | 'launchDate' | 'cap' | 'altitudeKm' | 'swathKm' | 'maxOffNadirDeg'
>;

export type AcquisitionMode = 'systematic' | 'pointed';

export interface AcquisitionPlan {
  mode: AcquisitionMode;
  /** Systematic: the frame period; pointed: the slot holding at most one scene. Seconds. */
  slotSeconds: number;
  /** Systematic: frames of a datatake are kept or dropped together. Seconds. */
  datatakeSeconds: number;
  /**
   * Systematic: share of the datatakes a mission acquires at density 1. The
   * global land-mapping missions (Sentinel-1/2, Landsat) take every one; other
   * strip imagers (hyperspectral, night-light) a quarter, as their recorders
   * and downlinks allow.
   */
  dutyCycle: number;
  /** Along-track scene length, km: fixed for frames, a range for pointed scenes. */
  lengthKm: [number, number];
  /** Half the optical field of view at nadir: atan(swath / 2 / altitude), degrees. */
  halfFieldOfViewDeg: number;
  /** Radar geometry; absent for optical sensors. */
  radar?: {
    /** Sides the antenna looks to. */
    sides: 'right' | 'both';
    /** Systematic: fixed near and far edge angles; pointed: range of the centre look angle. */
    nearDeg: number;
    farDeg: number;
  };
  /** A video satellite: scenes are clips, with a duration. */
  video: boolean;
}

/** The lighting rules live with the imaging geometry; the simulator applies them at the scene centre. */
export {
  capabilityForLight,
  lightingAllows,
  MAX_DAY_SUN_ZENITH_DEG,
  MIN_NIGHT_SUN_ZENITH_DEG,
} from './imaging';

/** Nominal ground speed of the sub-satellite point at an altitude, km/s (circular orbit). */
export function nominalGroundSpeedKmS(altitudeKm: number): number {
  const mu = 398600.4418;
  const r = EARTH_MEAN_RADIUS_KM + altitudeKm;
  const period = 2 * Math.PI * Math.sqrt((r * r * r) / mu);
  return (2 * Math.PI * EARTH_MEAN_RADIUS_KM) / period;
}

const mappingMission = /^(Sentinel-[12]|Landsat)/;

function frameLengthKm(sat: SimulatorSatellite, radar: boolean): number {
  if (/^Sentinel-2/.test(sat.name)) return 110;
  if (/^Landsat/.test(sat.name)) return 170;
  if (radar) return 170;
  return Math.min(185, Math.max(60, sat.swathKm));
}

export function acquisitionPlan(sat: SimulatorSatellite): AcquisitionPlan {
  const caps = sat.cap.caps;
  const isRadar = caps.some((c) => c.type === SensorType.Radar);
  const video = caps.some((c) => c.type === SensorType.Video);
  const halfFieldOfViewDeg = halfFieldOfView(sat.swathKm, sat.altitudeKm);
  const systematic = isRadar ? sat.swathKm >= 150 : sat.maxOffNadirDeg <= halfFieldOfViewDeg + 1.5;
  const speed = nominalGroundSpeedKmS(sat.altitudeKm);
  let radar: AcquisitionPlan['radar'];
  if (isRadar) {
    if (systematic) {
      // The far edge at the satellite's largest look angle, the near edge one swath closer.
      const far = Math.min(sat.maxOffNadirDeg, 60);
      const farKm = groundDistanceForOffNadir(sat.altitudeKm, far);
      const near = offNadirForGroundDistance(sat.altitudeKm, Math.max(0, farKm - sat.swathKm));
      radar = { sides: 'right', nearDeg: near, farDeg: far };
    } else {
      // The centre look angle between 15° (below that radar ground resolution collapses) and the maximum.
      radar = { sides: 'both', nearDeg: 15, farDeg: Math.max(15, sat.maxOffNadirDeg) };
    }
  }
  if (systematic) {
    const km = frameLengthKm(sat, isRadar);
    return {
      mode: 'systematic',
      slotSeconds: km / speed,
      datatakeSeconds: 1200,
      dutyCycle: mappingMission.test(sat.name) ? 1 : 0.25,
      lengthKm: [km, km],
      halfFieldOfViewDeg,
      ...(radar ? { radar } : {}),
      video,
    };
  }
  return {
    mode: 'pointed',
    slotSeconds: video ? 120 : 60,
    datatakeSeconds: 0,
    dutyCycle: 1,
    lengthKm: video ? [4.5, 4.5] : [sat.swathKm, sat.swathKm * 1.6],
    halfFieldOfViewDeg,
    ...(radar ? { radar } : {}),
    video,
  };
}
