/**
 * Archive deliverables (issue 14): per terms entry one zip of Cloud-Optimized GeoTIFFs, STAC
 * Items and SHA256SUMS. Pure over files and rasters: no database, no queue, no storage; the
 * fulfilment service calls `makePackage` and stores what it writes.
 */
export { type DeliveredProduct, type LevelDelivery, levelDelivery } from './levels';
export { cogEntryName, type MakePackageOptions, makePackage } from './package';
export { inThreadSceneRasters, type SceneRasters, sceneRasters, WorkerSceneRasters } from './raster-pool';
export type { SceneRasterInfo, SceneRasterResult, SceneRasterTask } from './raster-types';
export { MAX_SIDE as SIMULATED_MAX_SIDE, SIMULATED_PIXEL_RULE } from './simulated-raster';
export {
  DeliverableError,
  type DeliverablePackage,
  type DeliverableScene,
  type LonLatMultiPolygon,
  type PackageFile,
  type PackageInput,
} from './types';
