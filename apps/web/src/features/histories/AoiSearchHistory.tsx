import { Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useToast } from '../../shared/ui/toast';
import { useTimeFormat } from '../auth/useTimeFormat';
import { ClearHistoryButton } from './ClearHistoryButton';
import styles from './histories.module.css';
import { historyAreaId } from './summary';
import { useAoiSearchHistory } from './useHistories';

/**
 * The AOI search history (spec 001 §2): the last 10 AOIs searched with their area (whole km²) and
 * the last query time in the user's zone; clicking one shows it on the map.
 */
export function AoiSearchHistory() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const controller = useMapController();
  const message = useToast();
  const history = useAoiSearchHistory();
  const list = history.data?.list ?? [];

  if (history.isPending) return <Spin />;
  return (
    <div data-testid="aoi-search-history">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <ul className={styles.list}>
          {list.map((entry) => {
            const name = entry.aoi.name?.trim() || t('history.unnamed');
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  className={styles.item}
                  title={t('history.showOnMap')}
                  disabled={!controller}
                  onClick={() => {
                    const outcome = controller?.showSavedArea({
                      id: historyAreaId(entry.id),
                      name,
                      geojson: entry.aoi.geojson,
                    });
                    if (outcome === 'alreadyShown') void message.info(t('tip.alreadyAdded'));
                  }}
                  data-testid="aoi-history-entry"
                >
                  <span className={styles.itemHead}>
                    <span className={styles.itemName}>{name}</span>
                    <span className={styles.itemMeta}>
                      {t('aoi.areaKm2', { area: formatNumber(entry.area, language) })}
                    </span>
                  </span>
                  <span className={styles.itemSub}>
                    {t('history.lastQuery')}: {formatDateTime(entry.lastQueryTime, timeZone)}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ClearHistoryButton which="aoi" disabled={list.length === 0} />
    </div>
  );
}
