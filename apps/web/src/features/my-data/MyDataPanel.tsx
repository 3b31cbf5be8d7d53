import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/endpoints';
import { useMapController } from '../../map/react/mapControllerContext';
import { SwipeDivider } from '../../map/react/SwipeDivider';
import { useTimeFormat } from '../auth/useTimeFormat';
import { MyDataFilterBar } from './MyDataFilterBar';
import { MyDataSceneCard } from './MyDataSceneCard';
import { MyDataSides } from './MyDataSides';
import { type MyDataFilters, positionRingsOf, sceneKeyOf } from './myData';
import styles from './myData.module.css';
import { useMyDataStore } from './myDataStore';
import { useCopyLink } from './useCopyLink';
import { useMyDataBatches, useMyDataList } from './useMyData';
import { useMyDataMap } from './useMyDataMap';

/** Spec 000 §9: search-and-position centres on the first result after 1 second. */
const positionDelayMs = 1000;

/**
 * My data (panel 3, spec 000 §2 "My data panel"): the user's delivered scenes, filtered, in a
 * 3-column list; each to the left or right list; the swipe analysis of the two; links for GIS.
 */
export default function MyDataPanel() {
  const { t } = useTranslation();
  const controller = useMapController();
  const { timeZone } = useTimeFormat();
  const store = useMyDataStore();
  const { filters, mode, left, right, inView } = store;
  const list = useMyDataList(filters, timeZone);
  const batches = useMyDataBatches();
  const copy = useCopyLink();
  const queryClient = useQueryClient();
  // A search-and-position asked and not yet done; the 1 s counts from the list's answer.
  const [positionWanted, setPositionWanted] = useState(false);

  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.list) ?? [], [list.data]);
  const total = list.data?.pages.at(-1)?.total ?? 0;
  useMyDataMap(loaded);

  useEffect(() => {
    if (!positionWanted || list.isFetching) return;
    const first = loaded[0];
    // Reset only when it fired: a reset here would clear the timer with this effect's cleanup.
    const timer = setTimeout(() => {
      setPositionWanted(false);
      if (first) controller?.fitRings(positionRingsOf(first));
    }, positionDelayMs);
    return () => clearTimeout(timer);
  }, [positionWanted, list.isFetching, loaded, controller]);

  // Search again, or a closed analysis: the list asks the server again (deliveries arrive by themselves).
  const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.myData });
  const search = (next: MyDataFilters, position: boolean) => {
    store.setFilters(next);
    if (position) setPositionWanted(true);
    reload();
  };

  const sides = new Map<string, 'left' | 'right'>([
    ...left.map((s) => [sceneKeyOf(s), 'left'] as const),
    ...right.map((s) => [sceneKeyOf(s), 'right'] as const),
  ]);
  const locked = mode === 'analysis';

  return (
    <div className={styles.panel} data-testid="my-data-panel">
      <MyDataFilterBar filters={filters} batches={batches.data ?? []} onSearch={search} />
      <MyDataSides loaded={loaded} timeZone={timeZone} onClosed={reload} />
      <span
        className={styles.counts}
        data-testid="my-data-counts"
        data-loaded={loaded.length}
        data-total={total}
      >
        {t('myData.counts', { loaded: loaded.length, total })}
      </span>
      {list.isPending ? (
        <Spin className={styles.loading} />
      ) : loaded.length === 0 ? (
        <Empty description={t('myData.empty')} />
      ) : (
        <ul className={styles.grid} data-testid="my-data-list">
          {loaded.map((scene) => {
            const key = sceneKeyOf(scene);
            return (
              <MyDataSceneCard
                key={key}
                scene={scene}
                sceneKey={key}
                side={sides.get(key) ?? null}
                inView={inView.has(key)}
                timeZone={timeZone}
                locked={locked}
                onPut={(side) => store.put(scene, side)}
                onRemove={() => store.remove(scene)}
                onToggleView={() => store.toggleView(scene)}
                onCopy={(kind) => void copy(scene, kind)}
              />
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          block
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
          data-testid="my-data-more"
        >
          {t('myData.loadMore')}
        </Button>
      )}
      {mode === 'analysis' && <SwipeDivider controller={controller} label={t('myData.swipe')} />}
    </div>
  );
}
