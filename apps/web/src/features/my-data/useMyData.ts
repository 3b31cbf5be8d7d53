import { MyDataPageSize } from '@satportal/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { listRequestOf, type MyDataFilters } from './myData';

/**
 * The delivered scenes matching the filters, 1000 a page (spec 000 §9); "load more" asks the next
 * page from the loaded count. Deliveries arrive by themselves: each showing asks again.
 */
export function useMyDataList(filters: MyDataFilters, timeZone: string) {
  const api = useApi();
  const request = listRequestOf(filters, timeZone);
  return useInfiniteQuery({
    queryKey: queryKeys.myDataList(request),
    queryFn: ({ pageParam, signal }) =>
      api.myDataScenes({ ...request, start: pageParam, length: MyDataPageSize }, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.more ? pages.reduce((count, page) => count + page.list.length, 0) : undefined,
    staleTime: 0,
  });
}

/** The batch names for the filter's choice (a batch is one order's delivery). */
export function useMyDataBatches() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.myDataBatches,
    queryFn: ({ signal }) => api.myDataBatches({ signal }),
    staleTime: 0,
  });
}
