import type { ArchiveSearchHistoryEntry } from '@satportal/contract';
import { Descriptions, Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { useTimeFormat } from '../auth/useTimeFormat';
import { ClearHistoryButton } from './ClearHistoryButton';
import styles from './histories.module.css';
import { aoiNames, conditionSummary, sensorKey } from './summary';
import { useArchiveSearchHistory } from './useHistories';

interface ArchiveSearchHistoryProps {
  /**
   * A search chosen from the history. Its details open here; the archive search (issue 5) passes
   * this to run the search again with the entry's conditions.
   */
  onSelect?(entry: ArchiveSearchHistoryEntry): void;
}

/** The archive search history (spec 001 §2): the last 10 searches with their conditions, sensor, satellites and AOIs. */
export function ArchiveSearchHistory({ onSelect }: ArchiveSearchHistoryProps) {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();
  const history = useArchiveSearchHistory();
  const [open, setOpen] = useState<number | null>(null);
  const list = history.data?.list ?? [];

  if (history.isPending) return <Spin />;
  return (
    <div data-testid="archive-search-history">
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <ul className={styles.list}>
          {list.map((entry) => {
            const conditions = conditionSummary(entry.condition)
              .map((part) => t(part.key, part.params))
              .join(' · ');
            const groups = entry.satGroups.map((g) => g.category).join(', ');
            const aois = aoiNames(entry.aois, t('history.unnamed'));
            const isOpen = open === entry.id;
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  className={`${styles.item} ${isOpen ? styles.itemOpen : ''}`}
                  aria-expanded={isOpen}
                  onClick={() => {
                    setOpen(isOpen ? null : entry.id);
                    onSelect?.(entry);
                  }}
                  data-testid="archive-history-entry"
                >
                  <span className={styles.itemHead}>
                    <span className={styles.itemName}>{aois}</span>
                    <span className={styles.itemMeta}>{formatDateTime(entry.searchTime, timeZone)}</span>
                  </span>
                  <span className={styles.itemSub}>{conditions}</span>
                </button>
                {isOpen && (
                  <Descriptions
                    className={styles.details}
                    column={1}
                    size="small"
                    items={[
                      { key: 'conditions', label: t('history.conditions'), children: conditions },
                      { key: 'sensor', label: t('history.sensor'), children: t(sensorKey(entry.sensor)) },
                      {
                        key: 'satellites',
                        label: t('history.satellites'),
                        children: [groups, t('history.satelliteCount', { count: entry.satIds.length })]
                          .filter(Boolean)
                          .join(' · '),
                      },
                      { key: 'aois', label: t('history.aois'), children: aois },
                      {
                        key: 'time',
                        label: t('history.searchTime'),
                        children: formatDateTime(entry.searchTime, timeZone),
                      },
                    ]}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ClearHistoryButton which="archive" disabled={list.length === 0} />
    </div>
  );
}
