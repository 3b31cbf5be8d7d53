import { AoiTreeLimits, ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { api, treeCalls } from './test-helpers';

// The tree answer stays small for large trees (issue 26: a user's 200,000 POIs were one answer of
// 52 MB in 15 s). `GET /aois` answers a page of at most `AoiTreeLimits.pageMax` nodes.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
const { rootOf } = treeCalls(() => h);
const pageMax = AoiTreeLimits.pageMax;

/** The longest name a node may have, in characters of three UTF-8 bytes each. */
const longName = (i: number) => `${'测'.repeat(44)}${String(i).padStart(6, '0')}`;

/**
 * A user's account as large as it may be: `maxNodes` POIs and folders in all, each with the longest
 * name, the POIs at positions of 15 decimals (their GeoJSON is the longest a position gives).
 */
async function fillToTheLimit(userId: number, aoiRoot: number, poiRoot: number, folders: number) {
  const pois = AoiTreeLimits.maxNodes - folders;
  await h.pool.query(
    `INSERT INTO aoi_nodes (user_id, parent_id, tree, kind, name, sort_order, geom)
     SELECT $1, $2, 'pois', 'poi', $4 || lpad(g::text, 6, '0'), g,
            ST_SetSRID(ST_MakePoint(-179.123456789012345 + g * 1e-3, -89.123456789012345 + g * 1e-4), 4326)::geography
       FROM generate_series(1, $3) AS g`,
    [userId, poiRoot, pois, '测'.repeat(44)],
  );
  // folders nested ten deep, in chains under the root: a tree order that is not the insert order
  for (let i = 0; i < folders; i++) {
    const parent =
      i % 10 === 0
        ? aoiRoot
        : (
            await h.pool.query<{ id: number }>(
              `SELECT id FROM aoi_nodes WHERE user_id = $1 AND kind = 'folder' ORDER BY id DESC LIMIT 1`,
              [userId],
            )
          ).rows[0]?.id;
    await h.pool.query(
      `INSERT INTO aoi_nodes (user_id, parent_id, tree, kind, name, sort_order)
       VALUES ($1, $2, 'aois', 'folder', $3, $4)`,
      [userId, parent, longName(i), folders - i],
    );
  }
}

type Node = { id: number; parentId: number; kind: string; order: number; geometry: unknown };

describe('GET /aois answers a page of the tree', () => {
  it('bounds each answer of a tree at the account limit, and its pages give the whole tree once, in order', async () => {
    const { token, userId } = await h.signedIn();
    const aoiRoot = (await rootOf(token, 1)).id;
    const poiRoot = (await rootOf(token, 2)).id;
    const folders = 200;
    await fillToTheLimit(userId, aoiRoot, poiRoot, folders);

    for (const [type, expected] of [
      [2, AoiTreeLimits.maxNodes - folders + 1],
      [1, folders + 1],
    ] as const) {
      const seen: Node[] = [];
      let start = 0;
      for (;;) {
        const r = await api(h, 'GET', `/aois?type=${type}&start=${start}`, token);
        expect(r.body.code).toBe(ResultCode.Success);
        const { aois, total, more } = r.body.data as { aois: Node[]; total: number; more: boolean };
        // bounded: never more than a page, well under a megabyte with the longest names
        expect(aois.length).toBeLessThanOrEqual(pageMax);
        expect(r.raw.length).toBeLessThan(1024 * 1024);
        expect(total).toBe(expected);
        expect(more).toBe(start + aois.length < total);
        seen.push(...aois);
        if (!more) break;
        start += aois.length;
      }
      expect(seen).toHaveLength(expected);
      expect(new Set(seen.map((n) => n.id)).size).toBe(expected);
      // parents before children, siblings in their order, POIs with their position
      const at = new Map(seen.map((n, i) => [n.id, i]));
      for (const [i, n] of seen.entries()) {
        if (i === 0) expect(n.parentId).toBe(-1);
        else expect(at.get(n.parentId) ?? Number.POSITIVE_INFINITY).toBeLessThan(i);
      }
      if (type === 2) expect(seen.slice(1).every((n) => n.geometry !== null)).toBe(true);
      if (type === 2) expect(seen.slice(1).map((n) => n.order)).toEqual(seen.slice(1).map((_, i) => i + 1));
    }
    // the first page is what a caller gets without asking for one
    const first = await api(h, 'GET', '/aois?type=2', token);
    expect(first.body.data.aois).toHaveLength(pageMax);
    expect(first.body.data.more).toBe(true);
  });

  it('answers an empty page past the end with the count, and refuses a page longer than the maximum', async () => {
    const { token } = await h.signedIn();
    const past = await api(h, 'GET', '/aois?type=1&start=5', token);
    expect(past.body.data).toEqual({ aois: [], total: 1, more: false });
    const small = await api(h, 'GET', '/aois?type=1&length=1', token);
    expect(small.body.data).toMatchObject({ total: 1, more: false });
    expect(small.body.data.aois).toHaveLength(1);
    // coerced string numerics too (issue 26 item 2): Ajv makes "1e999" Infinity, which passes `integer`
    for (const query of [`length=${pageMax + 1}`, 'length=0', 'start=-1', 'start=1e999', 'length=Infinity']) {
      const r = await api(h, 'GET', `/aois?type=1&${query}`, token);
      expect(r.status, query).toBe(400);
      expect(r.body.code).toBe(ResultCode.ValidationFailed);
    }
  });
});
