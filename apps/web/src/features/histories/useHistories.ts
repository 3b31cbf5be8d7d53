import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useToast } from '../../shared/ui/toast';

/** The last 10 AOIs searched (spec 001 §2 Histories), asked again whenever it is shown: searches add to it. */
export function useAoiSearchHistory() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.aoiSearchHistory,
    queryFn: () => api.aoiSearchHistory(),
    refetchOnMount: 'always',
  });
}

/** The last 10 archive searches (spec 001 §2 Histories). */
export function useArchiveSearchHistory() {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.archiveSearchHistory,
    queryFn: () => api.archiveSearchHistory(),
    refetchOnMount: 'always',
  });
}

/** Clear one history; the list empties once the server has done it. */
export function useClearHistory(which: 'aoi' | 'archive') {
  const api = useApi();
  const queryClient = useQueryClient();
  const message = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: () => (which === 'aoi' ? api.clearAoiSearchHistory() : api.clearArchiveSearchHistory()),
    onSuccess: async () => {
      void message.success(t('history.cleared'));
      await queryClient.invalidateQueries({
        queryKey: which === 'aoi' ? queryKeys.aoiSearchHistory : queryKeys.archiveSearchHistory,
      });
    },
  });
}
