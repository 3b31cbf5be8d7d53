import type { SensorType } from '@satportal/contract';
import type { ElementSet } from '../catalogue/tle';
import type { SimulatorSatellite } from '../orbits/acquisition';
import type { SceneInput } from '../scenes/scenes.repository';
import { densityForTarget, type SimulatedScene, simulateScenes } from './simulator';
import { elementsLookupFromSets } from './tle-elements';

/**
 * Fills the archive with simulated scenes (CLI `simulate`, demo mode): the pure
 * simulator's batches go to the scene store. Deterministic, so a repeated run
 * over the same window only updates what it wrote before.
 */
export interface ArchiveGenerationDeps {
  satellites(): Promise<SimulatorSatellite[]>;
  elementSets(): Promise<ElementSet[]>;
  /** Upserts by scene id. */
  upsertScenes(scenes: SceneInput[]): Promise<{ inserted: number; updated: number }>;
}

export interface ArchiveGenerationOptions {
  from: Date;
  to: Date;
  /** About this many scenes over the window… */
  targetCount?: number;
  /** …or this share of each satellite's capacity. */
  density?: number;
  seed?: number;
  /** Only these satellites (catalogue ids). */
  satelliteIds?: number[];
  onProgress?: (progress: { written: number; target: number | undefined; upTo: Date }) => void;
}

export interface ArchiveGenerationReport {
  written: number;
  inserted: number;
  updated: number;
  density: number;
  seconds: number;
}

/** The scene store's input for a simulated scene; simulated scenes keep no STAC properties. */
export function toSceneInput(scene: SimulatedScene): SceneInput {
  return {
    id: scene.id,
    satelliteId: scene.satelliteId,
    acquiredAt: scene.acquiredAt,
    footprint: scene.footprint,
    cloudCover: scene.cloudCover,
    offNadir: scene.offNadir,
    sunZenith: scene.sunZenith,
    gsd: scene.gsd,
    orbitDirection: scene.orbitDirection,
    sensorType: scene.sensorType as SensorType,
    bands: scene.bands,
    stereoMode: scene.stereoMode ?? 'MONO',
    productQuality: scene.productQuality,
    provenance: scene.provenance,
    assets: { quicklook: null, files: [] },
    properties: null,
  };
}

/** The density that gives about `targetCount` scenes over the whole window (what `generateArchive` takes). */
export async function archiveDensity(
  deps: ArchiveGenerationDeps,
  options: Pick<ArchiveGenerationOptions, 'from' | 'to' | 'seed' | 'satelliteIds'> & { targetCount: number },
): Promise<number> {
  const base = await generationBase(deps, options);
  return (await densityForTarget({ ...base, targetCount: options.targetCount })).density;
}

/** The satellites (all, or those asked for), their elements and the window, as the simulator takes them. */
async function generationBase(
  deps: ArchiveGenerationDeps,
  options: Pick<ArchiveGenerationOptions, 'from' | 'to' | 'seed' | 'satelliteIds'>,
) {
  const all = await deps.satellites();
  const satellites = options.satelliteIds ? all.filter((s) => options.satelliteIds!.includes(s.id)) : all;
  const elementsFor = elementsLookupFromSets(await deps.elementSets());
  return { satellites, elementsFor, from: options.from, to: options.to, seed: options.seed ?? 1 };
}

export async function generateArchive(
  deps: ArchiveGenerationDeps,
  options: ArchiveGenerationOptions,
): Promise<ArchiveGenerationReport> {
  const started = performance.now();
  const base = await generationBase(deps, options);
  // One density for the whole window, so that generating it in pieces gives the same scenes.
  const density =
    options.density ??
    (options.targetCount
      ? (await densityForTarget({ ...base, targetCount: options.targetCount })).density
      : 0.01);
  let written = 0;
  let inserted = 0;
  let updated = 0;
  for await (const batch of simulateScenes({ ...base, density })) {
    const report = await deps.upsertScenes(batch.map(toSceneInput));
    written += batch.length;
    inserted += report.inserted;
    updated += report.updated;
    options.onProgress?.({ written, target: options.targetCount, upTo: batch[batch.length - 1]!.acquiredAt });
  }
  return { written, inserted, updated, density, seconds: (performance.now() - started) / 1000 };
}
