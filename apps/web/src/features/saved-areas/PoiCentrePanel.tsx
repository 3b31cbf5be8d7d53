import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { AoiNode } from '@satportal/contract';
import { Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaTree, type EditState } from './AreaTree';
import { CentreToolbar, confirmDeletion, NodeButton, ViewButton } from './PanelParts';
import { useRevealStore } from './revealStore';
import styles from './savedAreas.module.css';
import { succeeded, useAreaChanges, usePoiList, useViewArea } from './useSavedAreas';

/**
 * POI centre (panel 2): the filterable list of "My POIs"; draw a point, upload POIs; per POI view,
 * edit name and delete with a confirmation (spec 001 §2).
 */
export default function PoiCentrePanel() {
  const { t } = useTranslation();
  const list = usePoiList();
  const changes = useAreaChanges();
  const { viewPoi, mapReady } = useViewArea();
  const [modal, modalHolder] = Modal.useModal();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<EditState>(null);
  const { target, revealed } = useRevealStore();

  const confirmRename = async (name: string) => {
    if (editing?.kind !== 'rename') return false;
    const saved = await succeeded(changes.rename.mutateAsync({ id: editing.node.id, name }));
    if (saved) setEditing(null);
    return saved;
  };

  const actions = (node: AoiNode) =>
    node.kind === 'poi' && (
      <>
        <ViewButton mapReady={mapReady} onView={() => viewPoi(node)} />
        <NodeButton
          icon={<EditOutlined />}
          labelKey="aoi.editName"
          testId="area-action-rename"
          onClick={() => setEditing({ kind: 'rename', node })}
        />
        <NodeButton
          icon={<DeleteOutlined />}
          labelKey="aoi.delete"
          testId="area-action-delete"
          danger
          onClick={() =>
            confirmDeletion(modal, t, {
              node,
              contentKey: 'aoi.deleteContent',
              remove: () => changes.remove.mutateAsync({ ids: [node.id], removed: [node.id] }),
            })
          }
        />
      </>
    );

  return (
    <div className={styles.panel} data-testid="poi-centre">
      {modalHolder}
      <CentreToolbar centre="poi" filter={filter} onFilter={setFilter} />
      {list.isPending ? (
        <Spin />
      ) : (
        <AreaTree
          nodes={list.data ?? []}
          filter={filter}
          rootLabelKey="aoi.myPois"
          emptyKey="aoi.emptyPois"
          editing={editing}
          editEmptyKey="poi.tipPOIname"
          onConfirmEdit={confirmRename}
          onCancelEdit={() => setEditing(null)}
          renderActions={actions}
          reveal={target?.tree === 'pois' ? target : null}
          onRevealed={revealed}
        />
      )}
    </div>
  );
}
