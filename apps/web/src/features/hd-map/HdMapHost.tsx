import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { HdState } from '../../map/hdTypes';
import type { MapController } from '../../map/MapController';
import { hdAuthorization, useHdCredentialCheck } from './useHdMap';

const HdMapControls = lazy(() => import('./HdMapControls'));
const HdQuotaDialog = lazy(() => import('./HdQuotaDialog'));

/**
 * What the HD image map adds to the workspace while it is shown: its box (years, compare, copy
 * URLs) over the map and, on the first quota refusal (602, 403), the HD quota dialog. Both load on
 * demand, so the map's first JavaScript carries neither.
 */
export function HdMapHost(props: {
  controller: MapController | null;
  state: HdState | null;
  years: readonly number[];
}) {
  const { controller, state, years } = props;
  const [refusal, setRefusal] = useState<HdState['refusal']>(null);
  useHdCredentialCheck(controller);
  useEffect(() => controller?.hd.on('hdQuotaRefused', setRefusal), [controller]);
  const host = controller?.overlayHost();

  return (
    <Suspense fallback={null}>
      {controller &&
        state &&
        host &&
        createPortal(
          <HdMapControls
            controller={controller}
            state={state}
            years={years}
            authorization={hdAuthorization}
          />,
          host,
        )}
      {refusal && <HdQuotaDialog refusal={refusal} onClose={() => setRefusal(null)} />}
    </Suspense>
  );
}
