import type { Services } from '../composition';
import type { SceneInput } from '../modules/scenes/scenes.repository';
import { type Landsat8Subset, landsat8SubsetScene } from '../modules/tiles';

/** The catalogue's satellite of the subset (constellation.ts). */
export const LANDSAT8_NAME = 'Landsat 8';

/**
 * The Landsat 8 subset of `data/imagery/landsat8` as a real archive scene: its footprint is the
 * subset's (not the full WRS scene's), its assets the band files the quicklook draws.
 */
export function landsat8SceneInput(subset: Landsat8Subset, satelliteId: number): SceneInput {
  return {
    id: subset.sceneId,
    satelliteId,
    acquiredAt: subset.acquiredAt,
    footprint: subset.footprint,
    cloudCover: subset.cloudCover,
    offNadir: 0,
    sunZenith: 90 - subset.sunElevation,
    gsd: subset.gsd,
    // Landsat 8 images by day on the descending node (10:00 local time).
    orbitDirection: 2,
    sensorType: 1,
    bands: ['B', 'G', 'R'],
    stereoMode: 'MONO',
    productQuality: 'A',
    provenance: 'real',
    assets: subset.assets,
    properties: {
      platform: 'landsat-8',
      'view:sun_azimuth': subset.sunAzimuth,
      'view:sun_elevation': subset.sunElevation,
      'landsat:wrs_path': subset.wrsPath,
      'landsat:wrs_row': subset.wrsRow,
      'proj:epsg': subset.epsg,
    },
  };
}

/** Registers the subset (idempotent: an unchanged scene is left alone); true when written. */
export async function ensureLandsat8Scene(
  services: Pick<Services, 'catalogue' | 'scenesRepository'>,
  imageryDir?: string,
): Promise<boolean> {
  const { sats } = await services.catalogue.listSatellites({ taskable: false });
  const satellite = sats.find((s) => s.name === LANDSAT8_NAME);
  if (!satellite) throw new Error(`the catalogue has no ${LANDSAT8_NAME}`);
  const subset = await landsat8SubsetScene(imageryDir);
  const report = await services.scenesRepository.upsertScenes([landsat8SceneInput(subset, satellite.id)]);
  if (report.rejected.length)
    throw new Error(`the Landsat 8 subset was refused: ${report.rejected[0]!.reason}`);
  return report.inserted + report.updated > 0;
}
