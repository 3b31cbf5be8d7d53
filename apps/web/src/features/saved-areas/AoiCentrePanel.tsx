import { CheckSquareOutlined, HistoryOutlined, MoreOutlined } from '@ant-design/icons';
import { type AoiExportFormat, AoiExportFormats, type AoiNode } from '@satportal/contract';
import { Button, Dropdown, type MenuProps, Modal, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLaterMessages } from '../../i18n';
import type { TranslationKey } from '../../i18n/keys';
import { AreaTree, type EditState } from './AreaTree';
import { MoveDialog } from './MoveDialog';
import { CentreToolbar, confirmDeletion, ViewButton } from './PanelParts';
import { useRevealStore } from './revealStore';
import styles from './savedAreas.module.css';
import { buildTree, subtreeIds, topmostIds } from './tree';
import { succeeded, useAoiTree, useAreaChanges, useViewArea } from './useSavedAreas';

const HistoriesDialog = lazy(withLaterMessages(() => import('../histories/HistoriesDialog')));

const exportLabel: Record<AoiExportFormat, TranslationKey> = {
  kml: 'aoi.exportKml',
  geojson: 'aoi.exportGeojson',
  shp: 'aoi.exportShp',
};

const actionLabel = (action: string, key: TranslationKey, t: (key: TranslationKey) => string) => (
  <span data-testid={`area-action-${action}`}>{t(key)}</span>
);

/**
 * AOI centre (panel 0): the filterable tree of "My AOIs" with its folders and AOIs; draw, import,
 * batch mode (delete, export), and the AOI search history (spec 001 §2).
 */
export default function AoiCentrePanel() {
  const { t } = useTranslation();
  const tree = useAoiTree();
  const nodes = tree.data ?? [];
  const changes = useAreaChanges();
  const { viewAoi, mapReady } = useViewArea();
  const [modal, modalHolder] = Modal.useModal();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<EditState>(null);
  const [moving, setMoving] = useState<AoiNode | null>(null);
  const [batch, setBatch] = useState(false);
  const [checked, setChecked] = useState<number[]>([]);
  const [historyOpen, setHistoryOpen] = useState(false);
  const { target, reveal, revealed } = useRevealStore();
  const roots = useMemo(() => buildTree(nodes), [nodes]);
  const batchIds = () => topmostIds(roots, checked);

  const endBatch = () => {
    setBatch(false);
    setChecked([]);
  };

  const confirmEdit = async (name: string) => {
    if (!editing) return false;
    const saved = await succeeded(
      editing.kind === 'create'
        ? changes.createFolder.mutateAsync({ parentId: editing.parentId, name })
        : changes.rename.mutateAsync({ id: editing.node.id, name }),
    );
    if (saved) setEditing(null);
    return saved;
  };

  /** Delete after a confirmation; a folder goes with everything in it (and off the map). */
  const remove = async (ids: number[]) => {
    const removed = ids.flatMap((id) => [...subtreeIds(roots, id)]);
    if (await succeeded(changes.remove.mutateAsync({ ids, removed }))) endBatch();
  };

  const exportItems = (ids: () => number[]): MenuProps['items'] =>
    AoiExportFormats.map((format) => ({
      key: `export-${format}`,
      label: actionLabel(`export-${format}`, exportLabel[format], t),
      onClick: () => void succeeded(changes.exportFile.mutateAsync({ ids: ids(), format })).then(endBatch),
    }));

  const menuOf = (node: AoiNode): MenuProps['items'] => {
    const isAoi = node.kind === 'aoi';
    const newFolder = {
      key: 'newFolder',
      label: actionLabel('newFolder', 'aoi.newFolder', t),
      onClick: () => setEditing({ kind: 'create', parentId: node.id }),
    };
    // "My AOIs" can only receive new folders (spec 001 §2, §6).
    if (node.kind === 'root') return [newFolder];
    return [
      ...(isAoi ? [] : [newFolder]),
      { key: 'move', label: actionLabel('move', 'aoi.moveTo', t), onClick: () => setMoving(node) },
      {
        key: 'rename',
        label: actionLabel('rename', 'aoi.rename', t),
        onClick: () => setEditing({ kind: 'rename', node }),
      },
      ...(isAoi
        ? [
            {
              key: 'export',
              label: actionLabel('export', 'aoi.export', t),
              children: exportItems(() => [node.id]),
            },
          ]
        : []),
      { type: 'divider' as const },
      {
        key: 'delete',
        danger: true,
        label: actionLabel('delete', 'aoi.delete', t),
        onClick: () =>
          confirmDeletion(modal, t, {
            node,
            contentKey: isAoi ? 'aoi.deleteContent' : 'aoi.deleteFolderContent',
            remove: () => remove([node.id]),
          }),
      },
    ];
  };

  const actions = (node: AoiNode) => (
    <>
      {node.kind === 'aoi' && <ViewButton mapReady={mapReady} onView={() => void viewAoi(node)} />}
      <Dropdown menu={{ items: menuOf(node) }} trigger={['click']}>
        <Button
          size="small"
          type="text"
          icon={<MoreOutlined />}
          aria-label={t('aoi.actions')}
          onClick={(event) => event.stopPropagation()}
          data-testid="area-menu"
        />
      </Dropdown>
    </>
  );

  const confirmBatchDelete = () => {
    const ids = batchIds();
    const withFolder = ids.some((id) => nodes.find((n) => n.id === id)?.kind === 'folder');
    confirmDeletion(modal, t, {
      title: t('aoi.batchDeleteTitle', { count: ids.length }),
      contentKey: withFolder ? 'aoi.deleteFolderContent' : 'aoi.deleteContent',
      remove: () => remove(ids),
    });
  };

  return (
    <div className={styles.panel} data-testid="aoi-centre">
      {modalHolder}
      <CentreToolbar centre="aoi" filter={filter} onFilter={setFilter}>
        <Tooltip title={t('aoi.batchHint')}>
          <Button
            icon={<CheckSquareOutlined />}
            type={batch ? 'primary' : 'default'}
            aria-pressed={batch}
            onClick={() => (batch ? endBatch() : setBatch(true))}
            data-testid="aoi-batch"
          >
            {t('aoi.batch')}
          </Button>
        </Tooltip>
        <Tooltip title={t('aoi.history')}>
          <Button
            className={styles.toolbarEnd}
            type="text"
            icon={<HistoryOutlined />}
            aria-label={t('aoi.history')}
            onClick={() => setHistoryOpen(true)}
            data-testid="aoi-history"
          />
        </Tooltip>
      </CentreToolbar>

      {tree.isPending ? (
        <Spin />
      ) : (
        <AreaTree
          nodes={nodes}
          filter={filter}
          rootLabelKey="aoi.myAois"
          emptyKey="aoi.emptyAois"
          editing={editing}
          editEmptyKey="poi.tipAOIname"
          onConfirmEdit={confirmEdit}
          onCancelEdit={() => setEditing(null)}
          checkable={batch}
          checked={checked}
          onCheck={setChecked}
          renderActions={actions}
          reveal={target?.tree === 'aois' ? target : null}
          onRevealed={revealed}
        />
      )}

      {batch && checked.length > 0 && (
        <div className={styles.batchBar} data-testid="batch-bar">
          <span className={styles.batchCount}>{t('aoi.selected', { count: batchIds().length })}</span>
          <Dropdown menu={{ items: exportItems(batchIds) }} trigger={['click']}>
            <Button size="small" data-testid="batch-export">
              {t('aoi.export')}
            </Button>
          </Dropdown>
          <Button size="small" danger onClick={confirmBatchDelete} data-testid="batch-delete">
            {t('aoi.delete')}
          </Button>
        </div>
      )}

      {moving && (
        <MoveDialog
          node={moving}
          nodes={nodes}
          onMove={async (parentId) => {
            // Moved into a closed folder, it would vanish from sight: shown where it went.
            const moved = await succeeded(changes.move.mutateAsync({ id: moving.id, parentId }));
            if (moved) reveal({ tree: 'aois', id: moving.id, open: false });
            return moved;
          }}
          onClose={() => setMoving(null)}
        />
      )}
      {historyOpen && (
        <Suspense>
          <HistoriesDialog onClose={() => setHistoryOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
