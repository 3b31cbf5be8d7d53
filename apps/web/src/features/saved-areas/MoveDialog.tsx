import { FolderOutlined } from '@ant-design/icons';
import type { AoiNode } from '@satportal/contract';
import { Modal, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useToast } from '../../shared/ui/toast';
import { testId } from './PanelParts';
import styles from './savedAreas.module.css';
import { type AreaTreeNode, buildTree, folderIds, moveTargets, sortTree } from './tree';

interface MoveDialogProps {
  node: AoiNode;
  nodes: readonly AoiNode[];
  /** Resolves true when moved. */
  onMove(parentId: number): Promise<boolean>;
  onClose(): void;
}

/** "Move to": a folder picker with a confirm button (spec 001 §2); no destination is tip.chooseFolder. */
export function MoveDialog({ node, nodes, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  const message = useToast();
  const [target, setTarget] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const [language] = useLanguage();
  const targets = useMemo(
    () => moveTargets(sortTree(buildTree(nodes), language), node),
    [nodes, node, language],
  );

  const toData = (entry: AreaTreeNode): TreeDataNode => {
    const name = entry.node.kind === 'root' ? t('aoi.myAois') : entry.node.name;
    return {
      key: String(entry.node.id),
      icon: <FolderOutlined />,
      title: (
        <span className={styles.nodeName} title={name} data-folder-name={name}>
          {name}
        </span>
      ),
      // Its present folder is shown for orientation but is no destination.
      disabled: entry.node.id === node.parentId,
      children: entry.children.map(toData),
    };
  };

  const confirm = async () => {
    if (target === null) {
      void message.error(t('tip.chooseFolder'));
      return;
    }
    setMoving(true);
    const moved = await onMove(target).finally(() => setMoving(false));
    if (moved) onClose();
  };

  return (
    <Modal
      open
      title={<span className={styles.nodeName}>{t('aoi.moveTitle', { name: node.name })}</span>}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: moving, disabled: target === null, ...testId('move-confirm') }}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className={styles.moveTree} data-testid="move-dialog-tree">
        <Tree
          className={styles.tree}
          blockNode
          showIcon
          defaultExpandedKeys={folderIds(targets).map(String)}
          treeData={targets.map(toData)}
          selectedKeys={target === null ? [] : [String(target)]}
          onSelect={(keys) => setTarget(keys.length ? Number(keys[0]) : null)}
        />
      </div>
    </Modal>
  );
}
