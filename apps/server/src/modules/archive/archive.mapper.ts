import type {
  Aoi,
  AoiSearchHistoryEntry,
  ArchiveScene,
  ArchiveSearchHistoryEntry,
  Band,
  ResolutionClassId,
  SearchCondition,
  SensorChoice,
  SensorType,
  StereoMode,
  StoredArchiveSearch,
} from '@satportal/contract';
import { percent } from '../areas';
import { outerRings } from '../scenes/lonlat';
import type { SceneRow, SearchRow } from './archive.repository';
import type { AoiHistoryRow, ArchiveHistoryRow } from './history.repository';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Rows leave only through these mappings to the contract (spec 000 §3 Scene). */
export function toArchiveScene(row: SceneRow): ArchiveScene {
  const time = row.acquired_at.toISOString();
  return {
    sceneId: row.id,
    boundaries: outerRings(row.footprint),
    time,
    shooting_time: time,
    satId: row.satellite_id,
    satName: row.satellite_name,
    satGroupName: row.category,
    imageGsd: row.gsd,
    resolutionId: row.resolution_id as ResolutionClassId,
    cc: row.cloud_cover,
    ona: row.off_nadir,
    sza: row.sun_zenith,
    ac: row.coverage === null ? null : percent(row.coverage),
    productQuality: row.product_quality,
    area: round2(row.area_km2),
    orbit: row.orbit_direction,
    type: row.sensor_type as SensorType,
    bands: row.bands as Band[],
    mode: row.stereo_mode as StereoMode,
    provenance: row.provenance,
    // The quicklook service renders every scene of the archive (issue 3 "Quicklooks").
    inGeoServer: true,
    quicklookUrl: row.assets.quicklook?.href ?? null,
    ossKey: null,
    orderNo: null,
    formatType: 'PNG',
    accessType: null,
    wmtsLayer: null,
    wmtsMatrixSet: null,
    wmtsStyle: null,
  };
}

/** What an archive search history entry stores (spec 001 §3). */
export type ArchiveHistoryEntryData = Omit<ArchiveSearchHistoryEntry, 'id' | 'searchTime'>;

export function toArchiveHistoryEntry(row: ArchiveHistoryRow): ArchiveSearchHistoryEntry {
  return {
    id: row.id,
    ...(row.entry as ArchiveHistoryEntryData),
    searchTime: row.searched_at.toISOString(),
  };
}

export function toAoiHistoryEntry(row: AoiHistoryRow): AoiSearchHistoryEntry {
  const geojson = row.geometry as Aoi;
  const ring = (geojson.type === 'Polygon' ? geojson.coordinates[0] : geojson.coordinates[0]?.[0]) ?? [];
  return {
    id: row.id,
    aoi: {
      name: row.name,
      geometry: { type: 4, cors: ring.map(([lng, lat]) => ({ lat: lat!, lng: lng! })) },
      geojson,
    },
    area: Math.round(row.area_km2),
    lastQueryTime: row.last_query_at.toISOString(),
  };
}

/** What each kind of search keeps in its `request` column. */
type StoredRequest =
  | { aois: Aoi[]; condition: SearchCondition; satIds: number[]; sensor?: SensorChoice }
  | { sceneIds: string[] }
  | { subscriptionId: number };

/** A stored search as a link reopens it: its kind and what it asked, never its pages. */
export function toStoredSearch(row: SearchRow): StoredArchiveSearch {
  const request = row.request as StoredRequest;
  const sort = `${row.sort_key},${row.sort_desc ? 'desc' : 'asc'}`;
  if (row.kind === 'ids' && 'sceneIds' in request)
    return { kind: 'ids', taskId: row.id, sceneIds: request.sceneIds };
  if (row.kind === 'subscription' && 'subscriptionId' in request)
    return { kind: 'subscription', taskId: row.id, subscriptionId: request.subscriptionId, sort };
  const { aois, condition, satIds, sensor } = request as Extract<StoredRequest, { aois: Aoi[] }>;
  return { kind: 'aoi', taskId: row.id, request: { aois, condition, satIds, sensor: sensor ?? {} }, sort };
}
