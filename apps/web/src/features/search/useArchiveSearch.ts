import { Limits } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useMapController } from '../../map/react/mapControllerContext';
import { useToast } from '../../shared/ui/toast';
import { isTipSuppressed, noTipKey } from './noTip';
import { type SearchMode, useArchiveSearchStore } from './searchStore';

/** Several scene ids separated by commas (or white space), each once, in the order typed. */
export function parseSceneIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;]+/)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, Limits.archivePageSize);
}

/**
 * Running searches: a new AOI search, the scene-id search (get more and a subscription's new images
 * are useResultPages', loaded with the list: this file is in the map route's first load). What comes
 * back goes into the search store; the list opens when there are scenes (spec 000 §4: and the AOI
 * leaves modify mode; the search centre, if open, turns to its Archive tab so the list is not
 * hidden), else the no-data warning or dialog shows.
 */
export function useArchiveSearchActions() {
  const api = useApi();
  const controller = useMapController();
  const queryClient = useQueryClient();
  const message = useToast();
  const { t } = useTranslation();
  const store = useArchiveSearchStore;

  const search = useMutation({
    mutationFn: async (mode: Exclude<SearchMode, { kind: 'subscription' }>) => {
      if (mode.kind === 'ids') {
        const data = await api.archiveSearchByIds(mode.sceneIds);
        return { mode, data: { ...data, ac: null } };
      }
      const data = await api.archiveSearch(mode.request, store.getState().sort);
      return { mode, data };
    },
    onSuccess: ({ mode, data }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.archiveSearchHistory });
      void queryClient.invalidateQueries({ queryKey: queryKeys.aoiSearchHistory });
      if (data.images.length === 0) {
        store.getState().clearResults();
        if (mode.kind === 'ids') {
          void message.warning({ key: 'search-result', content: t('search.nodata') });
        } else if (isTipSuppressed(localStorage.getItem(noTipKey), new Date())) {
          void message.warning({ key: 'search-result', content: t('search.noSceneData') });
        } else {
          store.getState().setNoArchiveOpen(true, mode.request);
        }
        return;
      }
      controller?.endAoiModify();
      store.getState().setCentreTab('archive');
      store.getState().showResults(mode, {
        images: data.images,
        count: data.count,
        ac: data.ac,
        more: data.more,
        taskId: data.taskId,
      });
      if (mode.kind === 'ids' && 'unknownIds' in data && data.unknownIds.length > 0) {
        void message.warning({
          key: 'search-result',
          content: t('search.unknownIds', { ids: data.unknownIds.join(', ') }),
        });
      }
    },
  });

  return { search };
}
