import { Limits, ResultCode, type StoredArchiveSearch, SubscriptionLimits } from '@satportal/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApi } from '../../api/context';
import type { Api } from '../../api/endpoints';
import { hasCode } from '../../api/errors';
import { replaceNextPlace } from '../../shared/place/placeHistory';
import { useToast } from '../../shared/ui/toast';
import {
  type ResultsState,
  type SearchMode,
  type SortChoice,
  searchPlaceOf,
  sortChoices,
  useArchiveSearchStore,
} from './searchStore';

/** The calls say "not found" themselves: a link to a purged or another account's search. */
const quiet = { handles: [ResultCode.NotFound] };

const isSortChoice = (sort: string): sort is SortChoice => (sortChoices as readonly string[]).includes(sort);

/**
 * The first page of a stored search, as its list showed it: an AOI search and a subscription's
 * new images are paged again by their taskId (the same scenes in the same order, nothing searched
 * anew); a scene-id search, a fixed list, is asked again.
 */
async function reopen(
  api: Api,
  stored: StoredArchiveSearch,
): Promise<{ mode: SearchMode; response: Omit<ResultsState, 'mode'> }> {
  if (stored.kind === 'aoi') {
    const request = { page: { start: 0, length: Limits.archivePageSize }, ...stored.request };
    const data = await api.archiveSearch({ ...request, taskId: stored.taskId }, stored.sort, quiet);
    return { mode: { kind: 'aoi', request }, response: data };
  }
  if (stored.kind === 'ids') {
    const { images, count, more, taskId } = await api.archiveSearchByIds(stored.sceneIds, quiet);
    return {
      mode: { kind: 'ids', sceneIds: stored.sceneIds },
      response: { images, count, more, taskId, ac: null },
    };
  }
  const id = stored.subscriptionId;
  const page = {
    sort: stored.sort,
    start: 0,
    length: SubscriptionLimits.itemsPageSize,
    taskId: stored.taskId,
  };
  const [subscription, items] = await Promise.all([
    api.subscription(id, quiet),
    api.subscriptionItems(id, page, quiet),
  ]);
  return {
    mode: {
      kind: 'subscription',
      subscriptionId: id,
      name: subscription.name,
      aois: [subscription.boundaries],
    },
    response: {
      images: items.list,
      count: items.total,
      ac: items.ac,
      more: items.more,
      taskId: items.taskId,
    },
  };
}

/**
 * The search and selected scene of the address bar (issue 28 #6): `place` is what the store
 * shows, `apply` makes the store show what the address bar names — the list closed or opened
 * again, a scene selected, or a search of the server opened again by its taskId (a reload, Back
 * to an earlier search, a link). A search that cannot be (purged after 30 days, another account's)
 * is said so and dropped.
 */
export function useSearchPlace() {
  const api = useApi();
  const toast = useToast();
  const { t } = useTranslation();
  const place = useArchiveSearchStore(useShallow(searchPlaceOf));

  const restore = useCallback(
    async (taskId: string, scene: string | null) => {
      const store = useArchiveSearchStore;
      store.getState().setRestoring({ taskId, scene });
      // Another search shown or named meanwhile wins.
      const stillWanted = () => store.getState().restoring?.taskId === taskId;
      try {
        const stored = await api.storedSearch(taskId, quiet);
        const { mode, response } = await reopen(api, stored);
        if (!stillWanted()) return;
        if (stored.kind === 'aoi') {
          const { condition } = stored.request;
          store.getState().setConditions({ ...condition, orbit: condition.orbit as 0 | 1 | 2 });
        }
        if ('sort' in stored && isSortChoice(stored.sort)) store.getState().setSort(stored.sort);
        // A scene-id search asked again has a new taskId, which takes the old one's place.
        if (response.taskId !== taskId) replaceNextPlace();
        store.getState().showRestored(mode, response, store.getState().restoring?.scene ?? null);
      } catch (error) {
        if (!stillWanted()) return;
        replaceNextPlace();
        store.getState().setRestoring(null);
        if (hasCode(error, ResultCode.NotFound))
          void toast.warning({ key: 'place-search', content: t('place.searchNotFound') });
      }
    },
    [api, toast, t],
  );

  const apply = useCallback(
    (search: string | null, scene: string | null) => {
      const s = useArchiveSearchStore.getState();
      if (search === null) {
        if (s.restoring) s.setRestoring(null);
        if (s.results && s.resultsOpen) s.setResultsOpen(false);
        return;
      }
      if (s.restoring?.taskId === search) {
        if (s.restoring.scene !== scene) s.setRestoring({ taskId: search, scene });
        return;
      }
      if (s.results?.taskId !== search) {
        void restore(search, scene);
        return;
      }
      if (!s.resultsOpen) s.setResultsOpen(true);
      if (scene === s.highlight) return;
      if (scene === null) s.setHighlight(null);
      else if (s.results.images.some((image) => image.sceneId === scene)) {
        s.setOnView([scene], true);
        s.setHighlight(scene);
      }
    },
    [restore],
  );

  return { place, apply };
}
