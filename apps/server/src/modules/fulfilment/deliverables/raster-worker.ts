import { landsat8SubsetScene, QuicklookRenderer } from '../../tiles';
import { GdalJob, loadGdal } from './gdal';
import { deliveredArea, footprintOf } from './geometry';
import { levelDelivery } from './levels';
import type { SceneRasterResult, SceneRasterTask } from './raster-types';
import { landsat8Cog } from './real-raster';
import { simulatedCog } from './simulated-raster';
import { DeliverableError } from './types';

/**
 * One scene's COG, made in a worker thread (`raster-pool.ts`) or, for a caller that chooses
 * so, on its own thread. Answers cross threads by structured clone, so failures come back as
 * values: `deliverable: true` marks a bad input (no retry helps), anything else a fault.
 */

const renderers = new Map<string, QuicklookRenderer>();
const realSceneIds = new Map<string, Promise<string | null>>();

/** The scene id of the real imagery held in `imageryDir` (the Landsat 8 subset), if any. */
function localRealSceneId(imageryDir: string): Promise<string | null> {
  let id = realSceneIds.get(imageryDir);
  if (!id) {
    id = landsat8SubsetScene(imageryDir).then(
      (subset) => subset.sceneId,
      () => null,
    );
    realSceneIds.set(imageryDir, id);
  }
  return id;
}

function rendererFor(imageryDir: string): QuicklookRenderer {
  let renderer = renderers.get(imageryDir);
  if (!renderer) {
    // One render at a time: this thread is the unit of parallelism.
    renderer = new QuicklookRenderer({ imageryDir, cacheDir: null, maxConcurrentRenders: 1 });
    renderers.set(imageryDir, renderer);
  }
  return renderer;
}

export async function produceSceneRaster(task: SceneRasterTask): Promise<SceneRasterResult> {
  try {
    const { scene, imageryDir } = task;
    const level = levelDelivery(task.level);
    const footprint = footprintOf(scene);
    const gdal = await loadGdal();
    const job = new GdalJob(gdal);
    try {
      const area = await deliveredArea(job, footprint, task.clipAoi);
      const metadata: Record<string, string> = {
        SCENE_ID: scene.sceneId,
        ACQUISITION_TIME: scene.time,
        SATELLITE: scene.satName,
        PROCESSING_LEVEL: `${level.name} (${level.code})`,
        CLIPPED_TO_AOI: task.clipAoi ? 'yes' : 'no',
      };
      const real = (await localRealSceneId(imageryDir)) === scene.sceneId;
      const made = real
        ? await landsat8Cog(job, imageryDir, level.product, area, { ...metadata, PRODUCT: level.product })
        : await simulatedCog(job, rendererFor(imageryDir), scene, footprint, area, {
            ...metadata,
            PRODUCT: 'natural-colour (simulated imagery)',
          });
      return { cog: made.cog, info: { ...made.info, geometry: area } };
    } finally {
      await job.dispose();
    }
  } catch (error) {
    if (error instanceof DeliverableError) {
      return { failed: { reason: error.reason, message: error.message, deliverable: true } };
    }
    return {
      failed: {
        reason: 'fault',
        message: error instanceof Error ? error.message : String(error),
        deliverable: false,
      },
    };
  }
}
