import type { Band, Capability, ProductQuality, SensorType } from '@satportal/contract';
import { Bands, SensorType as Sensor } from '@satportal/contract';
import type { SceneAsset, SceneInput } from './scenes.repository';

/**
 * STAC Items → scenes of the archive. The mapping (issue 3):
 * - `platform` → satellite of the catalogue, by name or a known alias, ignoring case,
 *   accents and punctuation ("sentinel-2a" → Sentinel-2A, "landsat-8" → Landsat 8);
 * - `datetime` → acquisition time (for Sentinel-2 it is the datatake start; the tile's
 *   overpass is 0–30 min later — kept as published), `start_datetime` when it is null;
 * - `eo:cloud_cover` → cloud cover; `view:off_nadir` → off-nadir angle;
 * - `view:sun_elevation` → sun zenith = 90° − elevation (`s2:mean_solar_zenith` otherwise);
 * - `gsd` → GSD (else the finest asset GSD, else the satellite's best resolution);
 * - `sat:orbit_state` → orbit direction (else from the satellite's node and day or night);
 * - product quality: Landsat tier 1 → A, tier 2 and real-time → B; Sentinel-2 with more
 *   than 1 % degraded MSI data → B; A otherwise;
 * - bands from the `eo:bands` common names of the item and its assets (else the sensor's).
 */

/** The satellite facts the mapping needs. */
export interface IngestSatellite {
  id: number;
  name: string;
  caps: Capability[];
  node: 'descending' | 'ascending' | null;
  nodeLocalTime: string | null;
  bestGsd: number | null;
}

export type StacMapping = { scene: SceneInput } | { id: string | null; reason: string };

/** Platform codes seen in STAC catalogues that do not spell the satellite's name. */
const platformAliases: Record<string, string> = {
  s1a: 'Sentinel-1A',
  s2a: 'Sentinel-2A',
  s2b: 'Sentinel-2B',
  s2c: 'Sentinel-2C',
  l8: 'Landsat 8',
  l9: 'Landsat 9',
  lc08: 'Landsat 8',
  lc09: 'Landsat 9',
  wv01: 'WorldView-1',
  wv02: 'WorldView-2',
  wv03: 'WorldView-3',
  ge01: 'GeoEye-1',
  phr1a: 'Pléiades 1A',
  phr1b: 'Pléiades 1B',
  pneo3: 'Pléiades Neo 3',
  pneo4: 'Pléiades Neo 4',
  spot6: 'SPOT 6',
  spot7: 'SPOT 7',
};

/** "Pléiades Neo 3", "pleiades-neo-3" and "PLEIADES_NEO_3" all give "pleiadesneo3". */
export const platformKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Finds satellites by platform name. */
export function platformResolver(
  satellites: IngestSatellite[],
): (platform: string) => IngestSatellite | undefined {
  const byKey = new Map(satellites.map((s) => [platformKey(s.name), s]));
  for (const [alias, name] of Object.entries(platformAliases)) {
    const s = byKey.get(platformKey(name));
    if (s && !byKey.has(alias)) byKey.set(alias, s);
  }
  return (platform) => byKey.get(platformKey(platform));
}

/** STAC `eo:common_name` → our band codes. */
const commonNames: Record<string, Band> = {
  pan: 'PAN',
  coastal: 'CB',
  blue: 'B',
  green: 'G',
  yellow: 'Y',
  red: 'R',
  rededge: 'RE',
  nir: 'NIR',
  nir08: 'NIR',
  nir09: 'NIR',
  swir16: 'SWIR',
  swir22: 'SWIR',
  lwir: 'TIR',
  lwir11: 'TIR',
  lwir12: 'TIR',
};
const bandOrder = Object.keys(Bands) as Band[];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

class Rejection extends Error {}

function optionalNumber(properties: Json, key: string, min: number, max: number): number | null {
  const value = properties[key];
  if (value === undefined || value === null) return null;
  const n = num(value);
  if (n === undefined || n < min || n > max)
    throw new Rejection(`${key} ${JSON.stringify(value)} is outside ${min}–${max}`);
  return n;
}

function acquisitionTime(properties: Json): string {
  const value = properties.datetime ?? properties.start_datetime;
  if (typeof value !== 'string') throw new Rejection('bad datetime: none given');
  const t = Date.parse(value);
  // RFC 3339 wants a zone; a bare date-time would be read in the server's local zone.
  if (Number.isNaN(t) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(value))
    throw new Rejection(`bad datetime "${value}"`);
  if (t < Date.UTC(1960, 0, 1) || t > Date.now() + 86_400_000)
    throw new Rejection(`bad datetime "${value}": out of range`);
  return new Date(t).toISOString();
}

function bandsOf(item: Json, properties: Json): Band[] {
  const names = new Set<string>();
  const collect = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const b of list) {
      if (!isObject(b)) continue;
      const common = b.common_name ?? b['eo:common_name'];
      if (typeof common === 'string') names.add(common.toLowerCase());
    }
  };
  collect(properties['eo:bands']);
  collect(properties.bands);
  if (isObject(item.assets)) {
    for (const a of Object.values(item.assets)) {
      if (!isObject(a)) continue;
      collect(a['eo:bands']);
      collect(a.bands);
    }
  }
  const bands = new Set<Band>();
  for (const n of names) {
    const b = commonNames[n];
    if (b) bands.add(b);
  }
  return bandOrder.filter((b) => bands.has(b));
}

function assetsOf(item: Json): {
  quicklook: SceneAsset | null;
  files: SceneAsset[];
  finestGsd: number | null;
} {
  const files: SceneAsset[] = [];
  let quicklook: SceneAsset | null = null;
  let quicklookRank = 0;
  let finestGsd: number | null = null;
  if (!isObject(item.assets)) return { quicklook, files, finestGsd };
  for (const [key, a] of Object.entries(item.assets)) {
    if (!isObject(a) || typeof a.href !== 'string') continue;
    const roles = Array.isArray(a.roles) ? a.roles.filter((r): r is string => typeof r === 'string') : [];
    const asset: SceneAsset = {
      key,
      href: a.href,
      type: typeof a.type === 'string' ? a.type : null,
      title: typeof a.title === 'string' ? a.title : null,
      roles,
    };
    const isImage = asset.type === null || /^image\/(png|jpeg|webp)/.test(asset.type);
    // A rendered overview is the best quicklook, a thumbnail the next best.
    const rank = isImage ? (roles.includes('overview') ? 2 : roles.includes('thumbnail') ? 1 : 0) : 0;
    if (rank > quicklookRank) {
      quicklook = asset;
      quicklookRank = rank;
    }
    if (roles.length === 0 || roles.includes('data')) {
      files.push(asset);
      const gsd = num(a.gsd);
      if (gsd !== undefined && gsd > 0 && (finestGsd === null || gsd < finestGsd)) finestGsd = gsd;
    }
  }
  return { quicklook, files, finestGsd };
}

function sensorTypeOf(satellite: IngestSatellite, properties: Json): SensorType {
  const types = satellite.caps.map((c) => c.type);
  if (!types.length) throw new Rejection(`satellite ${satellite.name} has no sensor capability`);
  const isRadar = Object.keys(properties).some((k) => k.startsWith('sar:'));
  if (isRadar && types.includes(Sensor.Radar)) return Sensor.Radar;
  return types.find((t) => t !== Sensor.Radar) ?? types[0]!;
}

/**
 * Without `sat:orbit_state`: a sun-synchronous imager crosses its daytime node in daylight and
 * the other node at night, so the sun's elevation tells which pass a scene was taken on.
 */
function orbitDirectionOf(satellite: IngestSatellite, properties: Json, sunZenith: number | null): 1 | 2 {
  const state = properties['sat:orbit_state'];
  if (state === 'ascending') return 1;
  if (state === 'descending') return 2;
  if (state !== undefined && state !== null && state !== 'geostationary') {
    throw new Rejection(`sat:orbit_state "${String(state)}" is not ascending or descending`);
  }
  const hour = satellite.nodeLocalTime ? Number(satellite.nodeLocalTime.slice(0, 2)) : 10;
  const dayNode = satellite.node ?? 'descending';
  const nodeInDaylight = hour >= 6 && hour < 18;
  const dayPass = nodeInDaylight ? dayNode : dayNode === 'descending' ? 'ascending' : 'descending';
  const night = sunZenith !== null && sunZenith > 90;
  const pass = night ? (dayPass === 'descending' ? 'ascending' : 'descending') : dayPass;
  return pass === 'ascending' ? 1 : 2;
}

function productQualityOf(properties: Json): ProductQuality {
  const tier = properties['landsat:collection_category'];
  if (tier === 'T2' || tier === 'RT') return 'B';
  const degraded = num(properties['s2:degraded_msi_data_percentage']);
  if (degraded !== undefined && degraded > 1) return 'B';
  return 'A';
}

/** Maps one STAC Item; answers the scene or why it cannot be ingested. */
export function stacItemToScene(
  item: unknown,
  satelliteOf: (platform: string) => IngestSatellite | undefined,
): StacMapping {
  const id = isObject(item) && typeof item.id === 'string' && item.id.trim() ? item.id : null;
  try {
    if (!isObject(item) || item.type !== 'Feature')
      throw new Rejection('not a STAC Item (type must be "Feature")');
    if (!id) throw new Rejection('no id');
    if (!isObject(item.properties)) throw new Rejection('no properties');
    const properties = item.properties;
    if (item.geometry === null || item.geometry === undefined) throw new Rejection('no geometry');
    if (
      !isObject(item.geometry) ||
      (item.geometry.type !== 'Polygon' && item.geometry.type !== 'MultiPolygon')
    ) {
      throw new Rejection('invalid geometry: not a Polygon or MultiPolygon');
    }
    const acquiredAt = acquisitionTime(properties);
    const platform = properties.platform;
    if (typeof platform !== 'string' || !platform.trim()) throw new Rejection('no platform');
    const satellite = satelliteOf(platform);
    if (!satellite) {
      throw new Rejection(`unknown platform "${platform}": no satellite of the catalogue has that name`);
    }
    const cloudCover = optionalNumber(properties, 'eo:cloud_cover', 0, 100);
    const offNadir = optionalNumber(properties, 'view:off_nadir', 0, 90);
    const elevation = optionalNumber(properties, 'view:sun_elevation', -90, 90);
    const sunZenith =
      elevation !== null ? 90 - elevation : optionalNumber(properties, 's2:mean_solar_zenith', 0, 180);
    const assets = assetsOf(item);
    const gsd =
      optionalNumber(properties, 'gsd', Number.MIN_VALUE, 100_000) ?? assets.finestGsd ?? satellite.bestGsd;
    if (gsd === null) throw new Rejection('no gsd, and the satellite has no published resolution');
    const sensorType = sensorTypeOf(satellite, properties);
    const bands = bandsOf(item, properties);
    const capability = satellite.caps.find((c) => c.type === sensorType);
    return {
      scene: {
        id,
        satelliteId: satellite.id,
        acquiredAt,
        footprint: item.geometry as SceneInput['footprint'],
        cloudCover,
        offNadir,
        sunZenith,
        gsd,
        orbitDirection: orbitDirectionOf(satellite, properties, sunZenith),
        sensorType,
        bands: bands.length ? bands : [...(capability?.bands ?? [])],
        stereoMode: 'MONO',
        productQuality: productQualityOf(properties),
        provenance: 'real',
        assets: { quicklook: assets.quicklook, files: assets.files },
        properties,
      },
    };
  } catch (e) {
    if (e instanceof Rejection) return { id, reason: e.message };
    throw e;
  }
}
