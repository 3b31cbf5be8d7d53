import { AimOutlined, DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import type { AoiNode } from '@satportal/contract';
import { Modal, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaTree, type EditState } from './AreaTree';
import { AreaFilter, confirmDeletion, DrawButton, NodeButton, UploadButton, ViewButton } from './PanelParts';
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
      <AreaFilter value={filter} onChange={setFilter} />
      <div className={styles.toolbar}>
        <DrawButton
          tool="point"
          icon={<AimOutlined />}
          labelKey="aoi.drawPoint"
          hintKey="aoi.drawPointHint"
          testId="poi-draw"
        />
        <UploadButton
          icon={<UploadOutlined />}
          labelKey="aoi.uploadPoi"
          hintKey="aoi.uploadPoiHint"
          testId="poi-upload"
        />
      </div>
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
        />
      )}
    </div>
  );
}
