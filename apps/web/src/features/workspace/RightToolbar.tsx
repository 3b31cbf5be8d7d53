import { FontSizeOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapState } from '../../map/react/useMapEvents';
import { formatZoom } from '../../shared/format/coordinates';
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
    <nav className={styles.rightToolbar} aria-label={t('draw.tools')}>
      <DrawingTools controller={controller} />
      <div className={styles.toolbarDivider} />
      <Tooltip title={t('map.zoomIn')} placement="left">
        <Button
          type="text"
          icon={<PlusOutlined />}
          aria-label={t('map.zoomIn')}
          data-testid="zoom-in"
          disabled={!view || view.zoom >= view.maxZoom}
          onClick={() => controller?.zoomIn()}
        />
      </Tooltip>
      <Tooltip title={t('map.zoomLevel')} placement="left">
        <output className={styles.zoomLevel} data-testid="zoom-level" aria-label={t('map.zoomLevel')}>
          {view ? formatZoom(view.zoom) : t('common.notSet')}
        </output>
      </Tooltip>
      <Tooltip title={t('map.zoomOut')} placement="left">
        <Button
          type="text"
          icon={<MinusOutlined />}
          aria-label={t('map.zoomOut')}
          data-testid="zoom-out"
          disabled={!view || view.zoom <= view.minZoom}
          onClick={() => controller?.zoomOut()}
        />
      </Tooltip>
      <div className={styles.toolbarDivider} />
      <BaseMapSwitch controller={controller} state={state} />
      <Tooltip title={labelOverlay ? t('map.labels') : t('map.labelsBaked')} placement="left">
        <Button
          type={labelOverlay && state?.labelsVisible ? 'primary' : 'text'}
          icon={<FontSizeOutlined />}
          aria-label={t('map.labels')}
          aria-pressed={labelOverlay && state?.labelsVisible}
          data-testid="label-toggle"
          disabled={!labelOverlay}
          onClick={() => state && controller?.setLabelsVisible(!state.labelsVisible)}
        />
      </Tooltip>
    </nav>
  );
}
