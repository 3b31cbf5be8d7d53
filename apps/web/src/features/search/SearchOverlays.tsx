import { lazy, useEffect } from 'react';
import { withLaterMessages } from '../../i18n';
import { useMapController } from '../../map/react/mapControllerContext';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { LoadWhen } from '../../shared/ui/LoadWhen';
import { useCartStore } from '../cart/cartStore';
import { useOrderDialogStore } from '../ordering/orderDialogStore';
import { useTaskingStore } from '../tasking/taskingStore';
import { SceneIdSearch } from './SceneIdSearch';
import { useArchiveSearchStore } from './searchStore';
import { ZoomHdTip } from './ZoomHdTip';

// Loaded with the first results (or the first search without any): the workspace opens without
// their code (the list, the dialog's date pickers and tabs, the compare slider).
const loadResultsPanel = withLaterMessages(() => import('./ResultsPanel'));
const loadSceneMapBinding = withLaterMessages(() => import('./SceneMapBinding'));
const ResultsPanel = lazy(() => loadResultsPanel().then((m) => ({ default: m.ResultsPanel })));
const NoArchiveDialog = lazy(() =>
  withLaterMessages(() => import('./NoArchiveDialog'))().then((m) => ({ default: m.NoArchiveDialog })),
);
const SceneMapBinding = lazy(() => loadSceneMapBinding().then((m) => ({ default: m.SceneMapBinding })));
// The cart box and its area calculation: loaded once the cart has scenes (a stored cart: at once).
const CartBox = lazy(withLaterMessages(() => import('../cart/CartBox')));
const openArchiveOrder = () => useOrderDialogStore.getState().openArchive();

/**
 * What the archive search puts on the workspace outside its panel: the id box, the result list,
 * the no-archive dialog, the zoom-to-HD tip, the scenes on the map and the cart box.
 */
export default function SearchOverlays() {
  const hasResults = useArchiveSearchStore((s) => s.results !== null);
  const noArchive = useArchiveSearchStore((s) => s.noArchiveOpen);
  const cartShown = useCartStore((s) => s.boxOpen || s.scenes.size > 0);
  const controller = useMapController();
  const searchCentreOpen = usePanelStore((s) => s.openPanel === PanelId.SearchCentre);
  // The search centre is open: a search is coming. The code that shows its results loads while the
  // user fills the form, so the first results appear as fast as the next ones.
  useEffect(() => {
    if (!searchCentreOpen) return;
    void loadResultsPanel();
    void loadSceneMapBinding();
    controller?.prepareSceneLayers();
  }, [searchCentreOpen, controller]);
  // Results and passes of an AOI that left the map would point at nothing (issue 18): they go too.
  useEffect(
    () =>
      controller?.on('currentAoiRemoved', (removed) => {
        useArchiveSearchStore.getState().clearResultsOfAoi(removed.geojson);
        useTaskingStore.getState().clearPredictionOfAoi(removed.geojson);
      }),
    [controller],
  );
  return (
    <>
      <SceneIdSearch />
      <LoadWhen when={hasResults}>
        <ResultsPanel />
        <SceneMapBinding />
      </LoadWhen>
      <LoadWhen when={noArchive}>
        <NoArchiveDialog />
      </LoadWhen>
      <ZoomHdTip />
      <LoadWhen when={cartShown}>
        <CartBox onOrder={openArchiveOrder} />
      </LoadWhen>
    </>
  );
}
