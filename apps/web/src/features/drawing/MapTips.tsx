import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { MapController } from '../../map/MapController';
import { useAnchor } from '../../map/react/useAnchor';
import { useMapEvent } from '../../map/react/useMapEvents';
import type { DrawingTool } from '../../map/types';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import styles from './drawing.module.css';
import { formatMeasure, measureKeyOf } from './drawingText';

/**
 * The area tip (spec 000 §2): the drawn polygon's geodesic area in km², 2 decimals, on the polygon.
 * Hidden while the order centre is open (spec 001 §2 "order-centre back mode"): its footprints and
 * orders are not the drawn AOI's.
 */
export function AreaTip({ controller }: { controller: MapController | null }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const polygon = useMapEvent(controller, 'polygonDrawn', () => null);
  const element = useAnchor(controller, 'drawnPolygon');
  const inOrderCentre = usePanelStore((s) => s.openPanel === PanelId.OrderCentre);
  if (!polygon || inOrderCentre) return null;
  return createPortal(
    <output className={styles.tip} data-testid="area-tip" data-area-km2={polygon.areaKm2}>
      {t('draw.areaTip', { value: formatMeasure(polygon.areaKm2, language) })}
    </output>,
    element,
  );
}

/** The live read-out of a measurement, beside its last point. */
export function MeasureTip({ controller }: { controller: MapController | null }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const measurement = useMapEvent(controller, 'measureChanged', () => null);
  const element = useAnchor(controller, 'measurement');
  if (!measurement) return null;
  return createPortal(
    <output
      className={`${styles.tip} ${styles.measureTip}`}
      data-testid="measure-tip"
      data-kind={measurement.kind}
      data-value={measurement.value}
      data-finished={measurement.finished}
    >
      {t(measureKeyOf(measurement), { value: formatMeasure(measurement.value, language) })}
    </output>,
    element,
  );
}

const hintKeys: Record<DrawingTool, TranslationKey> = {
  polygon: 'draw.hintPolygon',
  point: 'draw.hintPoint',
  measureLength: 'draw.hintMeasure',
  measureArea: 'draw.hintMeasure',
};

/** What to do with the active tool, at the top of the map while it is on. */
export function ToolHint({ controller }: { controller: MapController | null }) {
  const { t } = useTranslation();
  const tool = useMapEvent(controller, 'toolChanged', (c) => c?.getTool() ?? null);
  if (!tool) return null;
  return (
    <div className={styles.toolHint} data-testid="tool-hint" role="status">
      {t(hintKeys[tool])}
    </div>
  );
}
