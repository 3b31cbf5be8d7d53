import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { usePanelStore } from '../../shared/panelStore';
import { formatPlace, historyStepOf, parsePlace } from '../../shared/place/place';
import { takeReplaceNext } from '../../shared/place/placeHistory';
import { searchPlaceOf, useArchiveSearchStore } from '../search/searchStore';
import { useSearchPlace } from '../search/useSearchPlace';

/**
 * The address bar and the workspace kept saying the same place (issue 28 #6; `shared/place`).
 * The panel and the search live in their stores, which many features change; so the address bar
 * follows the stores (a new panel or search adds a history entry, a selected scene replaces it),
 * and the stores follow the address bar when the browser moves it: the first load (a reload, a
 * link, the return from the login page), Back and Forward. A panel's own parameters (the order
 * shown, the list's filter) are not copied: the panel reads them from the address bar itself.
 */
export function usePlaceSync() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const searchPlace = useSearchPlace();
  const { apply: applySearch } = searchPlace;
  const openPanel = usePanelStore((s) => s.openPanel);
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
  }, [location.key]);

  // The stores → the address bar. Read from the stores and the address bar as they are now, not as
  // they were at this render: the effect above may just have changed them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel and the search are its triggers; it reads them afresh
  useEffect(() => {
    const now = parsePlace(window.location.search);
    const panel = usePanelStore.getState().openPanel;
    const { search, scene } = searchPlaceOf(useArchiveSearchStore.getState());
    // Another panel starts without the parameters of the one before.
    const next = { panel, inPanel: panel === now.panel ? now.inPanel : {}, search, scene };
    const step = historyStepOf(now, next);
    if (!step) return;
    const replace = takeReplaceNext() || step === 'replace';
    navigate({ search: formatPlace(next) }, { replace });
  }, [openPanel, searchPlace.place.search, searchPlace.place.scene, navigate]);
}

/** The sync as an element of its own: a selected scene re-renders it, not the whole shell. */
export function PlaceSync(): null {
  usePlaceSync();
  return null;
}
