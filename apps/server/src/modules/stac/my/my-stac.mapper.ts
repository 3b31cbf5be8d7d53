import { CogMediaType, deliveredCogPath, MyStacBase } from '@satportal/contract';
import { stacConstellation, stacPlatform } from '../../catalogue/stac-names';
import { bboxOf, GEOJSON, JSON_TYPE, type Link, STAC_VERSION } from '../stac.mapper';
import type { MyOrderRow } from './my-stac.repository';
import type { MyItem } from './my-stac.service';

/**
 * "My data as STAC" as JSON: absolute links (the client's scheme, host and port), each carrying
 * the credential the request came with in its query (`?key=` or `?api_key=`) so that a client
 * following them (GDAL's STACIT reading the asset, a next page) is let in as the caller was. A
 * credential sent as a header leaves the links clean: the client sends its header again.
 */

/** The projection extension whose `proj:epsg` GDAL 3.6's STACIT reads (v2.0.0's `proj:code` it does not). */
export const myItemExtensions = [
  'https://stac-extensions.github.io/projection/v1.1.0/schema.json',
  'https://stac-extensions.github.io/file/v2.1.0/schema.json',
  'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
];

export const myConformance = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
];

/** Where links point and what they carry. */
export interface MyLinks {
  /** scheme, host and port the client used */
  base: string;
  /** `key=…` or `api_key=…` as the request carried it, or '' */
  credential: string;
}

/** `path` (with or without a query of its own) under the base, with the credential added. */
export function hrefOf(links: MyLinks, path: string, query = ''): string {
  const q = [query, links.credential].filter(Boolean).join('&');
  return `${links.base}${path}${q ? `?${q}` : ''}`;
}

const collectionPath = (orderNumber: string) =>
  `${MyStacBase}/collections/${encodeURIComponent(orderNumber)}`;

export function toMyItem(item: MyItem, links: MyLinks) {
  const { row, cog } = item;
  const scene = row.scene;
  const text = (k: string) => (typeof scene[k] === 'string' ? (scene[k] as string) : undefined);
  const num = (k: string) => (typeof scene[k] === 'number' ? (scene[k] as number) : undefined);
  const properties: Record<string, unknown> = { datetime: new Date(row.t).toISOString() };
  const satName = text('satName');
  if (satName) properties.platform = stacPlatform(satName);
  const group = text('satGroupName');
  if (group) properties.constellation = stacConstellation(group);
  if (num('imageGsd') !== undefined) properties.gsd = num('imageGsd');
  if (num('cc') !== undefined) properties['eo:cloud_cover'] = num('cc');
  properties['satportal:order_number'] = row.order_number;
  const assets: Record<string, unknown> = {};
  if (cog) {
    const { meta } = cog;
    // Asset-level fields would do too; on the item they are what STACIT (GDAL 3.6) reads.
    if (meta.epsg !== null) properties['proj:epsg'] = meta.epsg;
    properties['proj:shape'] = meta.shape;
    properties['proj:transform'] = meta.transform;
    properties['proj:bbox'] = meta.bbox;
    assets.data = {
      href: hrefOf(links, deliveredCogPath(row.order_number, row.scene_id)),
      type: CogMediaType,
      title: cog.fileName,
      roles: ['data'],
      'file:size': meta.size,
      'file:checksum': meta.checksum,
    };
  }
  const collection = collectionPath(row.order_number);
  return {
    type: 'Feature' as const,
    stac_version: STAC_VERSION,
    stac_extensions: cog ? myItemExtensions : myItemExtensions.slice(2),
    id: row.scene_id,
    collection: row.order_number,
    geometry: row.geometry,
    bbox: bboxOf(row.geometry),
    properties,
    assets,
    links: [
      {
        rel: 'self',
        href: hrefOf(links, `${collection}/items/${encodeURIComponent(row.scene_id)}`),
        type: GEOJSON,
      },
      { rel: 'parent', href: hrefOf(links, collection), type: JSON_TYPE },
      { rel: 'collection', href: hrefOf(links, collection), type: JSON_TYPE },
      { rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
    ] as Link[],
  };
}

/** An order as a STAC Collection: its delivered scenes' area and image times. */
export function toMyCollection(order: MyOrderRow, links: MyLinks) {
  const self = collectionPath(order.order_number);
  return {
    type: 'Collection' as const,
    stac_version: STAC_VERSION,
    stac_extensions: [] as string[],
    id: order.order_number,
    title: `Order ${order.order_number}`,
    description: `The ${order.scenes} delivered scene(s) of order ${order.order_number}, each a Cloud-Optimized GeoTIFF.`,
    license: 'proprietary',
    extent: {
      spatial: { bbox: [[order.min_lon, order.min_lat, order.max_lon, order.max_lat]] },
      temporal: { interval: [[order.first, order.last]] },
    },
    links: [
      { rel: 'self', href: hrefOf(links, self), type: JSON_TYPE },
      { rel: 'root', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
      { rel: 'parent', href: hrefOf(links, MyStacBase), type: JSON_TYPE },
      { rel: 'items', href: hrefOf(links, `${self}/items`), type: GEOJSON },
    ] as Link[],
  };
}

export function myLanding(orders: MyOrderRow[], links: MyLinks) {
  const root = MyStacBase;
  return {
    type: 'Catalog' as const,
    stac_version: STAC_VERSION,
    stac_extensions: [] as string[],
    id: 'satportal-my-data',
    title: 'My data (Satportal)',
    description: 'Your delivered scenes: a collection per order, each scene a Cloud-Optimized GeoTIFF.',
    conformsTo: myConformance,
    links: [
      { rel: 'self', href: hrefOf(links, root), type: JSON_TYPE },
      { rel: 'root', href: hrefOf(links, root), type: JSON_TYPE },
      { rel: 'conformance', href: hrefOf(links, `${root}/conformance`), type: JSON_TYPE },
      { rel: 'data', href: hrefOf(links, `${root}/collections`), type: JSON_TYPE },
      { rel: 'search', href: hrefOf(links, `${root}/search`), type: GEOJSON, method: 'GET' },
      { rel: 'search', href: hrefOf(links, `${root}/search`), type: GEOJSON, method: 'POST' },
      ...orders.map((o) => ({
        rel: 'child',
        href: hrefOf(links, collectionPath(o.order_number)),
        type: JSON_TYPE,
        title: `Order ${o.order_number}`,
      })),
    ] as Link[],
  };
}
