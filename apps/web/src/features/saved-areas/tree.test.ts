import type { AoiNode } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { buildTree, filterTree, folderIds, moveTargets, subtreeIds, topmostIds } from './tree';

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
