import { stacConstellation, stacPlatform } from '../catalogue/stac-names';
import type { SceneAsset } from '../scenes/scenes.repository';
import { QuicklookWmsPath } from '../tiles';
import type { StacGroupRow, StacItemRow } from './stac.repository';

export const STAC_VERSION = '1.0.0';
export const StacBase = '/stac/v1';
export const GEOJSON = 'application/geo+json';
export const JSON_TYPE = 'application/json';

export const itemExtensions = [
  'https://stac-extensions.github.io/eo/v1.1.0/schema.json',
  'https://stac-extensions.github.io/view/v1.0.0/schema.json',
  'https://stac-extensions.github.io/sat/v1.0.0/schema.json',
];

export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';
export const SCHEMA_TYPE = 'application/schema+json';
export const QUERYABLES_REL = 'http://www.opengis.net/def/rel/ogc/1.0/queryables';

/**
 * What the API claims, each tested in stac.db.test.ts / stac-extensions.db.test.ts. The Filter
 * extension's item-search class is listed under both URIs clients test for (1.0.0 and rc.2).
 */
export const conformance = [
  'https://api.stacspec.org/v1.0.0/core',
  'https://api.stacspec.org/v1.0.0/collections',
  'https://api.stacspec.org/v1.0.0/item-search',
  'https://api.stacspec.org/v1.0.0/ogcapi-features',
  'https://api.stacspec.org/v1.0.0/item-search#fields',
  'https://api.stacspec.org/v1.0.0/ogcapi-features#fields',
  'https://api.stacspec.org/v1.0.0/item-search#sort',
  'https://api.stacspec.org/v1.0.0/ogcapi-features#sort',
  'https://api.stacspec.org/v1.0.0/item-search#filter',
  'https://api.stacspec.org/v1.0.0-rc.2/item-search#filter',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/filter',
  'http://www.opengis.net/spec/ogcapi-features-3/1.0/conf/features-filter',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-text',
  'http://www.opengis.net/spec/cql2/1.0/conf/cql2-json',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-cql2',
  'http://www.opengis.net/spec/cql2/1.0/conf/advanced-comparison-operators',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions',
  'http://www.opengis.net/spec/cql2/1.0/conf/basic-spatial-functions-plus',
];

export interface Link {
  rel: string;
  href: string;
  type?: string;
  title?: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  merge?: boolean;
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

/**
 * The bbox of a footprint stored split at ±180°: when parts touch both +180 and −180 the
 * scene crosses the antimeridian and west > east (RFC 7946 §5.2).
 */
export function bboxOf(footprint: { coordinates: number[][][][] }): [number, number, number, number] {
  const points = footprint.coordinates.flatMap((poly) => poly[0] ?? []);
  const lons = points.map((p) => p[0]!);
  const lats = points.map((p) => p[1]!);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const touchesEast = lons.some((x) => x >= 180 - 1e-9);
  const touchesWest = lons.some((x) => x <= -180 + 1e-9);
  if (touchesEast && touchesWest && footprint.coordinates.length > 1) {
    const shifted = lons.map((x) => (x < 0 ? x + 360 : x));
    const west = Math.min(...shifted);
    const east = Math.max(...shifted) - 360;
    return [round7(west), south, round7(east), north];
  }
  return [Math.min(...lons), south, Math.max(...lons), north];
}

/** A GetMap URL drawing the whole scene (the WMS needs a session: Bearer header or the tile cookie). */
export function quicklookHref(base: string, id: string, bbox: [number, number, number, number]): string {
  const [w, s, e0, n] = bbox;
  const e = e0 < w ? e0 + 360 : e0; // across ±180°: the WMS takes a box past 180
  const width = 512;
  const height = Math.max(1, Math.min(2048, Math.round((width * (n - s)) / Math.max(e - w, 1e-9))));
  const q = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetMap',
    LAYERS: id,
    STYLES: '',
    CRS: 'CRS:84',
    BBOX: [w, s, e, n].join(','),
    WIDTH: String(width),
    HEIGHT: String(height),
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
  });
  return `${base}${QuicklookWmsPath}?${q}`;
}

const isRemote = (a: SceneAsset | null | undefined): a is SceneAsset =>
  !!a && typeof a.href === 'string' && /^https?:\/\//i.test(a.href);

function assetOf(a: SceneAsset) {
  return {
    href: a.href,
    ...(a.type ? { type: a.type } : {}),
    ...(a.title ? { title: a.title } : {}),
    ...(a.roles?.length ? { roles: a.roles } : {}),
  };
}

/** A scene as a STAC Item (1.0.0 with the eo, view and sat extensions). */
export function toStacItem(row: StacItemRow, base: string) {
  const collection = stacConstellation(row.category);
  const bbox = bboxOf(row.footprint);
  const original = row.properties ?? {};
  const properties: Record<string, unknown> = {
    datetime: row.acquired_at.toISOString(),
    // The catalogue's names in STAC's form (an ingested item's own `Sentinel-2B` is `sentinel-2b`).
    platform: stacPlatform(row.satellite_name),
    constellation: collection,
    gsd: row.gsd,
    'sat:orbit_state': row.orbit_direction === 1 ? 'ascending' : 'descending',
    'satportal:provenance': row.provenance,
    'satportal:product_quality': row.product_quality,
  };
  if (row.cloud_cover !== null) properties['eo:cloud_cover'] = row.cloud_cover;
  if (row.off_nadir !== null) properties['view:off_nadir'] = row.off_nadir;
  if (row.sun_zenith !== null) properties['view:sun_elevation'] = round7(90 - row.sun_zenith);
  const azimuth = original['view:sun_azimuth'];
  if (typeof azimuth === 'number' && Number.isFinite(azimuth)) properties['view:sun_azimuth'] = azimuth;

  // Remote files of ingested items keep their hrefs; local files (the Landsat subset) are not
  // served as files, the quicklook draws them.
  const assets: Record<string, unknown> = {};
  for (const a of [...(row.assets.files ?? []), row.assets.quicklook])
    if (isRemote(a)) assets[a.key] = assetOf(a);
  assets[assets.quicklook ? 'satportal_quicklook' : 'quicklook'] = {
    href: quicklookHref(base, row.id, bbox),
    type: 'image/png',
    title: 'Quicklook (WMS GetMap; needs a Satportal session)',
    roles: ['overview'],
  };

  const item = `${base}${StacBase}/collections/${encodeURIComponent(collection)}`;
  return {
    type: 'Feature' as const,
    stac_version: STAC_VERSION,
    stac_extensions: itemExtensions,
    id: row.id,
    collection,
    geometry: row.footprint,
    bbox,
    properties,
    assets,
    links: [
      { rel: 'self', href: `${item}/items/${encodeURIComponent(row.id)}`, type: GEOJSON },
      { rel: 'parent', href: item, type: JSON_TYPE },
      { rel: 'collection', href: item, type: JSON_TYPE },
      { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
    ] as Link[],
  };
}

/**
 * A satellite group as a STAC Collection. Spatial extent: the whole world (the archive is
 * worldwide; a bbox over every footprint would scan the table). Temporal extent: the group's
 * first to last scene, else its first launch date, open-ended.
 */
export function toStacCollection(g: StacGroupRow, base: string) {
  const id = stacConstellation(g.category);
  const self = `${base}${StacBase}/collections/${encodeURIComponent(id)}`;
  const start = g.first ?? (g.launched ? `${g.launched}T00:00:00Z` : null);
  return {
    type: 'Collection' as const,
    stac_version: STAC_VERSION,
    stac_extensions: [] as string[],
    id,
    title: g.category,
    description: `Archive scenes of ${g.satellites.join(', ')}`,
    license: 'proprietary',
    extent: {
      spatial: { bbox: [[-180, -90, 180, 90]] },
      temporal: { interval: [[start, g.last]] },
    },
    summaries: { platform: g.satellites.map(stacPlatform), constellation: [id] },
    links: [
      { rel: 'self', href: self, type: JSON_TYPE },
      { rel: 'root', href: `${base}${StacBase}`, type: JSON_TYPE },
      { rel: 'parent', href: `${base}${StacBase}`, type: JSON_TYPE },
      { rel: 'items', href: `${self}/items`, type: GEOJSON },
      { rel: QUERYABLES_REL, href: `${self}/queryables`, type: SCHEMA_TYPE },
    ] as Link[],
  };
}
