import { useTranslation } from 'react-i18next';
import { formatLatLon } from '../../shared/format/coordinates';
import { useMapController } from './mapControllerContext';
import { usePointerPosition } from './useMapEvents';
import styles from './workspace.module.css';

/** Latitude and longitude under the pointer, 6 decimals (spec 000 §2). */
export function CursorPosition() {
  const { t } = useTranslation();
  const position = usePointerPosition(useMapController());
  return (
    <div className={styles.cursorPosition}>
      <span className={styles.cursorLabel}>{t('map.cursorPosition')}</span>
      <span data-testid="cursor-position" className={styles.cursorValue}>
        {position ? formatLatLon(position.lat, position.lon) : t('map.cursorOutside')}
      </span>
    </div>
  );
}
