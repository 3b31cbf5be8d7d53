import { type SubscriptionItemsQuery, SubscriptionLimits } from '@satportal/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { useToast } from '../../shared/ui/toast';
import { nextPageRequest } from './archiveForm';
import { type SortChoice, type SubscriptionItemsMode, useArchiveSearchStore } from './searchStore';

/**
 * A page of a subscription's new images: the first (no taskId) sorted as the list is; the next
 * ones continue the first's stored search from the count loaded.
 */
export function subscriptionItemsPage(sort: SortChoice, next?: { taskId: string; loaded: number }) {
  const query: SubscriptionItemsQuery = { sort, start: 0, length: SubscriptionLimits.itemsPageSize };
  return next ? { ...query, start: next.loaded, taskId: next.taskId } : query;
}

/**
 * The list's own pages, apart from useArchiveSearch (which the map route's first load carries):
 * get more of an AOI search or of a subscription's new images, and a subscription's new images as
 * the list (opened from the subscription centre, sorted again from the list).
 */
export function useResultPages() {
  const api = useApi();
  const message = useToast();
  const { t } = useTranslation();
  const store = useArchiveSearchStore;

  const itemsOf = async (mode: SubscriptionItemsMode, next?: { taskId: string; loaded: number }) => {
    const page = subscriptionItemsPage(store.getState().sort, next);
    const { list, total, ...rest } = await api.subscriptionItems(mode.subscriptionId, page);
    return { ...rest, images: list, count: total };
  };

  const openSubscription = useMutation({
    mutationFn: async (mode: SubscriptionItemsMode) => ({ mode, data: await itemsOf(mode) }),
    onSuccess: ({ mode, data }) => {
      if (data.images.length === 0) {
        store.getState().clearResults();
        void message.warning({ key: 'search-result', content: t('search.nodata') });
        return;
      }
      // The list belongs to the Archive tab: with the search centre open on another, it would hide.
      store.getState().setCentreTab('archive');
      store.getState().showResults(mode, data);
    },
  });

  const more = useMutation({
    mutationFn: async () => {
      const { results, sort } = store.getState();
      if (results?.mode.kind === 'subscription') {
        return itemsOf(results.mode, { taskId: results.taskId, loaded: results.images.length });
      }
      if (results?.mode.kind !== 'aoi') return null;
      const request = nextPageRequest(results.mode.request, results.taskId, results.images.length);
      return api.archiveSearch(request, sort);
    },
    onSuccess: (data) => {
      if (data) store.getState().appendResults(data);
    },
  });

  return { openSubscription, more };
}
