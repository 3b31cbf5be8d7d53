import { type Capability, SensorType, type StereoMode } from '@satportal/contract';
import type { AcquisitionPlan } from '../orbits/acquisition';
import { footprintFromRing, type Position } from '../orbits/footprint';
import { EARTH_MEAN_RADIUS_KM, groundPointAtLook } from '../orbits/geodesy';
import { capabilityForLight, groundSampleDistance, roundGsd, swathOutline } from '../orbits/imaging';
import { lookFrameOf, type Orbit, type OrbitState } from '../orbits/orbit';
import { sunAngles } from '../orbits/sun';
import { drawCloudCover, type Random } from '../weather';
import type { Context, Run } from './satellite-days';
import { sceneId } from './scene-ids';
import type { SimulatedScene, SimulatedSceneProperties } from './scene-types';

// One simulated scene from a slot the generation (simulator.ts) chose: where it looks, whether the
// rules allow it, and everything drawn about it (cloud, stereo, quality, polarisations).

const round2 = (x: number) => Math.round(x * 100) / 100;

export interface Look {
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
export function buildScene(
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
