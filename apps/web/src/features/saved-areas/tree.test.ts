import { type AoiNode, AoiTreeLimits } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  allPages,
  buildTree,
  CHILDREN_STEP,
  checkedIds,
  checkedKeys,
  filterTree,
  folderIds,
  hiddenChildren,
  limitsShowing,
  moreKey,
  moveTargets,
  pathTo,
  shownChildren,
  sortTree,
  subtreeIds,
  topmostIds,
} from './tree';

const node = (id: number, parentId: number, kind: AoiNode['kind'], name: string): AoiNode => ({
  id,
  parentId,
  kind,
  name,
  hasGeo: kind === 'aoi' || kind === 'poi',
  readonly: kind === 'root',
  order: id,
  area: kind === 'aoi' ? 12.5 : null,
  geometry: null,
  createdAt: '2025-01-01T00:00:00Z',
});

// My AOIs ─┬─ Farms ─┬─ North field
//          │         └─ Orchards ── Apple
//          ├─ Harbour
//          └─ Empty
const flat = [
  node(1, -1, 'root', 'My AOIs'),
  node(2, 1, 'folder', 'Farms'),
  node(3, 2, 'aoi', 'North field'),
  node(4, 2, 'folder', 'Orchards'),
  node(5, 4, 'aoi', 'Apple'),
  node(6, 1, 'aoi', 'Harbour'),
  node(7, 1, 'folder', 'Empty'),
];
const shape = (roots: ReturnType<typeof buildTree>): unknown =>
  roots.map((e) => (e.children.length ? { [e.node.name]: shape(e.children) } : e.node.name));

describe('buildTree', () => {
  it('nests the flat list in the server order', () => {
    expect(shape(buildTree(flat))).toEqual([
      { 'My AOIs': [{ Farms: ['North field', { Orchards: ['Apple'] }] }, 'Harbour', 'Empty'] },
    ]);
  });

  it('keeps a node whose parent is missing at the top rather than losing it', () => {
    expect(shape(buildTree([node(1, -1, 'root', 'My AOIs'), node(9, 8, 'aoi', 'Orphan')]))).toEqual([
      'My AOIs',
      'Orphan',
    ]);
  });
});

describe('filterTree', () => {
  const roots = buildTree(flat);

  it('keeps matches, the folders leading to them and everything under a matching folder', () => {
    expect(shape(filterTree(roots, ' APP '))).toEqual([
      { 'My AOIs': [{ Farms: [{ Orchards: ['Apple'] }] }] },
    ]);
    expect(shape(filterTree(roots, 'orchard'))).toEqual([
      { 'My AOIs': [{ Farms: [{ Orchards: ['Apple'] }] }] },
    ]);
  });

  it('keeps the root even when nothing matches, and everything for an empty filter', () => {
    expect(shape(filterTree(roots, 'zzz'))).toEqual(['My AOIs']);
    expect(filterTree(roots, '  ')).toEqual(roots);
  });

  it('does not match the root by its name', () => {
    expect(shape(filterTree(roots, 'my aois'))).toEqual(['My AOIs']);
  });
});

describe('tree helpers', () => {
  const roots = buildTree(flat);

  it('lists folder ids and subtrees', () => {
    expect(folderIds(roots)).toEqual([1, 2, 4, 7]);
    expect([...subtreeIds(roots, 2)].sort()).toEqual([2, 3, 4, 5]);
    expect(subtreeIds(roots, 99).size).toBe(0);
  });

  it('drops chosen ids inside a chosen folder, and the root', () => {
    expect(topmostIds(roots, [1, 2, 3, 4, 5, 6])).toEqual([2, 6]);
    expect(topmostIds(roots, [5, 7])).toEqual([5, 7]);
  });

  it('offers as move targets the folders outside the moving folder', () => {
    expect(shape(moveTargets(roots, node(2, 1, 'folder', 'Farms')))).toEqual([{ 'My AOIs': ['Empty'] }]);
    expect(shape(moveTargets(roots, node(3, 2, 'aoi', 'North field')))).toEqual([
      { 'My AOIs': [{ Farms: ['Orchards'] }, 'Empty'] },
    ]);
  });
});

describe('sortTree', () => {
  // One level mixing kinds, numbers, case and Chinese place names, in no order; a folder inside.
  const mixed = [
    node(1, -1, 'root', 'My AOIs'),
    node(2, 1, 'aoi', 'Harbour 10'),
    node(3, 1, 'folder', 'Zeta'),
    node(4, 1, 'aoi', 'harbour 9'),
    node(5, 1, 'folder', '天津'),
    node(6, 1, 'folder', 'alpha 10'),
    node(7, 1, 'folder', '北京'),
    node(8, 1, 'aoi', 'apple'),
    node(9, 1, 'folder', '上海'),
    node(10, 1, 'folder', 'alpha 2'),
    node(11, 1, 'folder', '广州'),
    node(12, 7, 'aoi', 'b'),
    node(13, 7, 'folder', 'z'),
    node(14, 7, 'aoi', 'a'),
    node(15, 7, 'aoi', 'a'),
  ];
  const names = (roots: ReturnType<typeof buildTree>) => roots[0]?.children.map((e) => e.node.name);

  it('puts folders first, then AOIs, each by English collation with numbers read as numbers', () => {
    expect(names(sortTree(buildTree(mixed), 'en'))).toEqual([
      'alpha 2',
      'alpha 10',
      'Zeta',
      '上海',
      '北京',
      '天津',
      '广州',
      'apple',
      'harbour 9',
      'Harbour 10',
    ]);
  });

  it('orders Chinese names by pinyin in Chinese, before Latin ones', () => {
    expect(names(sortTree(buildTree(mixed), 'zh'))).toEqual([
      '北京',
      '广州',
      '上海',
      '天津',
      'alpha 2',
      'alpha 10',
      'Zeta',
      'apple',
      'harbour 9',
      'Harbour 10',
    ]);
  });

  it('orders every level, equal names by id, and leaves the input alone', () => {
    const roots = buildTree(mixed);
    const beijing = sortTree(roots, 'en')[0]?.children.find((e) => e.node.name === '北京');
    expect(beijing?.children.map((e) => e.node.id)).toEqual([13, 14, 15, 12]);
    expect(roots[0]?.children[0]?.node.name).toBe('Harbour 10');
  });
});

describe('pathTo', () => {
  const roots = buildTree(flat);

  it('lists the folders leading to a node, outermost first', () => {
    expect(pathTo(roots, 5)).toEqual([1, 2, 4]);
    expect(pathTo(roots, 6)).toEqual([1]);
    expect(pathTo(roots, 1)).toEqual([]);
    expect(pathTo(roots, 99)).toBeNull();
  });
});

describe('allPages', () => {
  const nodes = Array.from({ length: 25 }, (_, i) =>
    node(i + 1, i === 0 ? -1 : 1, i === 0 ? 'root' : 'poi', `P${i}`),
  );
  /** A server answering pages of `size` from `list` (read at each call: it may change between pages). */
  const server = (list: () => AoiNode[], size: number) => {
    const starts: number[] = [];
    const page = async (start: number) => {
      starts.push(start);
      const all = list();
      const aois = all.slice(start, start + size);
      return { aois, total: all.length, more: start + aois.length < all.length };
    };
    return { page, starts };
  };

  it('asks page after page until no more, keeping the order', async () => {
    const { page, starts } = server(() => nodes, 10);
    expect((await allPages(page)).map((n) => n.id)).toEqual(nodes.map((n) => n.id));
    expect(starts).toEqual([0, 10, 20]);
  });

  it('keeps a node answered twice once (a node added before it between two pages)', async () => {
    let list = nodes.slice(0, 15);
    const { page } = server(() => list, 10);
    const first = page;
    const shifted = async (start: number) => {
      const answer = await first(start);
      list = [nodes[0] as AoiNode, node(99, 1, 'poi', 'new'), ...nodes.slice(1, 15)];
      return answer;
    };
    const ids = (await allPages(shifted)).map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(15);
  });

  it('ends when a server keeps saying there is more', async () => {
    let calls = 0;
    const endless = async (start: number) => {
      calls++;
      return { aois: [node(1000 + start, 1, 'poi', 'x')], total: 1e9, more: true };
    };
    await allPages(endless);
    expect(calls).toBe(Math.ceil(AoiTreeLimits.maxNodes / AoiTreeLimits.pageMax) + 2);
  });
});

describe('limitsShowing', () => {
  // My AOIs ── Big (CHILDREN_STEP * 2 + 5 AOIs, the last a folder holding Deep)
  const count = CHILDREN_STEP * 2 + 5;
  const big = [node(1, -1, 'root', 'My AOIs'), node(2, 1, 'folder', 'Big')];
  for (let i = 0; i < count - 1; i++) big.push(node(100 + i, 2, 'aoi', `A${i}`));
  big.push(node(99, 2, 'folder', 'Last'), node(98, 99, 'aoi', 'Deep'));
  const roots = buildTree(big);
  const none = new Map<number, number>();

  it('shows a step of children at first', () => {
    expect(shownChildren(none, 2)).toBe(CHILDREN_STEP);
    expect(shownChildren(new Map([[2, 600]]), 2)).toBe(600);
  });

  it('raises the limits along the path by whole steps so that a node far down is shown', () => {
    const raised = limitsShowing(roots, 98, none);
    // "Last" is the folder's child number count (1-based): three steps show it
    expect(raised.get(2)).toBe(CHILDREN_STEP * 3);
    expect(raised.has(99)).toBe(false);
    expect(limitsShowing(roots, 100, none)).toBe(none);
    expect(limitsShowing(roots, 100 + CHILDREN_STEP, none).get(2)).toBe(CHILDREN_STEP * 2);
  });

  it('keeps higher limits and answers the same map when nothing needs raising', () => {
    const high = new Map([[2, CHILDREN_STEP * 5]]);
    expect(limitsShowing(roots, 98, high)).toBe(high);
    expect(limitsShowing(roots, 12345, none)).toBe(none);
  });

  it('lists the children each folder does not draw', () => {
    const hidden = hiddenChildren(roots, none);
    expect([...hidden.keys()]).toEqual([2]);
    expect(hidden.get(2)).toEqual(
      [...roots[0]!.children[0]!.children.slice(CHILDREN_STEP)].map((c) => c.node.id),
    );
    expect(hiddenChildren(roots, new Map([[2, count]])).size).toBe(0);
  });

  it('checks the drawn children alone: the folder is not checked, nothing hidden is chosen', () => {
    const hidden = hiddenChildren(roots, none);
    const drawn = roots[0]!.children[0]!.children.slice(0, CHILDREN_STEP).map((c) => c.node.id);
    // what the tree answers when every drawn child is checked: the folder only half checked
    const keys = checkedKeys(drawn, hidden);
    expect(keys).toEqual(drawn.map(String));
    expect(checkedIds(keys, hidden)).toEqual(drawn);
  });

  it('reads a checked "show more" row as the children it stands for, and shows it checked when they all are', () => {
    const hidden = hiddenChildren(roots, none);
    const notDrawn = hidden.get(2) ?? [];
    const ids = checkedIds(['100', moreKey(2), '__new'], hidden);
    expect(ids).toEqual([100, ...notDrawn]);
    expect(checkedKeys(ids, hidden)).toEqual(['100', moreKey(2)]);
    // one of them not chosen: the row is not checked (the tree has no key for the others not drawn)
    expect(checkedKeys([100, ...notDrawn.slice(1)], hidden)).toEqual(['100']);
  });
});
