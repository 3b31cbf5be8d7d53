import { HistoryOutlined } from '@ant-design/icons';
import { type ArchiveSearchHistoryEntry, Limits } from '@satportal/contract';
import { Button, Input, Popover, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withLaterMessages } from '../../i18n';
import { usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';
import { parseSceneIds, useArchiveSearchActions } from './useArchiveSearch';

// Loaded when the history is first opened: the workspace's first load does without it.
const ArchiveSearchHistory = lazy(() =>
  withLaterMessages(() => import('../histories/ArchiveSearchHistory'))().then((m) => ({
    default: m.ArchiveSearchHistory,
  })),
);

/**
 * The map's second search row (spec 000 §2): the scene-id box (several ids separated by commas)
 * and the recent archive searches (last 10), each of which runs again when chosen.
 */
export function SceneIdSearch() {
  const { t } = useTranslation();
  const message = useToast();
  const besidePanel = usePanelStore((s) => s.openPanel !== null);
  const { search } = useArchiveSearchActions();
  const [text, setText] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);

  const searchIds = (value: string) => {
    const sceneIds = parseSceneIds(value);
    if (sceneIds.length === 0) {
      void message.warning({ key: 'scene-id-search', content: t('search.noSceneId') });
      return;
    }
    search.mutate({ kind: 'ids', sceneIds });
  };

  const rerun = (entry: ArchiveSearchHistoryEntry) => {
    setHistoryOpen(false);
    const request = {
      page: { start: 0, length: Limits.archivePageSize },
      taskId: null,
      aois: entry.aois,
      condition: entry.condition,
      satIds: entry.satIds,
      sensor: entry.sensor,
    };
    useArchiveSearchStore
      .getState()
      .setConditions({ ...entry.condition, orbit: entry.condition.orbit as 0 | 1 | 2 });
    search.mutate({ kind: 'aoi', request });
  };

  return (
    <div
      className={`${styles.mapSearchRow} ${besidePanel ? styles.mapSearchRowBesidePanel : ''}`}
      data-testid="scene-id-search"
      data-map-cover
    >
      <Input.Search
        className={styles.sceneIdBox}
        value={text}
        allowClear
        aria-label={t('search.sceneIdSearch')}
        placeholder={t('search.sceneIdPlaceholder')}
        loading={search.isPending && search.variables?.kind === 'ids'}
        onChange={(e) => setText(e.target.value)}
        onSearch={searchIds}
      />
      <Popover
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        trigger="click"
        placement="bottomLeft"
        title={t('search.recentSearches')}
        content={
          <div className={styles.historyPopover}>
            {historyOpen && (
              <Suspense fallback={<Spin />}>
                <ArchiveSearchHistory onSelect={rerun} />
              </Suspense>
            )}
          </div>
        }
        destroyOnHidden
      >
        <Tooltip title={t('search.recentSearches')}>
          <Button
            icon={<HistoryOutlined />}
            aria-label={t('search.recentSearches')}
            data-testid="recent-searches"
          />
        </Tooltip>
      </Popover>
    </div>
  );
}
