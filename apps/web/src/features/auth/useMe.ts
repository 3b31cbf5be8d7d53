import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useSessionStore } from './sessionStore';

/**
 * The logged-in user: shown at once from the copy stored at login, then refreshed from /me and
 * written back, so the stored user follows changes made elsewhere. The workspace asks once when it
 * opens, so a token revoked elsewhere (3001) leads to the login at once rather than at the first
 * action.
 */
export function useMe() {
  const api = useApi();
  const stored = useSessionStore((s) => s.session?.user ?? undefined);
  const setUser = useSessionStore((s) => s.setUser);
  const query = useQuery({ queryKey: queryKeys.me, queryFn: () => api.me(), placeholderData: stored });

  useEffect(() => {
    if (query.data && !query.isPlaceholderData) setUser(query.data);
  }, [query.data, query.isPlaceholderData, setUser]);

  return query.data ?? stored;
}
