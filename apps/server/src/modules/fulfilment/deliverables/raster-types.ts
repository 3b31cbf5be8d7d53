import type { DeliveredProduct } from './levels';
import type { DeliverableScene, LonLatMultiPolygon } from './types';

/** One scene's raster job, as it crosses into a worker thread (structured clone). */
export interface SceneRasterTask {
  scene: DeliverableScene;
  level: number;
  clipAoi: LonLatMultiPolygon | null;
  imageryDir: string;
}

export interface DeliveredBand {
  name: string;
  common_name: 'red' | 'green' | 'blue';
  description: string;
  data_type: 'uint8' | 'uint16';
}

/** What was delivered, for the STAC item. */
export interface SceneRasterInfo {
  source: 'real' | 'simulated';
  product: DeliveredProduct;
  epsg: number;
  width: number;
  height: number;
  /** [x, y] pixel size in CRS units (metres or degrees) */
  pixelSize: [number, number];
  /** the pixel size in metres (at the centre, for lon/lat grids) */
  gsdMetres: number;
  /** the raster's outer bounds in its CRS: [minX, minY, maxX, maxY] */
  bounds: [number, number, number, number];
  /** geotransform as GDAL writes it */
  transform: [number, number, number, number, number, number];
  /** the delivered area, lon/lat: the footprint, or its intersection with the clip AOI */
  geometry: LonLatMultiPolygon;
  bands: DeliveredBand[];
  /** the pixel-size rule in words, as written into the file's metadata */
  pixelSizeRule: string;
}

export type SceneRasterResult =
  | { cog: Uint8Array; info: SceneRasterInfo }
  | { failed: { reason: string; message: string; deliverable: boolean } };
