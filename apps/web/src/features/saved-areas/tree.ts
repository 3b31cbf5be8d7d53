import { type AoiListResponse, type AoiNode, AoiTreeLimits, type Language } from '@satportal/contract';

/** A node of the AOI tree or POI list with its children, in the server's order (`sortTree`: the reader's). */
export interface AreaTreeNode {
  node: AoiNode;
  children: AreaTreeNode[];
}

export const isFolderLike = (node: AoiNode) => node.kind === 'folder' || node.kind === 'root';

/**
 * The tree of a flat list (parents before children, siblings in order, as the server answers).
 * A node whose parent is not in the list becomes a top-level node rather than being lost.
 */
export function buildTree(nodes: readonly AoiNode[]): AreaTreeNode[] {
  const byId = new Map<number, AreaTreeNode>();
  for (const node of nodes) byId.set(node.id, { node, children: [] });
  const roots: AreaTreeNode[] = [];
  for (const node of nodes) {
    const entry = byId.get(node.id) as AreaTreeNode;
    const parent = node.parentId === node.id ? undefined : byId.get(node.parentId);
    (parent ? parent.children : roots).push(entry);
  }
  return roots;
}

/**
 * The tree limited to names containing `text` (any case, surrounding spaces ignored): a match keeps
 * everything under it, and the folders leading to it; the roots always stay so new items have a place.
 */
export function filterTree(roots: readonly AreaTreeNode[], text: string): AreaTreeNode[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return [...roots];
  const keep = (entry: AreaTreeNode): AreaTreeNode | null => {
    if (entry.node.kind !== 'root' && entry.node.name.toLocaleLowerCase().includes(needle)) return entry;
    const children = entry.children.map(keep).filter((c): c is AreaTreeNode => c !== null);
    return children.length || entry.node.kind === 'root' ? { node: entry.node, children } : null;
  };
  return roots.map(keep).filter((c): c is AreaTreeNode => c !== null);
}

/** Folders (and the roots) before AOIs before POIs: what holds things first, as file managers do. */
const kindRank: Record<AoiNode['kind'], number> = { root: 0, folder: 0, aoi: 1, poi: 2 };

/**
 * The tree in the order a reader looks things up, at every level: folders first, then AOIs, then
 * POIs, each by name in the interface language's collation (`numeric`: "Area 2" before "Area 10";
 * Chinese by pinyin), ties by id so the order never flickers between two equal names.
 */
export function sortTree(roots: readonly AreaTreeNode[], language: Language): AreaTreeNode[] {
  const collator = new Intl.Collator(language, { numeric: true });
  const sorted = (entries: readonly AreaTreeNode[]): AreaTreeNode[] =>
    [...entries]
      .sort(
        (a, b) =>
          kindRank[a.node.kind] - kindRank[b.node.kind] ||
          collator.compare(a.node.name, b.node.name) ||
          a.node.id - b.node.id,
      )
      .map((entry) => ({ node: entry.node, children: sorted(entry.children) }));
  return sorted(roots);
}

/** The ids of the folders leading to `id`, outermost first; null when it is not in the tree. */
export function pathTo(roots: readonly AreaTreeNode[], id: number): number[] | null {
  for (const entry of roots) {
    if (entry.node.id === id) return [];
    const below = pathTo(entry.children, id);
    if (below) return [entry.node.id, ...below];
  }
  return null;
}

/** Every node of the tree, depth first. */
export function* walk(roots: readonly AreaTreeNode[]): Generator<AreaTreeNode> {
  for (const entry of roots) {
    yield entry;
    yield* walk(entry.children);
  }
}

/** Ids of the folders (and roots) of a tree: what to expand to show everything in it. */
export const folderIds = (roots: readonly AreaTreeNode[]): number[] =>
  [...walk(roots)].filter((e) => isFolderLike(e.node)).map((e) => e.node.id);

/** `id` and everything under it. */
export function subtreeIds(roots: readonly AreaTreeNode[], id: number): Set<number> {
  const start = [...walk(roots)].find((e) => e.node.id === id);
  return new Set(start ? [...walk([start])].map((e) => e.node.id) : []);
}

/**
 * The chosen ids without those inside another chosen folder: a folder already brings its content
 * (delete, export), and the roots are never part of a batch.
 */
export function topmostIds(roots: readonly AreaTreeNode[], chosen: Iterable<number>): number[] {
  const wanted = new Set(chosen);
  const out: number[] = [];
  const visit = (entries: readonly AreaTreeNode[]) => {
    for (const entry of entries) {
      if (wanted.has(entry.node.id) && entry.node.kind !== 'root') out.push(entry.node.id);
      else visit(entry.children);
    }
  };
  visit(roots);
  return out;
}

/**
 * The folders a node may move into: every folder and root of its tree except its present parent,
 * itself and the folders under it (the server refuses those with aoi.moveCycle).
 */
export function moveTargets(roots: readonly AreaTreeNode[], moving: AoiNode): AreaTreeNode[] {
  const excluded = subtreeIds(roots, moving.id);
  const prune = (entries: readonly AreaTreeNode[]): AreaTreeNode[] =>
    entries
      .filter((e) => isFolderLike(e.node) && !excluded.has(e.node.id))
      .map((e) => ({ node: e.node, children: prune(e.children) }));
  return prune(roots);
}

/**
 * A whole list, page after page: the server answers at most `AoiTreeLimits.pageMax` nodes at a
 * time, and an account holds at most `AoiTreeLimits.maxNodes` (issue 26). A node another tab adds
 * between two pages may shift the next one: a node answered twice is kept once, one missed is in the
 * next refresh.
 */
export async function allPages(page: (start: number) => Promise<AoiListResponse>): Promise<AoiNode[]> {
  const nodes = new Map<number, AoiNode>();
  let start = 0;
  // one page more than the account can fill: a list that keeps growing still ends
  for (let pages = 0; pages <= Math.ceil(AoiTreeLimits.maxNodes / AoiTreeLimits.pageMax) + 1; pages++) {
    const answer = await page(start);
    for (const node of answer.aois) if (!nodes.has(node.id)) nodes.set(node.id, node);
    if (!answer.more || answer.aois.length === 0) break;
    start += answer.aois.length;
  }
  return [...nodes.values()];
}

/**
 * Children an open folder shows at first, and how many more each "show more" adds: a folder may
 * hold thousands (an account up to `AoiTreeLimits.maxNodes`), and drawing them all froze the panel
 * (10,000 POIs: nothing shown after five minutes on the shared 2-core machine).
 */
export const CHILDREN_STEP = 200;

/** How many children folder `id` shows, given the folders' raised limits. */
export const shownChildren = (limits: ReadonlyMap<number, number>, id: number) =>
  limits.get(id) ?? CHILDREN_STEP;

/**
 * The limits raised so that `id` and the folders leading to it are among the children shown (a
 * reveal after a move or an upload), each by whole steps; the same map when nothing needs raising.
 */
export function limitsShowing(
  roots: readonly AreaTreeNode[],
  id: number,
  limits: ReadonlyMap<number, number>,
): ReadonlyMap<number, number> {
  const path = pathTo(roots, id);
  if (!path) return limits;
  let raised: Map<number, number> | null = null;
  let siblings = roots;
  for (const [depth, folder] of path.entries()) {
    const entry = siblings.find((e) => e.node.id === folder);
    if (!entry) break;
    const next = path[depth + 1] ?? id;
    const at = entry.children.findIndex((c) => c.node.id === next);
    if (at >= shownChildren(raised ?? limits, folder)) {
      raised ??= new Map(limits);
      raised.set(folder, Math.ceil((at + 1) / CHILDREN_STEP) * CHILDREN_STEP);
    }
    siblings = entry.children;
  }
  return raised ?? limits;
}

/** The key of folder `id`'s "show more" row, which stands for the children not drawn. */
export const moreKey = (id: number) => `__more:${id}`;
const morePrefix = moreKey(0).slice(0, -1);

/** The children each folder does not draw (the rest after its limit), by folder id. */
export function hiddenChildren(
  roots: readonly AreaTreeNode[],
  limits: ReadonlyMap<number, number>,
): Map<number, number[]> {
  const hidden = new Map<number, number[]>();
  for (const entry of walk(roots)) {
    const limit = shownChildren(limits, entry.node.id);
    if (entry.children.length > limit)
      hidden.set(
        entry.node.id,
        entry.children.slice(limit).map((c) => c.node.id),
      );
  }
  return hidden;
}

/**
 * The tree's checked keys for the checked ids: a "show more" row is checked when every child it
 * stands for is, and ids not drawn are left out (the tree knows no such key).
 */
export function checkedKeys(checked: readonly number[], hidden: ReadonlyMap<number, number[]>): string[] {
  const chosen = new Set(checked);
  const notDrawn = new Set<number>();
  const keys: string[] = [];
  for (const [folder, ids] of hidden) {
    for (const id of ids) notDrawn.add(id);
    if (ids.every((id) => chosen.has(id))) keys.push(moreKey(folder));
  }
  return [...checked.filter((id) => !notDrawn.has(id)).map(String), ...keys];
}

/**
 * The ids the tree's checked keys stand for: a checked "show more" row brings the children not
 * drawn. Without it, checking every drawn child of a large folder checked the folder, and a batch
 * delete took the thousands not drawn with it; now the folder stays half checked until they are.
 * Other rows that are no node (the inline new-folder row) are dropped.
 */
export function checkedIds(keys: readonly string[], hidden: ReadonlyMap<number, number[]>): number[] {
  const ids: number[] = [];
  for (const key of keys) {
    if (key.startsWith(morePrefix)) ids.push(...(hidden.get(Number(key.slice(morePrefix.length))) ?? []));
    else if (/^-?\d+$/.test(key)) ids.push(Number(key));
  }
  return ids;
}
