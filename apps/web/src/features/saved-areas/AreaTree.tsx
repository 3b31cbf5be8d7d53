import { EnvironmentOutlined, FolderOutlined, GatewayOutlined } from '@ant-design/icons';
import type { AoiNode } from '@satportal/contract';
import { Button, Empty, Tree, type TreeDataNode } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { InlineName } from './InlineName';
import type { RevealTarget } from './revealStore';
import styles from './savedAreas.module.css';
import {
  type AreaTreeNode,
  buildTree,
  CHILDREN_STEP,
  checkedIds,
  checkedKeys,
  filterTree,
  folderIds,
  hiddenChildren,
  limitsShowing,
  moreKey,
  pathTo,
  shownChildren,
  sortTree,
} from './tree';

/** The inline name row open in a tree: a new folder under `parentId`, or a node being renamed. */
export type EditState = { kind: 'create'; parentId: number } | { kind: 'rename'; node: AoiNode } | null;

const newRowKey = '__new';
/** The rows that are no node: the inline new-folder row, a folder's "show more" row (`moreKey`). */
const isNodeKey = (key: string) => /^-?\d+$/.test(key);

interface AreaTreeProps {
  nodes: readonly AoiNode[];
  filter: string;
  /** The root's name in the interface language ("My AOIs", "My POIs"). */
  rootLabelKey: TranslationKey;
  /** Said under the root while it holds nothing. */
  emptyKey: TranslationKey;
  editing: EditState;
  /** The key said for an empty name in the open row. */
  editEmptyKey: TranslationKey;
  onConfirmEdit(name: string): Promise<boolean>;
  onCancelEdit(): void;
  /** Batch mode: checkboxes on every node but the root. */
  checkable?: boolean;
  checked?: readonly number[];
  onCheck?(ids: number[]): void;
  renderActions(node: AoiNode): ReactNode;
  /** A node to show: the folders leading to it opened, it selected and scrolled to; then `onRevealed`. */
  reveal?: RevealTarget | null;
  onRevealed?(): void;
}

const iconOf = (node: AoiNode) =>
  node.kind === 'poi' ? (
    <EnvironmentOutlined />
  ) : node.kind === 'aoi' ? (
    <GatewayOutlined />
  ) : (
    <FolderOutlined />
  );

const rootKeys = (roots: readonly AreaTreeNode[]) =>
  roots.filter((r) => r.node.kind === 'root').map((r) => String(r.node.id));

/** A filterable tree of saved areas with inline create and rename rows (spec 001 §2). */
export function AreaTree(props: AreaTreeProps) {
  const { nodes, filter, rootLabelKey, emptyKey, editing, checkable, checked } = props;
  const { t } = useTranslation();
  const [language] = useLanguage();
  const roots = useMemo(() => sortTree(buildTree(nodes), language), [nodes, language]);
  const shown = useMemo(() => filterTree(roots, filter), [roots, filter]);
  // The roots are open from the first drawing: opened a moment later, rc-tree animates them open and
  // then draws their rows again, which closed a row's menu opened during the animation.
  const [expanded, setExpanded] = useState<string[]>(() => rootKeys(roots));
  const [selected, setSelected] = useState<string[]>([]);
  // Children shown per folder beyond the first `CHILDREN_STEP` (`tree.ts`): raised by "show more" and reveals.
  const [limits, setLimits] = useState<ReadonlyMap<number, number>>(new Map());
  // The children not drawn, which a checked "show more" row stands for in batch mode.
  const hidden = useMemo(() => hiddenChildren(shown, limits), [shown, limits]);
  const treeBox = useRef<HTMLDivElement>(null);
  // An opened folder is scrolled to the top so that what it holds shows; anything else just into sight.
  const scrollBlock = useRef<ScrollLogicalPosition>('nearest');

  // The roots open at first; a folder opens when a new folder is being named in it.
  useEffect(() => {
    const ids = rootKeys(roots);
    setExpanded((keys) => (keys.length ? keys : ids));
  }, [roots]);
  // Taken only once the list has the node: a reveal asked before the list was refreshed waits.
  const { reveal, onRevealed } = props;
  useEffect(() => {
    const path = reveal ? pathTo(roots, reveal.id) : null;
    if (!reveal || !path) return;
    const open = [...path, ...(reveal.open ? [reveal.id] : [])].map(String);
    setExpanded((keys) => [...new Set([...keys, ...open])]);
    setLimits((current) => limitsShowing(roots, reveal.id, current));
    scrollBlock.current = reveal.open ? 'start' : 'nearest';
    setSelected([String(reveal.id)]);
    onRevealed?.();
  }, [reveal, roots, onRevealed]);
  // Scrolled to once its folders have opened and it is drawn.
  useEffect(() => {
    const [key] = selected;
    if (!key) return;
    const frame = requestAnimationFrame(() =>
      treeBox.current
        ?.querySelector(`[data-node-id="${key}"]`)
        ?.scrollIntoView({ block: scrollBlock.current, behavior: 'smooth' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  useEffect(() => {
    if (editing?.kind === 'create') {
      const key = String(editing.parentId);
      setExpanded((keys) => (keys.includes(key) ? keys : [...keys, key]));
    }
  }, [editing]);

  const editor = (initial: string) => (
    <InlineName
      initial={initial}
      placeholderKey={editing?.kind === 'create' ? 'aoi.folderName' : 'aoi.name'}
      emptyKey={props.editEmptyKey}
      onConfirm={props.onConfirmEdit}
      onCancel={props.onCancelEdit}
    />
  );

  const title = (node: AoiNode) => {
    if (editing?.kind === 'rename' && editing.node.id === node.id) return editor(node.name);
    const name = node.kind === 'root' ? t(rootLabelKey) : node.name;
    return (
      <span
        className={styles.node}
        data-testid="area-node"
        data-node-id={node.id}
        data-node-name={name}
        data-node-kind={node.kind}
      >
        <span className={styles.nodeIcon}>{iconOf(node)}</span>
        <span className={styles.nodeName} title={name}>
          {name}
        </span>
        {node.kind === 'aoi' && node.area !== null && (
          <span className={styles.nodeArea}>
            {t('aoi.areaKm2', { area: formatNumber(node.area, language, 2) })}
          </span>
        )}
        <span className={styles.nodeActions}>{props.renderActions(node)}</span>
      </span>
    );
  };

  const moreRow = (entry: AreaTreeNode, limit: number): TreeDataNode => {
    const id = entry.node.id;
    const more = Math.min(CHILDREN_STEP, entry.children.length - limit);
    return {
      key: moreKey(id),
      title: (
        <Button
          type="link"
          size="small"
          onClick={() => setLimits((current) => new Map(current).set(id, limit + CHILDREN_STEP))}
          data-testid="area-show-more"
        >
          {t('aoi.showMore', {
            more: formatNumber(more, language, 0),
            shown: formatNumber(limit, language, 0),
            total: formatNumber(entry.children.length, language, 0),
          })}
        </Button>
      ),
      isLeaf: true,
      // checkable: the row's box chooses the children not drawn (`checkedIds`)
      selectable: false,
    };
  };

  const toData = (entry: AreaTreeNode): TreeDataNode => {
    // A folder of thousands draws a step of them at a time: drawing 10,000 rows froze the panel.
    const limit = shownChildren(limits, entry.node.id);
    const children = entry.children.slice(0, limit).map(toData);
    if (entry.children.length > limit) children.push(moreRow(entry, limit));
    if (editing?.kind === 'create' && editing.parentId === entry.node.id) {
      children.unshift({
        key: newRowKey,
        title: editor(''),
        isLeaf: true,
        checkable: false,
        selectable: false,
      });
    }
    return {
      key: String(entry.node.id),
      title: title(entry.node),
      children,
      isLeaf: entry.node.kind === 'aoi' || entry.node.kind === 'poi',
      checkable: entry.node.kind !== 'root',
    };
  };

  const rootEmpty = shown.every((r) => r.node.kind === 'root' && r.children.length === 0);
  const creating = editing?.kind === 'create';
  return (
    <div ref={treeBox} className={styles.treeBox}>
      <Tree
        className={styles.tree}
        blockNode
        selectedKeys={selected}
        onSelect={(keys) => setSelected(keys.map(String).filter(isNodeKey))}
        treeData={shown.map(toData)}
        expandedKeys={filter.trim() ? [...folderIds(shown).map(String), newRowKey] : expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkable={checkable}
        checkedKeys={checked && checkedKeys(checked, hidden)}
        onCheck={(keys) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          props.onCheck?.(checkedIds(list.map(String), hidden));
        }}
        data-testid="area-tree"
      />
      {rootEmpty && !creating && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t(filter.trim() ? 'aoi.noMatch' : emptyKey)}
          data-testid="area-tree-empty"
        />
      )}
    </div>
  );
}
