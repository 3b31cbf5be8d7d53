import { ResultCode } from '@satportal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useToast } from '../../shared/ui/toast';
import { listQueryOf, type SubscriptionFilter } from './subscriptionCentre';
import { subscriptionStatusRefreshMs } from './useSubscriptionUnread';

/**
 * One page of the centre's list (10 from `start`; "Load more" adds the next). Pages rather than an
 * infinite query, as the order centre: each page refreshes by itself while the centre is open.
 */
export function useSubscriptionPage(filter: SubscriptionFilter, start: number) {
  const api = useApi();
  const query = listQueryOf(filter, start);
  return useQuery({
    queryKey: queryKeys.subscriptionList(query),
    queryFn: ({ signal }) => api.subscriptions(query, { signal }),
    // Matches arrive by themselves (new scenes): every showing of the list asks again.
    staleTime: 0,
    refetchInterval: subscriptionStatusRefreshMs,
  });
}

/** One subscription on its own (a link to it, issue 28 #6); "not found" is the detail's to say. */
export function useSubscription(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.subscription(id),
    queryFn: ({ signal }) => api.subscription(id, { signal, handles: [ResultCode.NotFound] }),
    staleTime: 0,
    refetchInterval: subscriptionStatusRefreshMs,
  });
}

/** Delete one subscription (confirmed by the caller), then the lists and the dot ask again. */
export function useDeleteSubscription() {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: number) => api.deleteSubscription(id),
    onSuccess: async () => {
      void toast.success(t('subscriptionCentre.deleted'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
    },
  });
}

/**
 * Opening the centre marks the subscriptions read (spec 000 §2, 001 §6): the dot goes at once, and
 * again whenever the poll finds new matches while the centre is open (the lists then ask again).
 */
export function useMarkSubscriptionsRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: queryKeys.subscriptionStatus,
    queryFn: ({ signal }) => api.subscriptionStatus({ signal, quiet: true }),
    select: (data) => data.unread,
  }).data;
  const { mutate } = useMutation({
    mutationFn: () => api.markSubscriptionsRead(),
    onSuccess: () => queryClient.setQueryData(queryKeys.subscriptionStatus, { unread: false }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks read on opening and on each new unread, not on every render
  useEffect(() => {
    if (unread === false) return;
    mutate();
    if (unread) void queryClient.invalidateQueries({ queryKey: queryKeys.subscriptions });
  }, [unread]);
}
