import type { SatellitesResponse } from '@satportal/contract';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { Catalogue } from './sensorChoice';

/**
 * The satellite catalogue of a conditions tab, fetched once per session: every satellite (the
 * Archive tab), or only the taskable ones (GET /satellites?taskable=true, the Tasking tab).
 */
export function useSatelliteCatalogue(taskable: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.satellites(taskable),
    queryFn: () => api.satellites(taskable),
    staleTime: 60 * 60 * 1000,
    // Archive and subscriptions match scenes (each of its own class), tasking the sensors.
    select: taskable ? ofSensors : ofScenes,
  });
}

const ofScenes = (catalogue: SatellitesResponse): SatellitesResponse & Catalogue => ({
  ...catalogue,
  resolutionsOf: 'scenes',
});
const ofSensors = (catalogue: SatellitesResponse): SatellitesResponse & Catalogue => ({
  ...catalogue,
  resolutionsOf: 'sensor',
});
