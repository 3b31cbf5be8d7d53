import { useEffect, useState } from 'react';
import type { HdState } from '../../map/hdTypes';
import type { MapController } from '../../map/MapController';

/** The HD image map as the controller shows it (null while another base map is chosen). */
export function useHdState(controller: MapController | null): HdState | null {
  const [state, setState] = useState<HdState | null>(null);
  useEffect(() => {
    setState(controller?.hd.getState() ?? null);
    return controller?.hd.on('hdChanged', setState);
  }, [controller]);
  return state;
}
