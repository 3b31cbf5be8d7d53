/** The tile services module: `/tiles/…` routes, the service, and the pure renderers it draws with. */
export * from './render';
export { QuicklookWmsPath, tilesRoutes } from './tiles.routes';
export { type QuicklookScenes, TilesService } from './tiles.service';
