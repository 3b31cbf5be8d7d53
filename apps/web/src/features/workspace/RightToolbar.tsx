import { FontSizeOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapState } from '../../map/react/useMapEvents';
import { formatZoom } from '../../shared/format/coordinates';
import { ToolbarButton } from '../../shared/ui/ToolbarButton';
import { DrawingTools } from '../drawing/DrawingTools';
import { BaseMapSwitch } from './BaseMapSwitch';
import styles from './workspace.module.css';

/**
 * The right tool bar (spec 000 §2): the drawing and measuring tools, upload, zoom with the level
 * between the buttons, base map, labels.
 */
export function RightToolbar() {
  const { t } = useTranslation();
  const controller = useMapController();
  const state = useMapState(controller);
  const view = state?.view;
  const labelOverlay = state?.baseMaps.find((b) => b.id === state.baseMap)?.hasLabelOverlay ?? false;

  return (
    <nav className={styles.rightToolbar} aria-label={t('draw.tools')} data-map-cover>
      <DrawingTools controller={controller} />
      <div className={styles.toolbarDivider} />
      <ToolbarButton
        label={t('map.zoomIn')}
        icon={<PlusOutlined />}
        testId="zoom-in"
        disabled={!view || view.zoom >= view.maxZoom}
        onClick={() => controller?.zoomIn()}
      />
      <Tooltip title={t('map.zoomLevel')} placement="left">
        <output className={styles.zoomLevel} data-testid="zoom-level" aria-label={t('map.zoomLevel')}>
          {view ? formatZoom(view.zoom) : t('common.notSet')}
        </output>
      </Tooltip>
      <ToolbarButton
        label={t('map.zoomOut')}
        icon={<MinusOutlined />}
        testId="zoom-out"
        disabled={!view || view.zoom <= view.minZoom}
        onClick={() => controller?.zoomOut()}
      />
      <div className={styles.toolbarDivider} />
      <BaseMapSwitch controller={controller} state={state} />
      <ToolbarButton
        label={t('map.labels')}
        tip={labelOverlay ? t('map.labels') : t('map.labelsBaked')}
        icon={<FontSizeOutlined />}
        testId="label-toggle"
        pressed={labelOverlay && state?.labelsVisible}
        disabled={!labelOverlay}
        onClick={() => state && controller?.setLabelsVisible(!state.labelsVisible)}
      />
    </nav>
  );
}
