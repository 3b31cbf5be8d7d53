/**
 * Tile rendering: scene quicklooks behind a WMS 1.3.0 GetMap subset. Pure functions and a
 * renderer object; no HTTP, no database (the route loads the scene and checks access).
 */
export { type Footprint, rasteriseFootprint } from './footprint';
export type { Bbox, RenderCrs } from './grid';
export {
  type ImageryAsset,
  LANDSAT8_SUBSET_FOLDER,
  type Landsat8Subset,
  landsat8SubsetScene,
  parseMtl,
} from './landsat8';
export { LruCache } from './lru';
export {
  blankPng,
  encodePng,
  QUICKLOOK_MAX_SIZE,
  QUICKLOOK_RENDERER_VERSION,
  type QuicklookAsset,
  QuicklookError,
  QuicklookRenderer,
  type QuicklookRendererOptions,
  type QuicklookRequest,
  type QuicklookScene,
  type QuicklookSource,
  type QuicklookStats,
  renderQuicklook,
} from './quicklook';
export { defaultImageryDir, resolveQuicklookSource } from './sources';
export {
  type GetMapParseResult,
  type GetMapRequest,
  layerNotDefined,
  parseGetCapabilities,
  parseGetMap,
  toQuicklookRequest,
  WMS_MAX_SIZE,
  WMS_VERSION,
  type WmsCrs,
  type WmsError,
  type WmsExceptionCode,
  type WmsExceptionsFormat,
  type WmsQuery,
  type WmsVersion,
  wmsErrorStatus,
  wmsOperationOf,
} from './wms';
export {
  capabilitiesXml as wmsCapabilitiesXml,
  serviceExceptionReport,
  WMS_111_EXCEPTION_CONTENT_TYPE,
  WMS_CAPABILITIES_CONTENT_TYPE,
  WMS_EXCEPTION_CONTENT_TYPE,
  type WmsCapabilitiesOptions,
  type WmsLayerEntry,
  xmlEscape,
} from './wms-xml';
