import type { AoiNodeKind } from '@satportal/contract';
import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { inBatches, isolated } from './batches';
import {
  countNodes,
  type Inserted,
  insertCapped,
  insertFolderWith,
  insertRows,
  type ShapedNode,
  TREE_LOCK,
} from './node-inserts';

export type { Inserted, ShapedNode };

export type AoiTree = 'aois' | 'pois';

export interface AoiNodeRow {
  id: number;
  parent_id: number | null;
  tree: AoiTree;
  kind: AoiNodeKind;
  name: string;
  readonly: boolean;
  sort_order: number;
  area_km2: number | null;
  /** GeoJSON of the geometry; null for folders, and when not asked for */
  geojson: string | null;
  created_at: Date;
}

/** A node to insert; `geojson` for AOIs and POIs (stored through `aoi_shape`, see `shapes`). */
export interface NewNode {
  parentId: number;
  tree: AoiTree;
  kind: 'folder' | 'aoi' | 'poi';
  name: string;
  geojson: string | null;
}

/** The stored form of one shape (`aoi_shape`), or why the database could not make or hold it. */
export interface ShapeOutcome {
  /** EWKB hex */
  shape: string | null;
  /** an AOI's geodesic area, km² */
  area: number | null;
  /** the database's error for this shape alone; null when it was made */
  error: string | null;
}

export interface PartCheck {
  valid: boolean;
  /** PostGIS's reason when not valid, e.g. "Self-intersection[1 1]" */
  reason: string | null;
  /** zero area on the longitude/latitude plane */
  empty: boolean;
  /**
   * A ring touching itself at a vertex (ESRI's "inverted hole", valid in a shapefile) made
   * valid without moving any position (same area): GeoJSON Polygon or MultiPolygon.
   */
  repaired: string | null;
  /** the database's error when the check itself failed for this polygon (then not valid) */
  error: string | null;
}

const ROOT_NAMES: Record<AoiTree, string> = { aois: 'My AOIs', pois: 'My POIs' };

/** 15 decimals: far below the 1e-9° a re-upload must keep; PostGIS prints the shortest form. */
const columns = (withGeometry: boolean) => `
  n.id, n.parent_id, n.tree, n.kind, n.name, n.readonly, n.sort_order, n.area_km2,
  ${withGeometry ? 'ST_AsGeoJSON(n.geom::geometry, 15)' : 'NULL::text'} AS geojson, n.created_at`;

const failedCheck = (error: string): PartCheck => ({
  valid: false,
  reason: null,
  empty: false,
  repaired: null,
  error,
});

const failedShape = (error: string): ShapeOutcome => ({ shape: null, area: null, error });

/** SQL of the AOI and POI trees. Every statement is bound to one user. */
export class AoisRepository {
  constructor(private readonly pool: pg.Pool) {}

  /** "My AOIs" and "My POIs" of a user, created on first use. */
  async ensureRoots(userId: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO aoi_nodes (user_id, tree, kind, name, readonly)
       SELECT $1, t.tree, 'root', t.name, true
         FROM (VALUES ('aois', $2::text), ('pois', $3::text)) AS t(tree, name)
        WHERE NOT EXISTS (SELECT 1 FROM aoi_nodes r WHERE r.user_id = $1 AND r.tree = t.tree AND r.kind = 'root')
       ON CONFLICT (user_id, tree) WHERE kind = 'root' DO NOTHING`,
      [userId, ROOT_NAMES.aois, ROOT_NAMES.pois],
    );
  }

  async root(userId: number, tree: AoiTree): Promise<AoiNodeRow> {
    await this.ensureRoots(userId);
    const { rows } = await this.pool.query<AoiNodeRow>(
      `SELECT ${columns(false)} FROM aoi_nodes n WHERE n.user_id = $1 AND n.tree = $2 AND n.kind = 'root'`,
      [userId, tree],
    );
    return rows[0] as AoiNodeRow;
  }

  /**
   * One page of a tree: parents before children and siblings in order, `start` nodes skipped, at
   * most `length`; with the tree's node count. Geometry (POIs) only when asked, made for the page's
   * nodes alone.
   */
  async list(
    userId: number,
    tree: AoiTree,
    withGeometry: boolean,
    page: { start: number; length: number },
  ): Promise<{ rows: AoiNodeRow[]; total: number }> {
    const { rows } = await this.pool.query<AoiNodeRow & { total: number }>(
      `WITH RECURSIVE t AS (
         SELECT n.id, ARRAY[n.sort_order, n.id] AS path
           FROM aoi_nodes n WHERE n.user_id = $1 AND n.tree = $2 AND n.parent_id IS NULL
         UNION ALL
         SELECT n.id, t.path || ARRAY[n.sort_order, n.id]
           FROM aoi_nodes n JOIN t ON n.parent_id = t.id
          WHERE n.user_id = $1),
       page AS (SELECT t.id, t.path, count(*) OVER ()::int AS total FROM t ORDER BY t.path OFFSET $3 LIMIT $4)
       SELECT ${columns(withGeometry)}, page.total FROM page JOIN aoi_nodes n ON n.id = page.id ORDER BY page.path`,
      [userId, tree, page.start, page.length],
    );
    if (rows[0]) return { rows, total: rows[0].total };
    // past the end: no row carries the count
    const { rows: count } = await this.pool.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM aoi_nodes WHERE user_id = $1 AND tree = $2',
      [userId, tree],
    );
    return { rows, total: count[0]?.total ?? 0 };
  }

  /** Folders, AOIs and POIs of a user, the two roots aside. */
  async countNodes(userId: number): Promise<number> {
    return countNodes(this.pool, userId);
  }

  async find(userId: number, id: number, withGeometry: boolean): Promise<AoiNodeRow | undefined> {
    const { rows } = await this.pool.query<AoiNodeRow>(
      `SELECT ${columns(withGeometry)} FROM aoi_nodes n WHERE n.user_id = $1 AND n.id = $2`,
      [userId, id],
    );
    return rows[0];
  }

  async findMany(userId: number, ids: number[]): Promise<AoiNodeRow[]> {
    const { rows } = await this.pool.query<AoiNodeRow>(
      `SELECT ${columns(false)} FROM aoi_nodes n WHERE n.user_id = $1 AND n.id = ANY($2::int[]) ORDER BY n.id`,
      [userId, ids],
    );
    return rows;
  }

  /** AOIs and POIs among the given nodes and inside the given folders, in tree order, with geometry. */
  async shapesUnder(userId: number, ids: number[]): Promise<AoiNodeRow[]> {
    const { rows } = await this.pool.query<AoiNodeRow>(
      `WITH RECURSIVE t AS (
         SELECT n.id, ARRAY[n.sort_order, n.id] AS path
           FROM aoi_nodes n WHERE n.user_id = $1 AND n.id = ANY($2::int[])
         UNION ALL
         SELECT n.id, t.path || ARRAY[n.sort_order, n.id]
           FROM aoi_nodes n JOIN t ON n.parent_id = t.id
          WHERE n.user_id = $1),
       first AS (SELECT DISTINCT ON (id) id, path FROM t ORDER BY id, path)
       SELECT ${columns(true)} FROM first JOIN aoi_nodes n ON n.id = first.id
        WHERE n.kind IN ('aoi', 'poi') ORDER BY first.path`,
      [userId, ids],
    );
    return rows;
  }

  /**
   * PostGIS's verdict on polygons given as GeoJSON, in order. Reads only. An answer with fewer
   * rows than polygons is an error, never taken as "invalid parts": it was once seen on the
   * embedded database, whose socket server then let another connection's statement run between
   * this one's Parse and its (large) Bind (fixed in `db/socket-server.ts`). A batch whose
   * statement fails is asked again polygon by polygon, so one polygon the database cannot read
   * fails alone (`error`) and never the whole upload.
   */
  async checkParts(polygons: string[]): Promise<PartCheck[]> {
    const rows: PartCheck[] = [];
    for (const batch of inBatches(polygons, (p) => p.length)) {
      rows.push(...(await isolated(batch, (some) => this.checkBatch(some), failedCheck)));
    }
    if (rows.length !== polygons.length) {
      throw new Error(`checking ${polygons.length} polygons answered ${rows.length} rows`);
    }
    return rows;
  }

  /**
   * `OFFSET 0` keeps each LATERAL step a step: without it the planner folds the subqueries into
   * the select list and parses, checks or shapes a polygon once per reference (a 100,000-position
   * polygon: 3.7 s instead of 0.7 s for the check, 9 s instead of 2.5 s for the shaping, on PGlite).
   */
  private async checkBatch(polygons: string[]): Promise<PartCheck[]> {
    const answer = await this.pool.query<PartCheck>(
      `SELECT c.valid, c.reason, c.empty,
            CASE WHEN GeometryType(r.m) IN ('POLYGON', 'MULTIPOLYGON') AND ST_IsValid(r.m) AND ST_Area(c.g) > 0
                      AND abs(ST_Area(r.m) - ST_Area(c.g)) <= 1e-9 * ST_Area(c.g)
                 THEN ST_AsGeoJSON(r.m, 15) END AS repaired,
            NULL::text AS error
       FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS x(j, ord),
            LATERAL (SELECT ST_SetSRID(ST_GeomFromGeoJSON(x.j), 4326) AS g OFFSET 0) AS p,
            LATERAL (SELECT ST_IsValid(p.g) AS valid OFFSET 0) AS v,
            LATERAL (SELECT p.g, v.valid, ST_Area(p.g) = 0 AS empty,
                            CASE WHEN NOT v.valid THEN ST_IsValidReason(p.g) END AS reason OFFSET 0) AS c,
            LATERAL (SELECT CASE WHEN c.reason LIKE 'Ring Self-intersection%' THEN ST_MakeValid(c.g) END AS m
                     OFFSET 0) AS r
      ORDER BY x.ord`,
      [JSON.stringify(polygons)],
    );
    if (answer.rows.length !== polygons.length) {
      throw new Error(`checking ${polygons.length} polygons answered ${answer.rows.length} rows`);
    }
    return answer.rows;
  }

  /**
   * Inserts nodes in one transaction, each at the end of its siblings, and answers their ids in
   * the order given; nothing when the account would hold more than `maxNodes` (checked under the
   * user's tree lock, see `insertCapped`). The shapes were made before (`shapes`), in batches and
   * outside the transaction.
   */
  async insert(userId: number, nodes: ShapedNode[], maxNodes: number): Promise<Inserted<{ ids: number[] }>> {
    return insertCapped(this.pool, userId, nodes.length, maxNodes, async (client) => ({
      ids: await insertRows(client, userId, nodes),
    }));
  }

  /**
   * An upload's nodes with, in the same transaction, a new folder at the end of `folder.parentId`
   * (`insertFolderWith`): the nodes of the AOI tree go into it, POIs stay where they are headed;
   * nothing, not even the folder, when the account would hold more than `maxNodes`.
   */
  async insertInNewFolder(
    userId: number,
    folder: { parentId: number; name: string },
    nodes: ShapedNode[],
    maxNodes: number,
  ): Promise<Inserted<{ folderId: number; ids: number[] }>> {
    return insertCapped(this.pool, userId, nodes.length + 1, maxNodes, (client) =>
      insertFolderWith(client, userId, folder, nodes),
    );
  }

  /**
   * Each shape's stored form (EWKB hex, `aoi_shape`) and, for an AOI, its geodesic area in km²,
   * in order, in batches of ≤ 200 k characters (see `inBatches`). Everything the insert will ask of
   * a shape is asked here, where a failure belongs to one shape: the `geography` cast (it throws
   * for an edge between antipodal points), and the kind of geometry and the area the table's
   * checks require. A batch whose statement fails is made again shape by shape; a shape the
   * database cannot make or hold answers its error and no shape.
   */
  async shapes(items: { kind: 'aoi' | 'poi'; geojson: string }[]): Promise<ShapeOutcome[]> {
    const outcomes: ShapeOutcome[] = [];
    for (const batch of inBatches(items, (x) => x.geojson.length)) {
      outcomes.push(...(await isolated(batch, (some) => this.shapeBatch(some), failedShape)));
    }
    return outcomes;
  }

  private async shapeBatch(items: { kind: 'aoi' | 'poi'; geojson: string }[]): Promise<ShapeOutcome[]> {
    const { rows } = await this.pool.query<{ shape: string | null; area: number | null; fit: boolean }>(
      `SELECT encode(ST_AsEWKB(s.g), 'hex') AS shape,
              CASE WHEN x.kind = 'aoi' THEN ST_Area(ST_Segmentize(s.g, 0.1)::geography) / 1e6 END AS area,
              (s.g::geography IS NOT NULL AND NOT ST_IsEmpty(s.g)
               AND GeometryType(s.g) = ANY(CASE WHEN x.kind = 'aoi' THEN ARRAY['POLYGON', 'MULTIPOLYGON']
                                                ELSE ARRAY['POINT'] END)) AS fit
         FROM jsonb_to_recordset($1::jsonb) AS x(i int, kind text, geojson text),
              LATERAL (SELECT aoi_shape(x.geojson) AS g OFFSET 0) AS s
        ORDER BY x.i`,
      [JSON.stringify(items.map(({ kind, geojson }, i) => ({ i, kind, geojson })))],
    );
    if (rows.length !== items.length) {
      throw new Error(`shaping ${items.length} shapes answered ${rows.length} rows`);
    }
    return rows.map((r, i) =>
      !r.fit
        ? failedShape('no storable shape')
        : items[i]?.kind === 'aoi' && !((r.area ?? 0) > 0)
          ? failedShape('zero area')
          : { shape: r.shape, area: r.area, error: null },
    );
  }

  async rename(userId: number, id: number, name: string): Promise<boolean> {
    const r = await this.pool.query(
      `UPDATE aoi_nodes SET name = $3, updated_at = now() WHERE user_id = $1 AND id = $2 AND NOT readonly`,
      [userId, id, name],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /**
   * Moves a node to the end of a folder, unless the folder is the node itself or inside it.
   * Moves of one user run one at a time, so two crossing moves cannot make a cycle.
   */
  async move(userId: number, id: number, parentId: number): Promise<'moved' | 'cycle' | 'missing'> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [TREE_LOCK, userId]);
      const { rows } = await client.query<{ cycle: boolean }>(
        `WITH RECURSIVE up AS (
           SELECT n.id, n.parent_id FROM aoi_nodes n WHERE n.user_id = $1 AND n.id = $2
           UNION ALL
           SELECT n.id, n.parent_id FROM aoi_nodes n JOIN up ON n.id = up.parent_id WHERE n.user_id = $1)
         SELECT EXISTS (SELECT 1 FROM up WHERE up.id = $3) AS cycle`,
        [userId, parentId, id],
      );
      if (rows[0]?.cycle) return 'cycle';
      const r = await client.query(
        `UPDATE aoi_nodes
            SET parent_id = $3, updated_at = now(),
                sort_order = COALESCE((SELECT max(s.sort_order) FROM aoi_nodes s
                                        WHERE s.user_id = $1 AND s.parent_id = $3), 0) + 1
          WHERE user_id = $1 AND id = $2 AND NOT readonly`,
        [userId, id, parentId],
      );
      return (r.rowCount ?? 0) > 0 ? 'moved' : 'missing';
    });
  }

  /**
   * Deletes nodes with everything inside them, in one transaction. Without `withChildren`, a
   * folder holding anything not itself being deleted is refused: its id is answered.
   */
  async delete(
    userId: number,
    ids: number[],
    withChildren: boolean,
  ): Promise<{ deleted: number } | { notEmpty: number }> {
    return inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [TREE_LOCK, userId]);
      if (!withChildren) {
        const { rows } = await client.query<{ parent_id: number }>(
          `SELECT c.parent_id FROM aoi_nodes c
            WHERE c.user_id = $1 AND c.parent_id = ANY($2::int[]) AND NOT (c.id = ANY($2::int[]))
            LIMIT 1`,
          [userId, ids],
        );
        if (rows[0]) return { notEmpty: rows[0].parent_id };
      }
      const { rows } = await client.query<{ deleted: number }>(
        `WITH RECURSIVE t AS (
           SELECT n.id FROM aoi_nodes n WHERE n.user_id = $1 AND n.id = ANY($2::int[]) AND NOT n.readonly
           UNION
           SELECT n.id FROM aoi_nodes n JOIN t ON n.parent_id = t.id WHERE n.user_id = $1)
         SELECT count(*)::int AS deleted FROM t`,
        [userId, ids],
      );
      await client.query(
        `DELETE FROM aoi_nodes WHERE user_id = $1 AND id = ANY($2::int[]) AND NOT readonly`,
        [userId, ids],
      );
      return { deleted: rows[0]?.deleted ?? 0 };
    });
  }

  /** Acquisition dates (UTC) of archive scenes intersecting a node's geometry, newest first. */
  async sceneDates(userId: number, id: number, limit: number): Promise<string[]> {
    // The archive's scenes table comes with migration 003; without it there is nothing to list.
    const { rows: exists } = await this.pool.query<{ t: string | null }>(
      `SELECT to_regclass('scenes')::text AS t`,
    );
    if (!exists[0]?.t) return [];
    const { rows } = await this.pool.query<{ day: string }>(
      `SELECT DISTINCT to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
         FROM aoi_nodes a JOIN scenes s ON ST_Intersects(s.footprint::geometry, a.geom::geometry)
        WHERE a.user_id = $1 AND a.id = $2
        ORDER BY day DESC
        LIMIT $3`,
      [userId, id, limit],
    );
    return rows.map((r) => r.day);
  }
}
