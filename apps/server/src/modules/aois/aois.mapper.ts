import type { AoiGeoJson, AoiGeometry, AoiNode } from '@satportal/contract';
import type { AoiNodeRow } from './aois.repository';

/** Rows leave only through this mapping to the contract (spec 001 §3 AOI node). */
export function toAoiNode(row: AoiNodeRow): AoiNode {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    hasGeo: row.kind === 'aoi' || row.kind === 'poi',
    parentId: row.parent_id ?? -1,
    readonly: row.readonly,
    order: row.sort_order,
    area: row.area_km2 === null ? null : Math.round(row.area_km2 * 100) / 100,
    geometry: row.geojson ? toAoiGeometry(JSON.parse(row.geojson) as AoiGeoJson) : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** Spec `geometry` ({type, cors}) with the exact GeoJSON beside it. */
export function toAoiGeometry(geojson: AoiGeoJson): AoiGeometry {
  if (geojson.type === 'Point') {
    const [lng = 0, lat = 0] = geojson.coordinates;
    return { type: 1, cors: [{ lat, lng }], geojson };
  }
  const outer = geojson.type === 'Polygon' ? geojson.coordinates[0] : geojson.coordinates[0]?.[0];
  return {
    type: 4,
    cors: (outer ?? []).map(([lng = 0, lat = 0]) => ({ lat, lng })),
    geojson,
  };
}
