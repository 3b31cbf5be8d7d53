/** The tile services module: `/tiles/…` routes, the service, and the pure renderers it draws with. */
export { DiskCache, type DiskCacheOptions, type DiskCacheStats } from './cache/disk-cache';
export {
  type DeliveredSceneRef,
  type DeliveredScenes,
  DeliveredTiles,
  type DeliveredTilesDeps,
} from './delivered/delivered-tiles';
export {
  HdMosaicRepository,
  HdMosaics,
  type HdMosaicsOptions,
  type HdTileAllowance,
  type HdTileOutcome,
  hdTileRoutes,
  hdYearsRoutes,
} from './hd';
export * from './render';
export { QuicklookWmsPath, tilesRoutes } from './tiles.routes';
export { type QuicklookScenes, TilesService } from './tiles.service';
