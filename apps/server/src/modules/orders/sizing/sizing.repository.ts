import type { Aoi } from '@satportal/contract';
import type { Queryable } from '../../../db/database';
import { type Overlay, snappedOverlay } from '../../areas';

/** A cart scene with what ordering shows of it. */
export interface SceneFacts {
  id: string;
  satId: number;
  satName: string;
  groupId: number;
  sensorType: number;
  acquiredAt: Date;
  gsd: number;
  cloudCover: number | null;
  offNadir: number | null;
  sunZenith: number | null;
  productQuality: 'A' | 'B';
  footprint: { type: 'MultiPolygon'; coordinates: number[][][][] };
}

/** A satellite group with the figures its minimums and prices depend on. */
export interface GroupFacts {
  id: number;
  category: string;
  resolutionId: number;
  /** best pan or multispectral GSD of its satellites, else their sensors' best, m */
  bestGsd: number;
}

/** One scene's piece in a measurement: its strip and its group. */
export interface Piece {
  id: string;
  strip: number;
  group: number;
}

export interface Measurement {
  sceneAreas: Map<string, number>;
  totalArea: number;
  orderArea: number;
  stripAreas: Map<number, number>;
  groups: Map<number, { area: number; widthKm: number | null; touchesAoi: boolean }>;
  gap: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  gapArea: number | null;
}

/** Above this area (km², ~2,200 km square) no single projection holds the area without distortion. */
export const projectableKm2 = 5e6;

/**
 * Width of an area (`g`, lon/lat) in km: the shorter side of its smallest rotated rectangle,
 * measured in an equal-area projection centred on the area (so an area split at ±180° is whole).
 * A continent-sized area (whose far side the projection cannot reach) stands at the side of the
 * square of its area: far above any minimum width either way.
 */
const widthKm = (g: string) => `(
  SELECT CASE WHEN ST_IsEmpty(${g}) THEN 0
              WHEN lonlat_area_km2(${g}) > ${projectableKm2} THEN sqrt(lonlat_area_km2(${g}))
              WHEN GeometryType(e) <> 'POLYGON' THEN 0
              ELSE LEAST(ST_Distance(ST_PointN(ST_ExteriorRing(e), 1), ST_PointN(ST_ExteriorRing(e), 2)),
                         ST_Distance(ST_PointN(ST_ExteriorRing(e), 2), ST_PointN(ST_ExteriorRing(e), 3))) / 1000 END
    FROM (SELECT ST_OrientedEnvelope(ST_Transform(ST_Segmentize(${g}, 0.1), ${laea(g)})) AS e) x)`;

/** A Lambert azimuthal equal-area projection centred on the geodesic centroid of `g`. */
const laea = (g: string) =>
  `(SELECT format('+proj=laea +lat_0=%s +lon_0=%s +datum=WGS84 +units=m +no_defs', ST_Y(c), ST_X(c))
      FROM (SELECT ST_Centroid(${g}::geography)::geometry AS c) c)`;

/** The SQL of order sizing: scenes, groups, the searched AOI, and the geodesic measurements. */
export class SizingRepository {
  constructor(
    private readonly db: Queryable,
    private readonly overlay: Overlay = snappedOverlay,
  ) {}

  async scenesOf(ids: string[]): Promise<SceneFacts[]> {
    const { rows } = await this.db.query<SceneFacts>(
      `SELECT s.id, s.satellite_id AS "satId", sat.name AS "satName", sat.group_id AS "groupId",
              s.sensor_type AS "sensorType", s.acquired_at AS "acquiredAt", s.gsd, s.cloud_cover AS "cloudCover",
              s.off_nadir AS "offNadir", s.sun_zenith AS "sunZenith", s.product_quality AS "productQuality",
              ST_AsGeoJSON(s.footprint::geometry, 7)::json AS footprint
         FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id
        WHERE s.id = ANY($1::text[])`,
      [ids],
    );
    return rows;
  }

  /**
   * The groups of the given satellites (only those with a sensor of `sensorType` when given), in
   * the catalogue's order; each group's figures are those of all its satellites.
   */
  async groupsOf(satIds: number[], sensorType?: number): Promise<GroupFacts[]> {
    const { rows } = await this.db.query<
      GroupFacts & { pan: number | null; ms: number | null; cap: number | null }
    >(
      `WITH chosen AS (
         SELECT DISTINCT s.group_id FROM satellites s
          WHERE s.id = ANY($1::int[])
            AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM satellite_capabilities c
                                             WHERE c.satellite_id = s.id AND c.sensor_type = $2::int))
       )
       SELECT g.id, g.category, g.resolution_id AS "resolutionId",
              min(s.pan_gsd_m) AS pan, min(s.ms_gsd_m) AS ms,
              (SELECT min(c.max_resolution_m) FROM satellite_capabilities c JOIN satellites s2 ON s2.id = c.satellite_id
                WHERE s2.group_id = g.id) AS cap
         FROM chosen JOIN satellite_groups g ON g.id = chosen.group_id JOIN satellites s ON s.group_id = g.id
        GROUP BY g.id ORDER BY g.sort_order, g.category`,
      [satIds, sensorType ?? null],
    );
    return rows.map((r) => {
      const known = [r.pan, r.ms].filter((x): x is number => x !== null);
      // The group's resolution class stands in only when no satellite states a figure.
      const byClass = r.resolutionId <= 2 ? 0.5 : 1.5;
      const bestGsd = known.length ? Math.min(...known) : (r.cap ?? byClass);
      return { id: r.id, category: r.category, resolutionId: r.resolutionId, bestGsd };
    });
  }

  /**
   * The AOI of an archive search of this user: undefined when there is no such search of theirs,
   * null when it had none (a scene-id search); else its union (EWKB hex) and its GeoJSON.
   */
  async searchAoi(
    userId: number,
    taskId: string,
  ): Promise<{ hex: string; geojson: SceneFacts['footprint']; aois: Aoi[] | null } | null | undefined> {
    const { rows } = await this.db.query<{
      hex: string | null;
      geojson: SceneFacts['footprint'] | null;
      aois: Aoi[] | null;
    }>(
      // The request's AOIs too: they carry the names the order keeps (a subscription's search stores
      // its AOI under its name as well).
      `SELECT encode(ST_AsEWKB(aoi::geometry), 'hex') AS hex, ST_AsGeoJSON(aoi::geometry, 7)::json AS geojson,
              CASE WHEN jsonb_typeof(request->'aois') = 'array' THEN request->'aois' END AS aois
         FROM archive_searches WHERE id = $1 AND user_id = $2`,
      [taskId, userId],
    );
    const row = rows[0];
    if (!row) return undefined;
    return row.hex && row.geojson ? { hex: row.hex, geojson: row.geojson, aois: row.aois } : null;
  }

  /**
   * Measures the pieces: each scene's footprint, clipped to the AOI when `clip`; their union, the
   * union of each strip and of each group (with its width), and the part of the AOI no footprint
   * covers. Areas geodesic, km², unrounded.
   */
  async measure(pieces: Piece[], aoi: string | null, clip: boolean, withGap = true): Promise<Measurement> {
    const grid = this.overlay.grid;
    const { rows } = await this.db.query<{
      scenes: { id: string; area: number }[];
      strips: { strip: number; area: number }[];
      groups: { grp: number; area: number; width: number | null; touches: boolean }[];
      order_area: number | null;
      gap: SceneFacts['footprint'] | null;
      gap_area: number | null;
    }>(
      `WITH a AS (SELECT $2::geometry AS g),
       p AS (
         SELECT x.id, x.strip, x.grp, s.footprint::geometry AS f
           FROM jsonb_to_recordset($1::jsonb) AS x(id text, strip int, grp int) JOIN scenes s ON s.id = x.id
       ),
       c AS (
         SELECT p.id, p.strip, p.grp, p.f,
                CASE WHEN $3::boolean AND a.g IS NOT NULL
                     THEN ST_CollectionExtract(ST_Intersection(p.f, a.g, ${grid}), 3) ELSE p.f END AS g
           FROM p, a
       ),
       gr AS (
         SELECT grp, ST_Union(g, ${grid}) AS u, ST_Union(f, ${grid}) AS uf FROM c GROUP BY grp
       ),
       fu AS (SELECT ST_Union(f, ${grid}) AS u FROM c),
       gap AS (
         SELECT ST_Multi(ST_CollectionExtract(ST_Difference(a.g, fu.u, ${grid}), 3)) AS g
           FROM a, fu WHERE $4::boolean AND a.g IS NOT NULL
       )
       SELECT (SELECT json_agg(json_build_object('id', id, 'area', lonlat_area_km2(g))) FROM c) AS scenes,
              (SELECT json_agg(json_build_object('strip', strip, 'area', area))
                 FROM (SELECT strip, lonlat_area_km2(ST_Union(g, ${grid})) AS area FROM c GROUP BY strip) s) AS strips,
              (SELECT json_agg(json_build_object(
                        'grp', grp, 'area', lonlat_area_km2(u),
                        'width', CASE WHEN a.g IS NULL THEN NULL ELSE ${widthKm('u')} END,
                        'touches', a.g IS NULL OR ST_Intersects(uf, a.g)))
                 FROM gr, a) AS groups,
              (SELECT lonlat_area_km2(ST_Union(g, ${grid})) FROM c) AS order_area,
              (SELECT CASE WHEN ST_IsEmpty(g) THEN NULL ELSE ST_AsGeoJSON(g, 7)::json END FROM gap) AS gap,
              (SELECT lonlat_area_km2(g) FROM gap) AS gap_area`,
      [JSON.stringify(pieces.map((p) => ({ id: p.id, strip: p.strip, grp: p.group }))), aoi, clip, withGap],
    );
    const r = rows[0];
    if (!r) throw new Error('measuring the order answered no row');
    const sceneAreas = new Map((r.scenes ?? []).map((s) => [s.id, s.area]));
    return {
      sceneAreas,
      totalArea: [...sceneAreas.values()].reduce((t, x) => t + x, 0),
      orderArea: r.order_area ?? 0,
      stripAreas: new Map((r.strips ?? []).map((s) => [s.strip, s.area])),
      groups: new Map(
        (r.groups ?? []).map((g) => [g.grp, { area: g.area, widthKm: g.width, touchesAoi: g.touches }]),
      ),
      gap: r.gap,
      gapArea: aoi === null || !withGap ? null : (r.gap_area ?? 0),
    };
  }

  /** An area's (EWKB hex) geodesic area, km², and width, km. */
  async areaAndWidth(area: string): Promise<{ areaKm2: number; widthKm: number }> {
    const { rows } = await this.db.query<{ area: number; width: number }>(
      `WITH a AS (SELECT $1::geometry AS g) SELECT lonlat_area_km2(g) AS area, ${widthKm('g')} AS width FROM a`,
      [area],
    );
    return { areaKm2: rows[0]?.area ?? 0, widthKm: rows[0]?.width ?? 0 };
  }

  /** Which of the passes' groups have a pass whose footprint meets the area (EWKB hex). */
  async groupsReaching(area: string, passes: { group: string; footprint: unknown }[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ grp: string }>(
      `SELECT DISTINCT x.grp FROM jsonb_to_recordset($2::jsonb) AS x(grp text, f jsonb)
        WHERE ST_Intersects(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(x.f::text), 4326)), $1::geometry)`,
      [area, JSON.stringify(passes.map((p) => ({ grp: p.group, f: p.footprint })))],
    );
    return new Set(rows.map((r) => r.grp));
  }

  /**
   * The area (EWKB hex) buffered by `metres` on the ground (in an equal-area projection centred on
   * it), split at ±180° again; its EWKB hex, GeoJSON and geodesic area.
   */
  async buffer(
    area: string,
    metres: number,
  ): Promise<{ hex: string; geojson: SceneFacts['footprint']; areaKm2: number }> {
    const grid = this.overlay.grid;
    const { rows } = await this.db.query<{ hex: string; geojson: SceneFacts['footprint']; area: number }>(
      `WITH a AS (SELECT $1::geometry AS g),
       b AS (
         SELECT ST_Transform(ST_Buffer(ST_Transform(ST_Segmentize(a.g, 0.1), p.proj), $2::float8, 'quad_segs=16'),
                             p.proj, 4326) AS g
           FROM a, LATERAL (SELECT ${laea('a.g')} AS proj) p
       ),
       -- Back in longitude/latitude a buffer across ±180° comes out spanning the world: shift it
       -- to 0–360° and split it at 180° again.
       w AS (
         SELECT ST_Multi(ST_CollectionExtract(ST_UnaryUnion(ST_MakeValid(
                  CASE WHEN ST_XMax(g) - ST_XMin(g) > 180 THEN ST_WrapX(ST_ShiftLongitude(g), 180, -360) ELSE g END),
                  ${grid}), 3)) AS g
           FROM b
       )
       SELECT encode(ST_AsEWKB(g), 'hex') AS hex, ST_AsGeoJSON(g, 7)::json AS geojson, lonlat_area_km2(g) AS area FROM w`,
      [area, metres],
    );
    const r = rows[0];
    if (!r) throw new Error('buffering the AOI answered no row');
    return { hex: r.hex, geojson: r.geojson, areaKm2: r.area };
  }

  /** An area (EWKB hex) as GeoJSON. */
  async geojsonOf(area: string): Promise<SceneFacts['footprint']> {
    const { rows } = await this.db.query<{ g: SceneFacts['footprint'] }>(
      'SELECT ST_AsGeoJSON($1::geometry, 7)::json AS g',
      [area],
    );
    return rows[0]!.g;
  }
}
