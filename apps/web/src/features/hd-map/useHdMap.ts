import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { MapController } from '../../map/MapController';
import { useSessionStore } from '../auth/sessionStore';
import { useHdState } from './useHdState';

/** The session's token as the HD tiles send it, read at each tile (a later login needs no new layer). */
export const hdAuthorization = () => {
  const token = useSessionStore.getState().session?.token;
  return token ? `Bearer ${token}` : null;
};

/**
 * The HD image map for the map switch: offered only with a session (spec 000 §2 "map type HD
 * requires login"), its years from the server (DESIGN §9), chosen with the banner tip, left when
 * another base map is chosen or the session ends.
 */
export function useHdMap(controller: MapController | null) {
  const api = useApi();
  const loggedIn = useSessionStore((s) => s.session !== null);
  const state = useHdState(controller);
  const years = useQuery({
    queryKey: queryKeys.hdYears,
    queryFn: () => api.hdYears(),
    enabled: loggedIn,
    staleTime: 10 * 60_000,
  });

  useEffect(() => {
    if (!loggedIn) controller?.hd.show(null);
  }, [loggedIn, controller]);

  const newest = years.data?.years[0];
  // The banner tip comes with the HD map's own chunk (HdMapHost), which this showing loads.
  const choose = useCallback(() => {
    if (newest !== undefined) controller?.hd.show({ year: newest, compareYear: null }, hdAuthorization);
  }, [controller, newest]);

  const leave = useCallback(() => controller?.hd.show(null), [controller]);

  return {
    offered: loggedIn,
    /** false while the years are unknown or none has a mosaic: the switch shows the entry disabled */
    available: newest !== undefined,
    years: years.data?.years ?? [],
    state,
    choose,
    leave,
  };
}

/** A 401 on a tile may mean the session ended: asking /me lets the usual 3001 handling decide. */
export function useHdCredentialCheck(controller: MapController | null) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      controller?.hd.on('hdCredentialRefused', (reason) => {
        if (reason === 'noCredential') void queryClient.invalidateQueries({ queryKey: queryKeys.me });
      }),
    [controller, queryClient],
  );
}
