import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { usePanelStore } from '../../shared/panelStore';
import { formatPlace, historyStepOf, type PlaceDialog, parsePlace } from '../../shared/place/place';
import { replaceNextPlace, takeReplaceNext } from '../../shared/place/placeHistory';
import { useCartStore } from '../cart/cartStore';
import { type OrderDialog, useOrderDialogStore } from '../ordering/orderDialogStore';
import { searchPlaceOf, useArchiveSearchStore } from '../search/searchStore';
import { useSearchPlace } from '../search/useSearchPlace';

/** The place the open order dialog is: the cart's (archive) dialog only; the others live on it. */
const dialogPlace = (dialog: OrderDialog): PlaceDialog | null =>
  dialog?.kind === 'archive' ? 'order' : null;

/**
 * The address bar and the workspace kept saying the same place (issue 28 #6; `shared/place`).
 * The panel and the search live in their stores, which many features change; so the address bar
 * follows the stores (a new panel or search adds a history entry, a selected scene replaces it),
 * and the stores follow the address bar when the browser moves it: the first load (a reload, a
 * link, the return from the login page), Back and Forward. A panel's own parameters (the order
 * shown, the list's filter) are not copied: the panel reads them from the address bar itself.
 * The cart's order dialog is a step of its own (`dialog=order`): Back closes it; closing it
 * replaces its step.
 */
export function usePlaceSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const searchPlace = useSearchPlace();
  const { apply: applySearch } = searchPlace;
  const openPanel = usePanelStore((s) => s.openPanel);
  const orderDialogPlace = useOrderDialogStore((s) => dialogPlace(s.dialog));
  const mounted = useRef(false);

  // The address bar → the stores. Our own steps (PUSH, REPLACE) already match them: only the
  // browser's (POP) and the page's first place are applied, before the page is painted, so a
  // reload or Back never shows the place before it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new location, read whole when it comes
  useLayoutEffect(() => {
    if (mounted.current && navigationType !== 'POP') return;
    mounted.current = true;
    const wanted = parsePlace(location.search);
    const panels = usePanelStore.getState();
    if (panels.openPanel !== wanted.panel) {
      if (wanted.panel === null) panels.close();
      else panels.open(wanted.panel);
    }
    applySearch(wanted.search, wanted.scene);
    const dialogs = useOrderDialogStore.getState();
    const shown = dialogPlace(dialogs.dialog);
    if (wanted.dialog === 'order' && shown !== 'order') {
      // Only over a cart with scenes (a link opened elsewhere finds none): else the address bar
      // drops it without a step.
      if (useCartStore.getState().scenes.size > 0) dialogs.openArchive();
      else replaceNextPlace();
    } else if (wanted.dialog === null && shown === 'order') dialogs.close();
  }, [location.key]);

  // The stores → the address bar. Read from the stores and the address bar as they are now, not as
  // they were at this render: the effect above may just have changed them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel and the search are its triggers; it reads them afresh
  useEffect(() => {
    const now = parsePlace(window.location.search);
    const panel = usePanelStore.getState().openPanel;
    const { search, scene } = searchPlaceOf(useArchiveSearchStore.getState());
    // Another panel starts without the parameters of the one before.
    const dialog = dialogPlace(useOrderDialogStore.getState().dialog);
    const next = { panel, inPanel: panel === now.panel ? now.inPanel : {}, search, scene, dialog };
    const step = historyStepOf(now, next);
    if (!step) return;
    // A closed dialog (cancelled, or the order placed) replaces its step rather than adding one.
    // Not a step back over it: Back's place arrives later, and would undo what the user did
    // meanwhile (the success dialog's "Order centre" opens the panel at once).
    const replace = takeReplaceNext() || step === 'replace' || (now.dialog !== null && dialog === null);
    navigate({ search: formatPlace(next) }, { replace });
  }, [openPanel, searchPlace.place.search, searchPlace.place.scene, orderDialogPlace, navigate]);
}

/** The sync as an element of its own: a selected scene re-renders it, not the whole shell. */
export function PlaceSync(): null {
  usePlaceSync();
  return null;
}
