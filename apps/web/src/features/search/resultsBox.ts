import { PanelId } from '../../shared/panelStore';
import type { SearchCentreTab } from './searchStore';

/**
 * Whether the archive result box may show (spec 000 §2): it belongs to the Archive tab, so it
 * steps aside while the search centre shows another tab (the tasking prediction has its own list
 * in the panel and its passes on the map) and comes back with the Archive tab or when the panel
 * closes. The results themselves are kept.
 */
export function isResultsBoxShown(openPanel: PanelId | null, centreTab: SearchCentreTab): boolean {
  return openPanel !== PanelId.SearchCentre || centreTab === 'archive';
}
