import type { Band, StereoMode } from '@satportal/contract';
import type { SimulatorSatellite } from '../orbits/acquisition';
import type { Footprint, Position } from '../orbits/footprint';
import type { LandMask } from './land-mask';

// What the simulator (simulator.ts) is asked and what it answers, apart so that the steps it is made
// of (satellite-days.ts, scene.ts, capacity.ts) can name them without importing it.

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
