import { AimOutlined, EditOutlined, EyeOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import type { AoiNode } from '@satportal/contract';
import { Button, type ButtonProps, Input, type Modal, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { useMapController } from '../../map/react/mapControllerContext';
import type { DrawingTool } from '../../map/types';
import styles from './savedAreas.module.css';
import { useUploadDialogStore } from './uploadDialogStore';

/** A `data-testid` for the props objects antd takes (okButtonProps, …), where JSX attributes cannot go. */
export const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/** The filter box above a tree. */
export function AreaFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <Input.Search
      allowClear
      placeholder={t('aoi.filter')}
      aria-label={t('aoi.filter')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid="area-filter"
    />
  );
}

interface ToolbarButtonProps {
  icon: ReactNode;
  labelKey: TranslationKey;
  hintKey: TranslationKey;
  testId: string;
}

/** A panel button that starts a drawing tool on the map (draw an AOI, draw a point). */
export function DrawButton({ tool, ...props }: ToolbarButtonProps & { tool: DrawingTool }) {
  const { t } = useTranslation();
  const controller = useMapController();
  return (
    <Tooltip title={t(controller ? props.hintKey : 'aoi.mapLoading')}>
      <Button
        icon={props.icon}
        disabled={!controller}
        onClick={() => controller?.startTool(tool)}
        data-testid={props.testId}
      >
        {t(props.labelKey)}
      </Button>
    </Tooltip>
  );
}

/** Each centre's draw button (an AOI, a point) and upload button (import AOIs, upload POIs). */
const centreTools: Record<
  'aoi' | 'poi',
  { draw: ToolbarButtonProps & { tool: DrawingTool }; upload: ToolbarButtonProps }
> = {
  aoi: {
    draw: {
      tool: 'polygon',
      icon: <EditOutlined />,
      labelKey: 'aoi.draw',
      hintKey: 'aoi.drawHint',
      testId: 'aoi-draw',
    },
    upload: {
      icon: <ImportOutlined />,
      labelKey: 'aoi.import',
      hintKey: 'aoi.importHint',
      testId: 'aoi-import',
    },
  },
  poi: {
    draw: {
      tool: 'point',
      icon: <AimOutlined />,
      labelKey: 'aoi.drawPoint',
      hintKey: 'aoi.drawPointHint',
      testId: 'poi-draw',
    },
    upload: {
      icon: <UploadOutlined />,
      labelKey: 'aoi.uploadPoi',
      hintKey: 'aoi.uploadPoiHint',
      testId: 'poi-upload',
    },
  },
};

interface CentreToolbarProps {
  centre: 'aoi' | 'poi';
  filter: string;
  onFilter(value: string): void;
  /** The centre's own buttons after draw and upload (the AOI centre's batch mode and history). */
  children?: ReactNode;
}

/** The head of the AOI and POI centres: the filter box, then draw, upload and the centre's own buttons. */
export function CentreToolbar({ centre, filter, onFilter, children }: CentreToolbarProps) {
  const { draw, upload } = centreTools[centre];
  return (
    <>
      <AreaFilter value={filter} onChange={onFilter} />
      <div className={styles.toolbar}>
        <DrawButton {...draw} />
        <UploadButton {...upload} />
        {children}
      </div>
    </>
  );
}

/** A panel button that opens the upload dialog (import AOIs, upload POIs). */
export function UploadButton(props: ToolbarButtonProps) {
  const { t } = useTranslation();
  const open = useUploadDialogStore((s) => s.open);
  return (
    <Tooltip title={t(props.hintKey)}>
      <Button icon={props.icon} onClick={open} data-testid={props.testId}>
        {t(props.labelKey)}
      </Button>
    </Tooltip>
  );
}

interface NodeButtonProps {
  icon: ReactNode;
  labelKey: TranslationKey;
  testId: string;
  onClick(): void;
  danger?: boolean;
  /** Disabled, saying why (the map still loading). */
  disabledKey?: TranslationKey;
}

/** An icon button on a tree node, its label as tooltip; its clicks stay away from the tree. */
export function NodeButton({ icon, labelKey, testId: id, onClick, danger, disabledKey }: NodeButtonProps) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(disabledKey ?? labelKey)}>
      <Button
        size="small"
        type="text"
        danger={danger}
        icon={icon}
        aria-label={t(labelKey)}
        disabled={disabledKey !== undefined}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
        data-testid={id}
      />
    </Tooltip>
  );
}

/** "View on map" on a node; disabled until the map has loaded. */
export const ViewButton = ({ mapReady, onView }: { mapReady: boolean; onView(): void }) => (
  <NodeButton
    icon={<EyeOutlined />}
    labelKey="aoi.view"
    testId="area-view"
    onClick={onView}
    disabledKey={mapReady ? undefined : 'aoi.mapLoading'}
  />
);

type ModalApi = ReturnType<typeof Modal.useModal>[0];

/** Asks before deleting; `remove` resolves once done (a failure has been told by the API client). */
export function confirmDeletion(
  modal: ModalApi,
  t: (key: TranslationKey, params?: Record<string, unknown>) => string,
  {
    node,
    title,
    contentKey,
    remove,
  }: { node?: AoiNode; title?: string; contentKey: TranslationKey; remove(): Promise<unknown> },
) {
  modal.confirm({
    title: (
      <span className={styles.nodeName}>{title ?? t('aoi.deleteTitle', { name: node?.name ?? '' })}</span>
    ),
    content: t(contentKey),
    okText: t('aoi.delete'),
    cancelText: t('common.cancel'),
    okButtonProps: { danger: true, ...testId('delete-confirm') },
    onOk: () => remove().catch(() => undefined),
  });
}
