import type { DatabaseKind, Queryable } from '../../db/database';
import { polygonsAreaKm2 } from '../scenes/storable';

/**
 * How overlays (union, intersection) run. PostgreSQL's GEOS uses the floating-point overlay
 * (OverlayNG, which falls back to snapping by itself when noding fails): on a 10° AOI it unites
 * the footprints in half the time of snap-rounding (bench:search). PGlite's PostGIS
 * (WebAssembly) cannot: the floating-point ST_Union of the real Sentinel-2 footprints (revisits
 * of one tile have nearly coincident edges) answers no row and breaks the connection, without an
 * error; snap-rounding to a 1e-9° grid (≈ 0.1 mm, GEOS's robust overlay, which moves nothing by
 * more than the grid) works there. Coverage differs between the two by far less than the 0.01 %
 * the API reports.
 */
export interface Overlay {
  /** The gridSize argument of ST_Union and ST_Intersection: -1 floating point, else degrees. */
  grid: string;
}
export const floatingOverlay: Overlay = { grid: '-1' };
export const snappedOverlay: Overlay = { grid: '1e-9' };
export const overlayFor = (kind: DatabaseKind): Overlay =>
  kind === 'postgres' ? floatingOverlay : snappedOverlay;

export interface PreparedAoi {
  /** PostGIS' reason when the AOI is not a valid polygon; null when it is. */
  problem: string | null;
  areaKm2: number;
}

export interface PreparedAois {
  aois: PreparedAoi[];
  /**
   * The union of the AOIs split at ±180° (EWKB hex), as the search intersects it and stores it as
   * geography: a part wider than 180° of longitude (the world box) comes in pieces between
   * multiples of 90°, because geography reads a ring as the smaller of the two regions it
   * separates on the globe, and a region of more than half the Earth always spans more than 180°.
   * The pieces meet along meridians (a MultiPolygon that is not valid as such): the planar
   * predicates and intersections of the search treat them as their union, and coverage sums
   * over the parts.
   */
  union: string | null;
  /** The same union as GeoJSON, in one piece per part, for what Node measures against it (the search's coverage). */
  unionGeometry: { type: 'MultiPolygon'; coordinates: number[][][][] } | null;
  areaKm2: number;
  /** The database's time when the search began: later pages see no scene written after it. */
  snapshot: Date;
}

/** The SQL of AOI preparation: PostGIS checks, measures and unites the AOIs of a request. */
export class AreasRepository {
  constructor(
    private readonly db: Queryable,
    private readonly overlay: Overlay = snappedOverlay,
  ) {}

  /**
   * Checks the AOIs with PostGIS (each must be a valid polygon with an area), measures them,
   * and unites them into the search area, split at ±180°.
   */
  async prepareAois(aois: { type: 'MultiPolygon'; coordinates: number[][][][] }[]): Promise<PreparedAois> {
    // Only AOIs spanning more than 180° of longitude together can make a part that wide; the
    // cutting SQL is left out otherwise: its row estimates (a dump times a series) made
    // PostgreSQL compile the statement with JIT, 300 ms for every search.
    const longitudes = aois.flatMap((a) =>
      a.coordinates.flatMap((p) => p.flatMap((r) => r.map((q) => q[0]!))),
    );
    const wide = Math.max(...longitudes) - Math.min(...longitudes) > 180;
    const { rows } = await this.db.query<{
      problems: (string | null)[];
      union: string | null;
      union_geometry: PreparedAois['unionGeometry'];
      snapshot: Date;
    }>(
      `WITH a AS (
         SELECT n, ST_SetSRID(ST_GeomFromGeoJSON(j), 4326) AS g
           FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(j, n)
       ),
       checked AS (
         SELECT n, g, CASE WHEN NOT ST_IsValid(g) THEN ST_IsValidReason(g)
                           WHEN ST_Area(g) = 0 THEN 'zero area' END AS problem
           FROM a
       ),
       wrapped AS (
         SELECT n, problem, ST_CollectionExtract(ST_WrapX(ST_WrapX(g, 180, -360), -180, 360), 3) AS w FROM checked
       ),
       u AS (
         SELECT ST_Multi(ST_CollectionExtract(ST_Union(w, ${this.overlay.grid}), 3)) AS g FROM wrapped
          WHERE NOT EXISTS (SELECT 1 FROM wrapped WHERE problem IS NOT NULL)
       ),
       stored AS (${wide ? cutWideParts(this.overlay) : 'SELECT g FROM u'})
       SELECT (SELECT array_agg(problem ORDER BY n) FROM wrapped) AS problems,
              (SELECT encode(ST_AsEWKB(g), 'hex') FROM stored WHERE g IS NOT NULL) AS union,
              (SELECT ST_AsGeoJSON(g)::json FROM u WHERE g IS NOT NULL) AS union_geometry,
              clock_timestamp() AS snapshot`,
      [JSON.stringify(aois)],
    );
    const r = rows[0];
    if (!r) throw new Error('measuring the AOIs answered no row');
    // Areas are measured here, in closed form (scenes/storable.ts): the same figure as
    // `lonlat_area_km2` within 1e-6, without its segmentized geodesic area in the database
    // (slow on the embedded PostGIS). Shifting by 360° at the antimeridian changes no area, so
    // each AOI is measured as sent.
    return {
      aois: r.problems.map((problem, i) => ({
        problem,
        areaKm2: problem === null ? polygonsAreaKm2(aois[i]!.coordinates) : 0,
      })),
      union: r.union,
      unionGeometry: r.union_geometry,
      areaKm2: r.union_geometry ? polygonsAreaKm2(r.union_geometry.coordinates) : 0,
      snapshot: r.snapshot,
    };
  }
}

/**
 * The union's parts wider than 180° cut between multiples of 90° of longitude (and segmentized
 * at 90°), so that geography reads each piece as meant; narrower parts as they are.
 */
function cutWideParts(overlay: Overlay): string {
  return `         SELECT ST_Multi(ST_CollectionExtract(ST_Collect(piece), 3)) AS g
           FROM (SELECT p.geom AS piece FROM u, ST_Dump(u.g) p
                  WHERE ST_XMax(p.geom) - ST_XMin(p.geom) <= 180
                 UNION ALL
                 SELECT (ST_Dump(ST_Segmentize(ST_CollectionExtract(
                          ST_Intersection(p.geom, ST_MakeEnvelope(w, -90, w + 90, 90, 4326), ${overlay.grid}),
                          3), 90))).geom
                   FROM u, ST_Dump(u.g) p, generate_series(-180, 90, 90) w
                  WHERE ST_XMax(p.geom) - ST_XMin(p.geom) > 180) pieces
          WHERE NOT ST_IsEmpty(piece)
       `;
}
