import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapEvent } from '../../map/react/useMapEvents';
import { MapNotice, mapNoticeOrder } from '../../shared/ui/MapNotices';
import styles from './baseMapNotice.module.css';

/**
 * Said over the map while the chosen online base map's tiles keep failing (issue 18): without it a
 * user sees only the offline map's borders and takes the map for broken. It stays until tiles load
 * again (a toast would fade while the cause remains); Retry asks for the tiles once more and hides
 * it until they fail again. Choosing another base map, the offline one included, also hides it; so
 * does closing it.
 */
export function BaseMapNotice() {
  const { t } = useTranslation();
  const controller = useMapController();
  const failed = useMapEvent(controller, 'baseMapFailed', (c) => c?.tiles.isFailing() ?? false);
  if (!failed || !controller) return null;
  return (
    <MapNotice order={mapNoticeOrder.baseMapFailed}>
      <Alert
        className={styles.notice}
        type="warning"
        showIcon
        // One compact block, not title over description: it sits over the map and must hide little of it.
        title={
          <>
            <strong>{t('map.baseMapFailedTitle')}</strong> {t('map.baseMapFailed')}
          </>
        }
        // Closed, it comes back with the next failure (it is unmounted while tiles load).
        closable={{ 'aria-label': t('common.close') }}
        action={
          <Button size="small" onClick={() => controller.tiles.retry()} data-testid="base-map-retry">
            {t('map.baseMapRetry')}
          </Button>
        }
        data-testid="base-map-notice"
        data-map-cover
      />
    </MapNotice>
  );
}
