import { CloseOutlined } from '@ant-design/icons';
import type { ArchiveScene } from '@satportal/contract';
import { Button } from 'antd';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { usePanelStore } from '../../shared/panelStore';
import { boxGap, placeBox, toolbarRoom } from './mapBox';
import styles from './overlap.module.css';

const cssPixels = (element: Element, property: string) =>
  Number.parseFloat(getComputedStyle(element).getPropertyValue(property)) || 0;

/**
 * A box opened by a click on the map (the overlap box, the remove menu): beside the clicked pixel
 * (map pixels, the map starting right of the left menu), kept inside the map area the side panel
 * and the right tool bar leave free. Esc closes it, as its close button does.
 */
export function MapBox(props: {
  pixel: [number, number];
  title: string;
  onClose(): void;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const element = useRef<HTMLElement>(null);
  const besidePanel = usePanelStore((s) => s.openPanel !== null);
  const { pixel, onClose } = props;

  // Placed before paint at every render: the box's size follows its rows.
  useLayoutEffect(() => {
    const box = element.current;
    const workspace = box?.offsetParent;
    if (!box || !workspace) return;
    const menu = cssPixels(workspace, '--menu-width');
    const panel = besidePanel ? cssPixels(workspace, '--panel-width') : 0;
    const { left, top } = placeBox(
      [menu + pixel[0], pixel[1]],
      { width: box.offsetWidth, height: box.offsetHeight },
      {
        left: menu + panel + boxGap,
        top: boxGap,
        right: workspace.clientWidth - toolbarRoom,
        bottom: workspace.clientHeight - boxGap,
      },
    );
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <section ref={element} className={styles.box} data-testid={props.testId} aria-label={props.title}>
      <header className={styles.boxHeader}>
        <h4 className={styles.boxTitle}>{props.title}</h4>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          onClick={onClose}
          data-testid="map-box-close"
        />
      </header>
      {props.children}
      {props.footer && <footer className={styles.boxFooter}>{props.footer}</footer>}
    </section>
  );
}

/** A scene in the boxes on the map: its id, then satellite and acquisition time (user's zone, to the minute). */
export function SceneSummary({ scene, timeZone }: { scene: ArchiveScene; timeZone: string }) {
  return (
    <span className={styles.rowText}>
      <span className={styles.sceneId} title={scene.sceneId}>
        {scene.sceneId}
      </span>
      <span className={styles.sceneMeta}>
        {scene.satName} · {formatDateTime(scene.time, timeZone, 'minute')}
      </span>
    </span>
  );
}

/** A scene's cloud cover, the first thing to look at when choosing scenes to compare. */
export function SceneCloud({ scene }: { scene: ArchiveScene }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (scene.cc === null) return null;
  return (
    <span className={styles.cloud}>{t('results.cc', { value: formatNumber(scene.cc, language, 1) })}</span>
  );
}
