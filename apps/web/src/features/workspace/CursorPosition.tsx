import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { usePointerPosition } from '../../map/react/useMapEvents';
import { formatLatLon } from '../../shared/format/coordinates';
import styles from './workspace.module.css';

/** Latitude and longitude under the pointer, 6 decimals (spec 000 §2). */
export function CursorPosition() {
  const { t } = useTranslation();
  const position = usePointerPosition(useMapController());
  return (
    <div className={styles.cursorPosition} data-map-cover>
      <span className={styles.cursorLabel}>{t('map.cursorPosition')}</span>
      <span data-testid="cursor-position" className={styles.cursorValue}>
        {position ? formatLatLon(position.lat, position.lon) : t('map.cursorOutside')}
      </span>
    </div>
  );
}
