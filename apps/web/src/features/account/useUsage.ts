import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { usageRequestOfYear } from './usage';

/** The account's usage over one calendar year (the box's period and the chart's bars). */
export function useUsage(year: number) {
  const api = useApi();
  const request = usageRequestOfYear(year);
  return useQuery({
    queryKey: queryKeys.usage(request),
    queryFn: () => api.usage(request),
    // Tiles viewed a moment ago count: the box is current each time the panel opens.
    refetchOnMount: 'always',
  });
}
