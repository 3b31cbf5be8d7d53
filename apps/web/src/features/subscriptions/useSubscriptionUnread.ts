import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';

/** spec 000 §2: the red dot asks again every 60 s (and when the window regains focus). */
export const subscriptionStatusRefreshMs = 60_000;

/**
 * Whether the subscription centre's menu button shows the red dot: a subscription matched new
 * scenes since the centre was last opened. Part of the first load, so it stays this small.
 */
export function useSubscriptionUnread(): boolean {
  const api = useApi();
  return (
    useQuery({
      queryKey: queryKeys.subscriptionStatus,
      // A background poll: a failure just leaves the dot as it was, with no message.
      queryFn: ({ signal }) => api.subscriptionStatus({ signal, quiet: true }),
      refetchInterval: subscriptionStatusRefreshMs,
      refetchOnWindowFocus: true,
      staleTime: 0,
    }).data?.unread ?? false
  );
}
