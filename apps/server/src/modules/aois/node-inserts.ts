import type pg from 'pg';
import { inTransaction } from '../../db/database';
import { inBatches } from './batches';
import { uniqueSiblingName } from './upload-folder-name';

// How aois.repository.ts inserts nodes: under the user's tree lock, bounded by the account's node
// limit, in statements of bounded size (issue 26).

/** Any fixed number: changes to one user's tree (inserts, moves, deletes) queue on (this, user id). */
export const TREE_LOCK = 727_004;

/** A node ready to insert: its stored shape made before (`AoisRepository.shapes`; null for a folder). */
export interface ShapedNode {
  parentId: number;
  tree: 'aois' | 'pois';
  kind: 'folder' | 'aoi' | 'poi';
  name: string;
  shape: string | null;
  area: number | null;
}

/**
 * What an insert did: the ids, or nothing because the account would pass its limit (`nodes`: what
 * it holds now, the two roots aside).
 */
export type Inserted<T> = ({ full: false } & T) | { full: true; nodes: number };

/**
 * Characters of node data in one INSERT statement. The embedded database's WebAssembly memory grows
 * to its largest statement and never shrinks: the 200,000 POIs of one file in one statement left
 * the process gigabytes larger for good. A shape longer than this goes alone (its positions are
 * bounded by the upload's position limit).
 */
const INSERT_CHARS = 200_000;

/**
 * Runs `insert` in one transaction under the user's tree lock once the account is known to stay
 * within `maxNodes` with `adding` more nodes; concurrent inserts of one user queue on the lock, so
 * two at once cannot both pass the count.
 */
export function insertCapped<T>(
  pool: pg.Pool,
  userId: number,
  adding: number,
  maxNodes: number,
  insert: (client: pg.PoolClient) => Promise<T>,
): Promise<Inserted<T>> {
  return inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [TREE_LOCK, userId]);
    const nodes = await countNodes(client, userId);
    if (nodes + adding > maxNodes) return { full: true, nodes };
    return { full: false, ...(await insert(client)) };
  });
}

/** Folders, AOIs and POIs of a user, the two roots aside. */
export async function countNodes(db: Pick<pg.Pool, 'query'>, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM aoi_nodes WHERE user_id = $1 AND kind <> 'root'`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * A new folder at the end of `folder.parentId` named `folder.name` made unique among its siblings
 * (`uniqueSiblingName`; under the tree lock, so two uploads of the same file at once cannot both
 * take the same name) with the AOI-tree nodes inside it, POIs where they are headed.
 */
export async function insertFolderWith(
  client: pg.PoolClient,
  userId: number,
  folder: { parentId: number; name: string },
  nodes: ShapedNode[],
): Promise<{ folderId: number; ids: number[] }> {
  const { rows: siblings } = await client.query<{ name: string }>(
    'SELECT name FROM aoi_nodes WHERE user_id = $1 AND parent_id = $2',
    [userId, folder.parentId],
  );
  const name = uniqueSiblingName(
    folder.name,
    siblings.map((s) => s.name),
  );
  const [folderId] = await insertRows(client, userId, [
    { parentId: folder.parentId, tree: 'aois', kind: 'folder', name, shape: null, area: null },
  ]);
  const inFolder = nodes.map((n) => (n.tree === 'aois' ? { ...n, parentId: folderId as number } : n));
  return { folderId: folderId as number, ids: await insertRows(client, userId, inFolder) };
}

/**
 * Nodes at the end of their siblings, in statements of at most `INSERT_CHARS` characters of data;
 * their ids in the order given.
 */
export async function insertRows(
  client: pg.PoolClient,
  userId: number,
  nodes: ShapedNode[],
): Promise<number[]> {
  const ids: number[] = [];
  const size = (n: ShapedNode) => (n.shape?.length ?? 0) + n.name.length + 120;
  for (const batch of inBatches(nodes, size, INSERT_CHARS))
    ids.push(...(await insertBatch(client, userId, batch)));
  return ids;
}

/** Ids are drawn from the sequence first so that the order of the answer is certain. */
async function insertBatch(client: pg.PoolClient, userId: number, nodes: ShapedNode[]): Promise<number[]> {
  if (!nodes.length) return [];
  const { rows: ids } = await client.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('aoi_nodes', 'id'))::int AS id FROM generate_series(1, $1)`,
    [nodes.length],
  );
  const input = nodes.map((n, i) => ({ ...n, id: ids[i]?.id, ord: i + 1 }));
  await client.query(
    `INSERT INTO aoi_nodes (id, user_id, parent_id, tree, kind, name, sort_order, geom, area_km2)
     SELECT x.id, $1, x."parentId", x.tree, x.kind, x.name,
            COALESCE((SELECT max(s.sort_order) FROM aoi_nodes s
                       WHERE s.user_id = $1 AND s.parent_id = x."parentId"), 0) + x.ord,
            ST_GeomFromEWKB(decode(x.shape, 'hex'))::geography, x.area
       FROM jsonb_to_recordset($2::jsonb)
              AS x(id int, "parentId" int, tree text, kind text, name text, shape text, area float8, ord int)
      ORDER BY x.ord`,
    [userId, JSON.stringify(input)],
  );
  return input.map((n) => n.id as number);
}
