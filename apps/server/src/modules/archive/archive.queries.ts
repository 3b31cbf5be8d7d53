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
 * index on `footprint::geometry`. `aoi` is added when used; `spatial` replaces the AOI's
 * test (a sample point inside the AOI).
 */
function whereOf(
  p: Params,
  f: SceneFilter,
  aoi: () => string,
  aoiArea: () => string,
  snapshot: Date,
  { grid }: Overlay,
  spatial = () => `ST_Intersects(s.footprint::geometry, ${aoi()})`,
): string {
  const w = [
    spatial(),
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
    const g = aoi();
    w.push(`(ST_Covers(s.footprint::geometry, ${g})
             OR CASE WHEN ST_CoveredBy(s.footprint::geometry, ${g}) THEN s.area_km2 >= ${minArea}
                     ELSE lonlat_area_km2(ST_Intersection(s.footprint::geometry, ${g}, ${grid})) >= ${minArea} END)`);
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
  /**
   * The union's parts when each is a rectangle in longitude/latitude (a drawn box: the densified
   * edges lie on it), a few at most: the same region as `aoi`, tested against far fewer vertices.
   */
  boxes?: Box[];
}

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The spatial test against rectangles, the same as against the densified AOI: a footprint whose
 * box lies inside one of them meets it without a look at its edges; the others are intersected
 * with the rectangles, four corners each. Over the world box (200,000 matches on the demo) the
 * densified AOI's 2,000 positions cost 15 µs a footprint, 3 s; this, 1 s.
 */
function boxesTest(p: Params, boxes: Box[]): string {
  const envelope = (b: Box) =>
    `ST_MakeEnvelope(${[b.west, b.south, b.east, b.north].map((v) => p.add(v, '::float8')).join(', ')}, 4326)`;
  const all =
    boxes.length === 1 ? envelope(boxes[0]!) : `ST_Collect(ARRAY[${boxes.map(envelope).join(', ')}])`;
  const inside = boxes.map((b) => `s.footprint::geometry @ ${envelope(b)}`);
  // The `&&` is the index's condition; inside the OR the planner would read the index per branch.
  return `s.footprint::geometry && ${all}
     AND (${inside.join(' OR ')} OR ST_Intersects(s.footprint::geometry, ${all}))`;
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
  const { p, g, a, where } = filterPlan(area, filter, overlay);
  return {
    p,
    g,
    a,
    where: [where],
    key: sortExpressions[sort.key](sort.desc),
    dir: sort.desc ? 'DESC' : 'ASC',
  };
}

/** The parameters and the WHERE clause of a search's filter; `spatial` as in `whereOf`. */
function filterPlan(area: SearchArea, filter: SceneFilter, overlay: Overlay, spatial?: () => string) {
  const p = new Params();
  // Added when a statement uses them: an unused parameter has no type, and the database refuses it.
  let aoi: string | undefined;
  const g = () => {
    aoi ??= p.add(area.aoi, '::geometry');
    return aoi;
  };
  let km2: string | undefined;
  const a = () => {
    km2 ??= p.add(area.areaKm2, '::float8');
    return km2;
  };
  const boxes = area.boxes;
  const test = spatial ?? (boxes?.length ? () => boxesTest(p, boxes) : undefined);
  return { p, g, a, where: whereOf(p, filter, g, a, area.snapshot, overlay, test) };
}

/**
 * The km² of a coverage sample (`coverage/coverage-sample.ts`) that some match covers (exported
 * for EXPLAIN): one probe of the footprints' index per point, which stops at the first match.
 * A point lies inside the AOI, so a footprint holding it meets the AOI: the point's test stands
 * in for the AOI's.
 */
export function sampledCoverageQuery(
  area: SearchArea,
  filter: SceneFilter,
  sample: { lon: number[]; lat: number[]; weightKm2: number[] },
  overlay: Overlay,
) {
  const point = 'ST_SetSRID(ST_MakePoint(pt.x, pt.y), 4326)';
  const { p, where } = filterPlan(
    area,
    filter,
    overlay,
    () => `ST_Intersects(s.footprint::geometry, ${point})`,
  );
  const text = `SELECT coalesce(sum(pt.w), 0)::float8 AS covered_km2
       FROM unnest(${p.add(sample.lon, '::float8[]')}, ${p.add(sample.lat, '::float8[]')},
                   ${p.add(sample.weightKm2, '::float8[]')}) AS pt(x, y, w)
      WHERE EXISTS (SELECT 1 FROM scenes s WHERE ${where})`;
  return { text, values: p.values };
}

/**
 * Up to this many matches the union's coverage is exact, computed in Node from the footprints
 * the first-page statement sends; beyond it (a very wide search) it is estimated from a sample
 * of points (`coverage/coverage-sample.ts`) rather than sending or uniting them all.
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
  const { p, where, key, dir } = searchPlan(area, filter, sort, overlay);
  const max = p.add(unionInNodeLimit, '::int');
  // The matches are read once, with what the count, the order and the union need: the id, the
  // sort key, and the footprint of the first `max` only (past `max` matches the union is
  // estimated, and 200,000 footprints written aside cost the world box a second).
  const text = `WITH m AS MATERIALIZED (
       SELECT s.id, ${key} AS sort_key,
              CASE WHEN row_number() OVER () <= ${max} THEN s.footprint::geometry END AS f
         FROM scenes s
        WHERE ${where.join('\n        AND ')}
     ),
     counted AS (SELECT count(*)::int AS n FROM m),
     page AS (
       SELECT m.id, m.sort_key FROM m ORDER BY m.sort_key ${dir}, m.id ${dir}
        LIMIT ${p.add(length, '::int')} OFFSET ${p.add(offset, '::int')}
     ),
     summary AS (
       SELECT counted.n AS match_count,
              CASE WHEN counted.n <= ${max}
                   THEN (SELECT json_agg(ST_AsGeoJSON(m.f, 7)::json) FROM m WHERE m.id NOT IN (SELECT id FROM page))
              END AS other_footprints
         FROM counted
     ),
     scene AS (
       SELECT ${sceneColumns}, NULL::float8 AS coverage, page.sort_key::text AS sort_value, page.sort_key,
              row_number() OVER (ORDER BY page.sort_key ${dir}, page.id ${dir}) AS row_number
         FROM page
         JOIN scenes s ON s.id = page.id
         JOIN satellites sat ON sat.id = s.satellite_id
         JOIN satellite_groups g ON g.id = sat.group_id
     )
     SELECT summary.match_count,
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
