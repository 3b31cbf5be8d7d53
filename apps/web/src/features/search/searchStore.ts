import type { Aoi, ArchiveScene, ArchiveSearchRequest, ArchiveSearchResponse } from '@satportal/contract';
import { create } from 'zustand';
import { isSearchedShape } from '../../shared/conditions/conditions';
import { type ConditionsState, conditionsState } from '../../shared/conditions/conditionsStore';
import { browserTimeZone } from '../../shared/format/dates';
import type { CartSearch } from '../cart/cartStore';
import { type ArchiveConditions, defaultConditions } from './archiveForm';

/** Sort choices of the result list, sent as `?sort=` (ArchiveSortKeys of the contract). */
export const sortChoices = ['time,desc', 'time,asc', 'cc,asc', 'ona,asc', 'gsd,asc'] as const;
export type SortChoice = (typeof sortChoices)[number];

/**
 * The search that produced the list: by AOI criteria (get more continues it), by scene ids, or a
 * subscription's new images (get more continues its items; the cart clips to its AOI).
 */
export type SearchMode =
  | { kind: 'aoi'; request: ArchiveSearchRequest }
  | { kind: 'ids'; sceneIds: string[] }
  | SubscriptionItemsMode;

/** A subscription's new images as the list's search. */
export type SubscriptionItemsMode = {
  kind: 'subscription';
  subscriptionId: number;
  name: string;
  aois: Aoi[];
};

/** The search centre's tabs (spec 000 §2): Archive, Tasking, AOI Subscription. */
export type SearchCentreTab = 'archive' | 'tasking' | 'subscription';

export interface ResultsState {
  mode: SearchMode;
  images: ArchiveScene[];
  count: number;
  /** AOI coverage of all matches, %; null for a scene-id search. */
  ac: number | null;
  more: boolean;
  taskId: string;
}

/** Where scenes added to the cart from this list come from: the search's taskId and AOIs (none by scene id). */
export const cartSearchOf = (results: ResultsState): CartSearch => ({
  taskId: results.taskId,
  aois:
    results.mode.kind === 'aoi'
      ? results.mode.request.aois
      : results.mode.kind === 'subscription'
        ? results.mode.aois
        : null,
});

/** A search being opened again from the address bar. */
export interface Restoring {
  taskId: string;
  scene: string | null;
}

export type NoArchiveTab = 'tasking' | 'subscription';

interface ArchiveSearchState extends ConditionsState<ArchiveConditions> {
  sort: SortChoice;
  results: ResultsState | null;
  resultsOpen: boolean;
  /** The result box folded to its header (the map behind it freed); a new result set unfolds it. */
  resultsCollapsed: boolean;
  /** Scenes whose quicklook is on the map, in the order they were shown. */
  onView: string[];
  /** The one current highlight (spec 000 §4). */
  highlight: string | null;
  /** The no-archive dialog (spec 000 §2) after a search without scenes. */
  noArchiveOpen: boolean;
  /** The AOI search that found nothing: the dialog's subscription tab subscribes it. */
  noArchiveRequest: ArchiveSearchRequest | null;
  /**
   * The dialog's tab, here rather than in the dialog: the choice outlives a remount of the dialog
   * (an e2e run saw the subscription tab fall back to Tasking). Each opening starts on Tasking.
   */
  noArchiveTab: NoArchiveTab;
  /** The scene under the pointer in the list (its footprint is outlined on the map). */
  hovered: string | null;
  /** The search centre's tab, kept while the panel is closed (the result box hides beside another tab). */
  centreTab: SearchCentreTab;
  /**
   * A search the address bar names being opened again (issue 28 #6: a reload, Back, a link): its
   * taskId and the scene to select once its results are in. Any results shown end it.
   */
  restoring: Restoring | null;

  setCentreTab(tab: SearchCentreTab): void;
  setRestoring(restoring: Restoring | null): void;
  /** The results of a search opened again, with its selected scene when the results hold it. */
  showRestored(mode: SearchMode, response: Omit<ResultsState, 'mode'>, scene: string | null): void;

  setHovered(sceneId: string | null): void;

  /** Opening names the search that found nothing. */
  setNoArchiveOpen(open: boolean, request?: ArchiveSearchRequest): void;
  setNoArchiveTab(tab: NoArchiveTab): void;
  setSort(sort: SortChoice): void;
  showResults(mode: SearchMode, response: Omit<ResultsState, 'mode'>): void;
  appendResults(response: ArchiveSearchResponse): void;
  setResultsOpen(open: boolean): void;
  setResultsCollapsed(collapsed: boolean): void;
  setOnView(sceneIds: readonly string[], on: boolean): void;
  setHighlight(sceneId: string | null): void;
  clearResults(): void;
  /**
   * An AOI left the map (its drawing or saved AOI deleted): the results of a search over it go
   * with it, list, footprints, quicklooks and highlight (issue 18); other results stay.
   */
  clearResultsOfAoi(shape: { type: string; coordinates: unknown }): void;
}

/** The selected scene shown and highlighted, as a click on it does; none when the list lacks it. */
function selectionOf(images: readonly ArchiveScene[], scene: string | null) {
  const found = scene !== null && images.some((image) => image.sceneId === scene);
  return found ? { onView: [scene], highlight: scene } : { onView: [], highlight: null };
}

/**
 * The search and selected scene the address bar names for this state (issue 28 #6): the results
 * while their list is open (closing it is a step Back undoes), or the search being opened again.
 */
export function searchPlaceOf(
  s: Pick<ArchiveSearchState, 'results' | 'resultsOpen' | 'highlight' | 'restoring'>,
): { search: string | null; scene: string | null } {
  if (s.restoring) return { search: s.restoring.taskId, scene: s.restoring.scene };
  if (!s.results || !s.resultsOpen) return { search: null, scene: null };
  return { search: s.results.taskId, scene: s.highlight };
}

const noResults = {
  restoring: null,
  results: null,
  resultsOpen: false,
  resultsCollapsed: false,
  onView: [],
  highlight: null,
  hovered: null,
};

export const useArchiveSearchStore = create<ArchiveSearchState>()((set) => ({
  ...conditionsState(set, defaultConditions, browserTimeZone()),
  sort: 'time,desc',
  results: null,
  resultsOpen: false,
  resultsCollapsed: false,
  onView: [],
  highlight: null,
  noArchiveOpen: false,
  noArchiveRequest: null,
  noArchiveTab: 'tasking',
  hovered: null,
  centreTab: 'archive',
  restoring: null,

  setCentreTab: (centreTab) => set({ centreTab }),
  setRestoring: (restoring) => set({ restoring }),
  showRestored: (mode, response, scene) =>
    set({
      restoring: null,
      results: { mode, ...response },
      resultsOpen: true,
      resultsCollapsed: false,
      ...selectionOf(response.images, scene),
    }),
  setHovered: (hovered) => set({ hovered }),

  setNoArchiveOpen: (noArchiveOpen, request) =>
    set((s) =>
      noArchiveOpen
        ? {
            noArchiveOpen,
            noArchiveRequest: request ?? null,
            noArchiveTab: s.noArchiveOpen ? s.noArchiveTab : 'tasking',
          }
        : { noArchiveOpen },
    ),
  setNoArchiveTab: (noArchiveTab) => set({ noArchiveTab }),
  setSort: (sort) => set({ sort }),
  showResults: (mode, response) =>
    set({
      restoring: null,
      results: { mode, ...response },
      resultsOpen: true,
      resultsCollapsed: false,
      onView: [],
      highlight: null,
    }),
  appendResults: (response) =>
    set((s) => {
      if (!s.results) return {};
      const known = new Set(s.results.images.map((i) => i.sceneId));
      const images = [...s.results.images, ...response.images.filter((i) => !known.has(i.sceneId))];
      return { results: { ...s.results, images, more: response.more, count: response.count } };
    }),
  setResultsOpen: (resultsOpen) => set({ resultsOpen }),
  setResultsCollapsed: (resultsCollapsed) => set({ resultsCollapsed }),
  setOnView: (sceneIds, on) =>
    set((s) => {
      const ids = new Set(sceneIds);
      const rest = s.onView.filter((id) => !ids.has(id));
      // A scene taken off the map is no longer the current highlight (spec 000 §4).
      const highlight = !on && s.highlight && ids.has(s.highlight) ? null : s.highlight;
      return { onView: on ? [...rest, ...sceneIds] : rest, highlight };
    }),
  setHighlight: (highlight) => set({ highlight }),
  clearResults: () => set(noResults),
  clearResultsOfAoi: (shape) =>
    set((s) => {
      const searched = s.results?.mode.kind === 'aoi' ? s.results.mode.request.aois : [];
      return searched.some((aoi) => isSearchedShape(aoi, shape)) ? noResults : {};
    }),
}));
