import { Limits, ResultCode } from '@satportal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { saveFile } from '../../shared/download';
import { useToast } from '../../shared/ui/toast';
import { type OrderFilter, refreshMsFor, statusOfTab } from './orderCentre';

/**
 * One page of the order list (10 from `start`; "Load more" adds the next page). Each page's
 * observer lives while the panel is mounted, so the refresh (10 s while an order is under way, else
 * 120 s: `refreshMsFor`) runs only while the order centre is open. (Pages rather than an infinite query: its observer would weigh on the first load.)
 */
export function useOrderPage(filter: OrderFilter, start: number) {
  const api = useApi();
  const query = {
    status: statusOfTab(filter.tab),
    ...(filter.tag ? { tag: filter.tag } : {}),
    ...(filter.search.trim() ? { number: filter.search.trim() } : {}),
  };
  return useQuery({
    queryKey: [...queryKeys.orderList(query), start],
    queryFn: ({ signal }) => api.orders({ ...query, start, length: Limits.orderPageSize }, { signal }),
    refetchInterval: (current) => refreshMsFor(current.state.data?.list.map((order) => order.status) ?? []),
    // Orders move by themselves (audit, delivery): every showing of the list asks again, unlike
    // the app's other lists, which stay fresh for a minute.
    staleTime: 0,
  });
}

/** The user's tags (the filter, the tag editor's choices). */
export function useOrderTags() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.orderTags, queryFn: () => api.orderTags() });
}

/** One order's detail (`oi.od`), refreshed with the list while it is open. */
export function useOrderDetail(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.orderDetail(id),
    // A link to another account's order or one that is gone: the detail says so itself.
    queryFn: ({ signal }) => api.orderDetail(id, { signal, handles: [ResultCode.NotFound] }),
    select: (data) => data.oi.od,
    refetchInterval: (current) => refreshMsFor(current.state.data ? [current.state.data.oi.od.status] : []),
    staleTime: 0,
  });
}

/** Changes of one order: its tag (set, rename or change; delete) and cancelling it. */
export function useOrderChanges(id: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.orders }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orderDetail(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.orderTags }),
    ]);
  };

  const setTag = useMutation({
    mutationFn: (tag: string) => api.renameOrderTag(id, tag.trim()),
    onSuccess: async () => {
      void toast.success(t('orderCentre.tagSaved'));
      await refresh();
    },
  });

  const deleteTag = useMutation({
    mutationFn: () => api.deleteOrderTag(id),
    onSuccess: async () => {
      void toast.success(t('orderCentre.tagDeleted'));
      await refresh();
    },
  });

  /** 2000: cancelled; 2001: cancelled but for the parts already delivered, said as a warning (spec 001 §4). */
  const cancel = useMutation({
    mutationFn: () => api.cancelOrder(id),
    onSuccess: async (answer) => {
      if (answer.code === ResultCode.PartialSuccess) void toast.warning(t('order.partiallyCancelled'));
      else void toast.success(t('order.cancelled'));
      await refresh();
    },
  });

  return { setTag, deleteTag, cancel };
}

/** A delivered package through its signed link, with the session, saved under the server's file name. */
export function usePackageDownload() {
  const api = useApi();
  return useMutation({
    // spec 001 §8: a file without content-disposition
    mutationFn: (pkgUrl: string) => api.downloadPackage(pkgUrl, 'orderCentre.downloadFailed'),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
