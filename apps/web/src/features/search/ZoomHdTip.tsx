import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapState } from '../../map/react/useMapEvents';
import { MapNotice, mapNoticeOrder } from '../../shared/ui/MapNotices';
import styles from './search.module.css';
import { isZoomHdTipDue, zoomHdTipKey, zoomHdTipSuppressed } from './zoomHdTip';

/**
 * The zoom-to-HD tip box (spec 000 §2): shown while the map is zoomed in beyond level 12. Closing
 * it hides it until the map next comes back to 12 or below; "don't show again" stores
 * `isNoZoomHdTip` and it never shows again in this browser.
 */
export function ZoomHdTip() {
  const { t } = useTranslation();
  const zoom = useMapState(useMapController())?.view.zoom ?? 0;
  const [stored, setStored] = useState(() => localStorage.getItem(zoomHdTipKey));
  const [closed, setClosed] = useState(false);
  const due = isZoomHdTipDue(zoom, stored);

  // Back at 12 or below, a closed tip may show again next time.
  useEffect(() => {
    if (!isZoomHdTipDue(zoom, null)) setClosed(false);
  }, [zoom]);

  if (!due || closed) return null;

  const neverAgain = () => {
    localStorage.setItem(zoomHdTipKey, zoomHdTipSuppressed);
    setStored(zoomHdTipSuppressed);
  };

  return (
    <MapNotice order={mapNoticeOrder.zoomHdTip}>
      <aside
        className={styles.hdTip}
        data-testid="zoom-hd-tip"
        aria-label={t('map.hdTipTitle')}
        data-map-cover
      >
        <header className={styles.hdTipHeader}>
          <strong>{t('map.hdTipTitle')}</strong>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('common.close')}
            onClick={() => setClosed(true)}
            data-testid="zoom-hd-tip-close"
          />
        </header>
        <p className={styles.hdTipText}>{t('map.hdTip')}</p>
        <Button
          type="link"
          size="small"
          className={styles.hdTipNever}
          onClick={neverAgain}
          data-testid="zoom-hd-tip-never"
        >
          {t('map.hdTipNever')}
        </Button>
      </aside>
    </MapNotice>
  );
}
