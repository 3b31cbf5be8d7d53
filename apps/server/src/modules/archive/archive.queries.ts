import type {
  ArchiveSortKey,
  Band,
  ProductQuality,
  ResolutionClassId,
  SensorType,
  StereoMode,
} from '@satportal/contract';
import { Params } from '../../db/params';
import type { Overlay } from '../areas';

/*
 * The statements of an archive search, built from its filter, sort and page (pure: no database);
 * exported for EXPLAIN (bench:search, search-plan tests) and for the subscriptions' matching,
 * which shares the scene columns, sort keys and union coverage.
 */

/** The filters of an archive search, checked and resolved by the service. */
export interface SceneFilter {
  /** Inclusive start and exclusive end, UTC. */
  from: Date;
  to: Date;
  satIds: number[];
  qualities: ProductQuality[];
  /** Maxima; null: no limit. Scenes without the value are not excluded. */
  maxCloudCover: number | null;
  maxOffNadir: number | null;
  maxSunZenith: number | null;
  /** Minimum share of the AOI a scene must cover, %; 0: none. */
  minCoverage: number;
  orbit: 0 | 1 | 2;
  sensorType: SensorType | null;
  resolutionIds: ResolutionClassId[];
  stereoMode: StereoMode | null;
  bands: Band[];
}

export interface SearchSort {
  key: ArchiveSortKey;
  desc: boolean;
}

/** Where a page ended: the next page starts at `start`, after (`key`, `id`) in the order. */
export interface SearchCursor {
  start: number;
  key: string;
  id: string;
}

/** Nullable values sort last in both directions, so the key is never null (keyset paging). */
export const sortExpressions: Record<ArchiveSortKey, (desc: boolean) => string> = {
  time: () => 's.acquired_at',
  gsd: () => 's.gsd',
  cc: (desc) => `coalesce(s.cloud_cover, '${desc ? '-' : ''}Infinity'::float8)`,
  ona: (desc) => `coalesce(s.off_nadir, '${desc ? '-' : ''}Infinity'::float8)`,
  sza: (desc) => `coalesce(s.sun_zenith, '${desc ? '-' : ''}Infinity'::float8)`,
};
const sortType: Record<ArchiveSortKey, string> = {
  time: 'timestamptz',
  gsd: 'float8',
  cc: 'float8',
  ona: 'float8',
  sza: 'float8',
};

/**
 * The WHERE clause of a search. The spatial test is on the longitude/latitude plane, where
 * the footprints are split at ±180°; ST_Intersects brings its own `&&`, which uses the GiST
 * index on `footprint::geometry`.
 */
function whereOf(
  p: Params,
  f: SceneFilter,
  aoi: string,
  aoiArea: () => string,
  snapshot: Date,
  { grid }: Overlay,
): string {
  const w = [
    `ST_Intersects(s.footprint::geometry, ${aoi})`,
    `s.acquired_at >= ${p.add(f.from, '::timestamptz')}`,
    `s.acquired_at < ${p.add(f.to, '::timestamptz')}`,
    // `+ 0` keeps this a filter, not an index condition: customers mostly choose many satellite
    // groups, and a bitmap over (satellite_id, acquired_at) then reads tens of thousands of rows
    // only to discard none of them (bench:search); space and time narrow the search instead.
    `s.satellite_id + 0 = ANY(${p.add(f.satIds, '::int[]')})`,
    `s.created_at <= ${p.add(snapshot, '::timestamptz')}`,
  ];
  if (f.qualities.length < 2) w.push(`s.product_quality = ANY(${p.add(f.qualities, '::text[]')})`);
  if (f.maxCloudCover !== null)
    w.push(`(s.cloud_cover IS NULL OR s.cloud_cover <= ${p.add(f.maxCloudCover)})`);
  if (f.maxOffNadir !== null) w.push(`(s.off_nadir IS NULL OR s.off_nadir <= ${p.add(f.maxOffNadir)})`);
  if (f.maxSunZenith !== null) w.push(`(s.sun_zenith IS NULL OR s.sun_zenith <= ${p.add(f.maxSunZenith)})`);
  if (f.orbit !== 0) w.push(`s.orbit_direction = ${p.add(f.orbit)}`);
  if (f.sensorType !== null) w.push(`s.sensor_type = ${p.add(f.sensorType)}`);
  if (f.resolutionIds.length) w.push(`s.resolution_id = ANY(${p.add(f.resolutionIds, '::int[]')})`);
  if (f.stereoMode !== null) w.push(`s.stereo_mode = ${p.add(f.stereoMode)}`);
  if (f.bands.length) w.push(`s.bands @> ${p.add(f.bands, '::text[]')}`);
  if (f.minCoverage > 0) {
    const minArea = `${p.add(f.minCoverage / 100, '::float8')} * ${aoiArea()}`;
    // Covering the AOI whole is the common case and needs no intersection; a footprint inside
    // the AOI covers its own (stored) area.
    w.push(`(ST_Covers(s.footprint::geometry, ${aoi})
             OR CASE WHEN ST_CoveredBy(s.footprint::geometry, ${aoi}) THEN s.area_km2 >= ${minArea}
                     ELSE lonlat_area_km2(ST_Intersection(s.footprint::geometry, ${aoi}, ${grid})) >= ${minArea} END)`);
  }
  return w.join('\n     AND ');
}

/** The columns of a `SceneRow` over `scenes s`, `satellites sat` and `satellite_groups g` (shared with the STAC API). */
export const sceneColumns = `
  s.id, s.satellite_id, sat.name AS satellite_name, g.category, s.acquired_at,
  ST_AsGeoJSON(s.footprint, 7)::json AS footprint, s.orbit_direction, s.sensor_type, s.bands, s.stereo_mode,
  s.product_quality, s.cloud_cover, s.off_nadir, s.sun_zenith, s.gsd, s.resolution_id, s.area_km2, s.assets,
  s.provenance`;

export type PagePosition = { after: SearchCursor } | { offset: number };

/** The searched area: the AOI union (EWKB hex), its area, and the time the search began. */
export interface SearchArea {
  aoi: string;
  areaKm2: number;
  snapshot: Date;
}

/** The matches' footprints as `f`, the union's share of the AOI, %: 100 when one covers it whole. */
export function unionCoverage(g: string, area: string, { grid }: Overlay): string {
  return `CASE WHEN NOT EXISTS (SELECT 1 FROM m) THEN 0
               WHEN EXISTS (SELECT 1 FROM m WHERE ST_Covers(m.f, ${g})) THEN 100
               ELSE (SELECT lonlat_area_km2(ST_Intersection(ST_Union(m.f, ${grid}), ${g}, ${grid})) FROM m) / ${area} * 100
          END`;
}

/** What both page statements start from: the parameters, the AOI and its area, the filter, the sort. */
function searchPlan(area: SearchArea, filter: SceneFilter, sort: SearchSort, overlay: Overlay) {
  const p = new Params();
  const g = p.add(area.aoi, '::geometry');
  // Added when a statement uses it: an unused parameter has no type, and the database refuses it.
  let added: string | undefined;
  const a = () => {
    added ??= p.add(area.areaKm2, '::float8');
    return added;
  };
  const where = [whereOf(p, filter, g, a, area.snapshot, overlay)];
  return { p, g, a, where, key: sortExpressions[sort.key](sort.desc), dir: sort.desc ? 'DESC' : 'ASC' };
}

/**
 * Up to this many matches the union's coverage is computed in Node from the footprints the
 * first-page statement sends; beyond it (a very wide search) PostGIS unites them rather than
 * sending them all.
 */
export const unionInNodeMax = 5000;

/**
 * The first page and the summary in one statement (exported for EXPLAIN): the matches are read
 * once into `m`; the page's rows are read by id. Always one row at least: without a match, the
 * summary with null scene columns. The summary's footprints travel on the first row only.
 */
export function firstPageQuery(
  area: SearchArea,
  filter: SceneFilter,
  sort: SearchSort,
  length: number,
  offset: number,
  overlay: Overlay,
  unionInNodeLimit = unionInNodeMax,
) {
  const { p, g, a, where, key, dir } = searchPlan(area, filter, sort, overlay);
  const max = p.add(unionInNodeLimit, '::int');
  // The matches are read whole, once: the page's rows come from them, not from a second
  // lookup of each scene by id (which doubled the buffers read of a 10° search).
  const text = `WITH m AS MATERIALIZED (
       SELECT s.*, s.footprint::geometry AS f, ${key} AS sort_key FROM scenes s
        WHERE ${where.join('\n        AND ')}
     ),
     counted AS (SELECT count(*)::int AS n FROM m),
     page AS (
       SELECT m.* FROM m ORDER BY m.sort_key ${dir}, m.id ${dir}
        LIMIT ${p.add(length, '::int')} OFFSET ${p.add(offset, '::int')}
     ),
     summary AS (
       SELECT counted.n AS match_count,
              CASE WHEN counted.n > ${max} THEN ${unionCoverage(g, a(), overlay)} END AS union_coverage,
              CASE WHEN counted.n <= ${max}
                   THEN (SELECT json_agg(ST_AsGeoJSON(m.f, 7)::json) FROM m WHERE m.id NOT IN (SELECT id FROM page))
              END AS other_footprints
         FROM counted
     ),
     scene AS (
       SELECT ${sceneColumns}, NULL::float8 AS coverage, s.sort_key::text AS sort_value, s.sort_key,
              row_number() OVER (ORDER BY s.sort_key ${dir}, s.id ${dir}) AS row_number
         FROM page s
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
     )
     SELECT summary.match_count, summary.union_coverage,
            CASE WHEN scene.row_number IS NULL OR scene.row_number = 1 THEN summary.other_footprints END
              AS other_footprints,
            scene.*
       FROM summary LEFT JOIN scene ON true
      ORDER BY scene.sort_key ${dir}, scene.id ${dir}`;
  return { text, values: p.values };
}

/** The statement of one page (exported for EXPLAIN); the service adds each scene's coverage. */
export function pageQuery(
  area: SearchArea,
  filter: SceneFilter,
  sort: SearchSort,
  length: number,
  position: PagePosition,
  overlay: Overlay,
) {
  const { p, where, key, dir } = searchPlan(area, filter, sort, overlay);
  if ('after' in position) {
    const after = p.add(position.after.key, `::${sortType[sort.key]}`);
    where.push(`(${key}, s.id) ${sort.desc ? '<' : '>'} (${after}, ${p.add(position.after.id)})`);
  }
  const offset = 'offset' in position ? `OFFSET ${p.add(position.offset, '::int')}` : '';
  const text = `WITH page AS (
       SELECT s.*, s.footprint::geometry AS f, ${key} AS sort_key FROM scenes s
        WHERE ${where.join('\n        AND ')}
        ORDER BY ${key} ${dir}, s.id ${dir}
        LIMIT ${p.add(length, '::int')} ${offset}
     )
     SELECT ${sceneColumns}, NULL::float8 AS coverage, s.sort_key::text AS sort_value
       FROM page s
       JOIN satellites sat ON sat.id = s.satellite_id
       JOIN satellite_groups g ON g.id = sat.group_id
      ORDER BY s.sort_key ${dir}, s.id ${dir}`;
  return { text, values: p.values };
}
