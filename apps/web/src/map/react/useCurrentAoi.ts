import type { CurrentAoi } from '../types';
import { useMapController } from './mapControllerContext';
import { useMapEvent } from './useMapEvents';

/** The AOI a search or prediction will use, as the map reports it (null before the map has loaded). */
export function useCurrentAoi(): CurrentAoi | null {
  const controller = useMapController();
  return useMapEvent(controller, 'currentAoiChanged', (c) => c?.getCurrentAoi() ?? null);
}
