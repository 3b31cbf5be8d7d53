import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { MapController } from '../../map/MapController';
import { useToast } from '../../shared/ui/toast';
import { useSessionStore } from '../auth/sessionStore';
import { useHdState } from './useHdState';

/** Spec 000 §2: the HD banner tip shows for 3 seconds. */
export const hdBannerSeconds = 3;

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
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
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

  const choose = useCallback(() => {
    const newest = years.data?.years[0];
    if (newest === undefined) {
      toast.warning(t('hdMap.noYears'));
      return;
    }
    controller?.hd.show({ year: newest, compareYear: null }, hdAuthorization);
    toast.info({ content: t('hdMap.banner'), duration: hdBannerSeconds, key: 'hd-banner' });
  }, [controller, years.data, toast, t]);

  const leave = useCallback(() => controller?.hd.show(null), [controller]);

  return { offered: loggedIn, years: years.data?.years ?? [], state, choose, leave };
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
