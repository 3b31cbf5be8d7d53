import { type Footprint, rasterisePolygons, type SceneFrame, sceneFrame } from './footprint';
import { seedOf, ValueNoise } from './noise';

/**
 * The clouds of a simulated scene: a fractal noise field fixed to the scene (seeded by its
 * id, scaled to its size, drawn in Web Mercator so clouds keep their shape), cut at the
 * level that leaves exactly `cloudCover` % of the footprint above it. The cut is found once
 * per scene as a quantile of the field sampled over the footprint, so the cloudy fraction
 * of any rendering of the whole scene matches the catalogue's cloud cover.
 */

/** Noise cells across the scene's larger side at the coarsest octave. */
export const CLOUD_BASE_FREQUENCY = 2.5;
/** Octaves: the finest has a wavelength of 1/80 of the scene (≈ 150 m for a 12 km VHR scene). */
export const CLOUD_OCTAVES = 7;
/** Half-width of the soft cloud edge, in noise units (the field's spread is ≈ 0.1). */
export const CLOUD_EDGE = 0.025;
/** Samples per side of the grid the quantile is taken on. */
const SAMPLE_GRID = 192;

export interface CloudField {
  seed: number;
  noise: ValueNoise;
  frame: SceneFrame;
  /** noise at or above this is cloud (alpha ≥ 0.5); −Infinity at 100 % */
  threshold: number;
}

/** The finest octave's wavelength in Web Mercator metres. */
export const finestCloudWavelength = (field: CloudField): number =>
  field.frame.size / (CLOUD_BASE_FREQUENCY * 2 ** (CLOUD_OCTAVES - 1));

/** Noise coordinates of a Web Mercator point in the scene's frame. */
export const cloudU = (field: CloudField, mercX: number): number =>
  ((mercX - field.frame.centreX) / field.frame.size) * CLOUD_BASE_FREQUENCY;
export const cloudV = (field: CloudField, mercY: number): number =>
  ((field.frame.centreY - mercY) / field.frame.size) * CLOUD_BASE_FREQUENCY;

export const cloudNoise = (field: CloudField, u: number, v: number): number =>
  field.noise.fbm(u, v, CLOUD_OCTAVES);

/** The cloud noise where it matters; below `threshold − CLOUD_EDGE` (clear sky) it may stop early. */
export const cloudNoiseForAlpha = (field: CloudField, u: number, v: number): number =>
  field.noise.fbmAbove(u, v, CLOUD_OCTAVES, field.threshold - CLOUD_EDGE);

/** Cloud opacity 0–1 for a noise value: 0.5 exactly at the threshold, soft on either side. */
export function cloudAlpha(field: CloudField, noise: number): number {
  const t = (noise - field.threshold + CLOUD_EDGE) / (2 * CLOUD_EDGE);
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t * t * (3 - 2 * t);
}

/**
 * The cloud field of a scene, or null when it has no clouds to draw (no footprint, or cloud
 * cover unknown or 0).
 */
export function buildCloudField(
  sceneId: string,
  footprint: Footprint,
  cloudCover: number | null,
): CloudField | null {
  if (cloudCover === null || !Number.isFinite(cloudCover) || cloudCover <= 0) return null;
  const frame = sceneFrame(footprint);
  if (!frame) return null;
  const seed = seedOf(sceneId);
  const field: CloudField = { seed, noise: new ValueNoise(seed), frame, threshold: Number.NEGATIVE_INFINITY };
  if (cloudCover >= 100) return field;

  const half = frame.size / 2;
  const mask = rasterisePolygons(frame.polygons, {
    crs: 'EPSG:3857',
    bbox: {
      minX: frame.centreX - half,
      maxX: frame.centreX + half,
      minY: frame.centreY - half,
      maxY: frame.centreY + half,
    },
    width: SAMPLE_GRID,
    height: SAMPLE_GRID,
  });
  const values: number[] = [];
  const step = frame.size / SAMPLE_GRID;
  for (let r = 0; r < SAMPLE_GRID; r++) {
    const v = cloudV(field, frame.centreY + half - (r + 0.5) * step);
    for (let c = 0; c < SAMPLE_GRID; c++) {
      if (!mask[r * SAMPLE_GRID + c]) continue;
      values.push(cloudNoise(field, cloudU(field, frame.centreX - half + (c + 0.5) * step), v));
    }
  }
  if (values.length === 0) {
    // A footprint thinner than a sample: take the field around it.
    for (let i = 0; i < 1024; i++)
      values.push(cloudNoise(field, (i % 32) / 12.8 - 1.25, i / 32 / 12.8 - 1.25));
  }
  values.sort((a, b) => a - b);
  const clear = 1 - cloudCover / 100;
  const index = Math.min(values.length - 1, Math.max(0, Math.floor(clear * values.length)));
  field.threshold = values[index]!;
  return field;
}
