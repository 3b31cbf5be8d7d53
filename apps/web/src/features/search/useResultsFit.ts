import { useEffect } from 'react';
import { useMapController } from '../../map/react/mapControllerContext';
import type { ResultsState, SearchMode } from './searchStore';

/** Every ring of every footprint (a scene's or a pass's parts), for fitting the map to them. */
export const footprintRingsOf = (footprints: readonly { boundaries: number[][][] }[]) =>
  footprints.flatMap((footprint) => footprint.boundaries);

// Each search is fitted once, even when the list is mounted again (panels closed and opened).
const fittedSearches = new WeakSet<SearchMode>();

/**
 * Fits the map to a new search's results once the result list is on screen (issue 18), so the fit
 * keeps clear of it: an AOI search its AOIs, a scene-id search and a subscription's new images the
 * footprints found. Get more and sorting keep the view.
 */
export function useResultsFit(results: ResultsState | null, listShown: boolean) {
  const controller = useMapController();
  useEffect(() => {
    if (!controller || !results || !listShown || fittedSearches.has(results.mode)) return;
    fittedSearches.add(results.mode);
    if (results.mode.kind === 'aoi') controller.fitAreas(results.mode.request.aois);
    else controller.fitRings(footprintRingsOf(results.images));
  }, [controller, results, listShown]);
}
