import { stacConstellation, stacPlatform } from '../../catalogue/stac-names';
import { lonLatBbox } from './geometry';
import type { LevelDelivery } from './levels';
import type { SceneRasterInfo } from './raster-types';
import type { DeliverableScene } from './types';

/**
 * The STAC Item (1.1.0) of one delivered COG: the delivered area as its geometry (the clipped
 * part when clipped), the projection (proj v2), cloud cover (eo v2), view and processing
 * fields, and one asset whose href is the COG's name inside the package.
 */

export const STAC_COG_TYPE = 'image/tiff; application=geotiff; profile=cloud-optimized';
const EXTENSIONS = [
  'https://stac-extensions.github.io/eo/v2.0.0/schema.json',
  'https://stac-extensions.github.io/file/v2.1.0/schema.json',
  'https://stac-extensions.github.io/processing/v1.2.0/schema.json',
  'https://stac-extensions.github.io/projection/v2.0.0/schema.json',
  'https://stac-extensions.github.io/view/v1.0.0/schema.json',
];

export interface StacItemInput {
  orderNumber: string;
  termsId: number;
  level: LevelDelivery;
  clipped: boolean;
  scene: DeliverableScene;
  info: SceneRasterInfo;
  cogName: string;
  cogBytes: number;
  cogSha256: string;
}

export function stacItem(input: StacItemInput): Record<string, unknown> {
  const { scene, info, level } = input;
  const [a, b, c, d, e, f] = info.transform;
  const properties: Record<string, unknown> = {
    datetime: new Date(scene.time).toISOString(),
    // STAC's lower-case names, the same as the STAC API's (`landsat-8`, `landsat`).
    platform: stacPlatform(scene.satName),
    ...(scene.satGroupName ? { constellation: stacConstellation(scene.satGroupName) } : {}),
    gsd: Math.round(info.gsdMetres * 100) / 100,
    'eo:cloud_cover': scene.cc,
    ...(scene.ona === null || scene.ona === undefined ? {} : { 'view:off_nadir': Math.abs(scene.ona) }),
    'processing:level': level.name,
    'proj:code': `EPSG:${info.epsg}`,
    'proj:bbox': info.bounds,
    'proj:shape': [info.height, info.width],
    // STAC's order is GDAL's geotransform regrouped: [b, c, a, e, f, d].
    'proj:transform': [b, c, a, e, f, d],
    'satportal:order_number': input.orderNumber,
    'satportal:terms_id': input.termsId,
    'satportal:level_code': level.code,
    'satportal:product': info.product,
    'satportal:imagery': info.source,
    'satportal:clipped_to_aoi': input.clipped,
    'satportal:pixel_size_rule': info.pixelSizeRule,
    'satportal:product_quality': scene.productQuality,
    'satportal:satellite_id': scene.satId,
    'satportal:sensor_type': scene.sensorType,
    'satportal:nominal_gsd': scene.imageGsd,
  };
  return {
    type: 'Feature',
    stac_version: '1.1.0',
    stac_extensions: EXTENSIONS,
    id: `${scene.sceneId}_${level.name}`,
    geometry: info.geometry,
    bbox: lonLatBbox(info.geometry),
    properties,
    links: [],
    assets: {
      image: {
        href: `./${input.cogName}`,
        type: STAC_COG_TYPE,
        title: `${scene.sceneId} ${level.name}`,
        roles: ['data'],
        'file:size': input.cogBytes,
        // multihash: 0x12 = SHA2-256, 0x20 = 32 bytes
        'file:checksum': `1220${input.cogSha256}`,
        nodata: 0,
        bands: info.bands.map((band) => ({
          name: band.name,
          description: band.description,
          'eo:common_name': band.common_name,
          data_type: band.data_type,
          nodata: 0,
        })),
      },
    },
  };
}
