import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HdState } from '../../map/hdTypes';
import type { MapController } from '../../map/MapController';
import { MapNotice, mapNoticeOrder } from '../../shared/ui/MapNotices';
import { useToast } from '../../shared/ui/toast';
import HdMapControls from './HdMapControls';
import { hdAuthorization, useHdCredentialCheck } from './useHdMap';

/** Spec 000 §2: the HD banner tip shows for 3 seconds. */
export const hdBannerSeconds = 3;

const HdQuotaDialog = lazy(() => import('./HdQuotaDialog'));

/**
 * What the HD image map adds to the workspace while it is shown: its box (years, compare, copy
 * URLs) over the map and, once the quota refused a tile (602, 403; the HD map keeps the refusal in
 * its state, so none is missed while this chunk loads), the HD quota dialog until closed. A lazy
 * chunk of its own: the map's first JavaScript carries none of it.
 */
export default function HdMapHost(props: {
  controller: MapController;
  state: HdState;
  years: readonly number[];
}) {
  const { controller, state, years } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const [closedRefusal, setClosedRefusal] = useState<HdState['refusal']>(null);
  // Mounted when HD is chosen: the banner belongs to that moment.
  useEffect(() => {
    toast.info({ content: t('hdMap.banner'), duration: hdBannerSeconds, key: 'hd-banner' });
  }, [toast, t]);
  useHdCredentialCheck(controller);
  const refusal = state.refusal !== closedRefusal ? state.refusal : null;

  return (
    <>
      {/* In the notices' column beside the tool bar, not the map's overlay container (OpenLayers'
          event handling there kept Playwright, and so assistive tools, from seeing the buttons as
          usable): a fixed box there covered the base map's notice at 1366 × 768 (issue 28 #7). */}
      <MapNotice order={mapNoticeOrder.hdControls}>
        <HdMapControls controller={controller} state={state} years={years} authorization={hdAuthorization} />
      </MapNotice>
      {refusal && (
        <Suspense fallback={null}>
          <HdQuotaDialog refusal={refusal} onClose={() => setClosedRefusal(refusal)} />
        </Suspense>
      )}
    </>
  );
}
