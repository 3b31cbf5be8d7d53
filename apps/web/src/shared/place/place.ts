import { hasControlCharacters, Int32Max, readInteger } from '@satportal/contract';
import { PanelId } from '../panelStore';

/**
 * Places in the address bar (issue 28 #6): the workspace's one path `/` with query parameters,
 * `/?panel=orders&order=42`, `/?panel=search&search=<taskId>&scene=<sceneId>&dialog=order`. Query parameters
 * rather than path segments because these are facets side by side, not a hierarchy: the result
 * list and its scene stay on the map whichever panel is open or none. Pure: parsed, written and
 * compared here; `usePlaceSync` (workspace) and `usePanelParam` move them in and out of the page.
 */

/** The panels by the names the address bar shows, in the left menu's order. */
export const panelNames = {
  aois: PanelId.AoiCentre,
  search: PanelId.SearchCentre,
  pois: PanelId.PoiCentre,
  data: PanelId.MyData,
  orders: PanelId.OrderCentre,
  account: PanelId.AccountCentre,
  subscriptions: PanelId.SubscriptionCentre,
} as const satisfies Record<string, PanelId>;
export type PanelName = keyof typeof panelNames;

const nameOfPanel = new Map<PanelId, PanelName>(
  Object.entries(panelNames).map(([name, id]) => [id, name as PanelName]),
);

/**
 * A panel's own parameters: they live while it is open and go when another opens. A detail
 * (an order, a subscription) is a place of its own; the others are its filters.
 */
export const panelParams = {
  [PanelId.OrderCentre]: { details: ['order'], filters: ['tab', 'tag', 'q'] },
  [PanelId.SubscriptionCentre]: { details: ['subscription'], filters: ['tab', 'sort', 'new'] },
} as const satisfies Partial<Record<PanelId, { details: readonly string[]; filters: readonly string[] }>>;

const paramsOfPanel = (panel: PanelId | null): { details: readonly string[]; filters: readonly string[] } =>
  (panel !== null && panelParams[panel as keyof typeof panelParams]) || { details: [], filters: [] };

export interface Place {
  panel: PanelId | null;
  /** The open panel's own parameters (`panelParams`), as written; the panel reads them itself. */
  inPanel: Readonly<Record<string, string>>;
  /** The taskId of the search whose results the list shows. */
  search: string | null;
  /** The selected (highlighted) scene of those results. */
  scene: string | null;
  /**
   * An open dialog that is a place of its own: `order`, the order dialog of the cart's scenes (the
   * cart and the dialog's choices are kept in the browser, so a reload brings the dialog back as it was).
   */
  dialog: PlaceDialog | null;
}

export const placeDialogs = ['order'] as const;
export type PlaceDialog = (typeof placeDialogs)[number];

export const noPlace: Place = { panel: null, inPanel: {}, search: null, scene: null, dialog: null };

const taskIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** As long as a scene id the scene-id search takes. */
const sceneIdMax = 200;
/** No panel parameter is longer than the order centre's search box. */
const panelParamMax = 100;

const usableText = (value: string | null, max: number): value is string =>
  value !== null && value !== '' && value.length <= max && !hasControlCharacters(value);

/**
 * The place a query string names. Anything it cannot be is left out rather than refused: a link
 * typed or cut short still opens what it names well (a scene only with its search).
 */
export function parsePlace(query: string): Place {
  const params = new URLSearchParams(query);
  const panelName = params.get('panel');
  const panel =
    panelName !== null && Object.hasOwn(panelNames, panelName) ? panelNames[panelName as PanelName] : null;
  const own = paramsOfPanel(panel);
  const inPanel: Record<string, string> = {};
  for (const name of [...own.details, ...own.filters]) {
    const value = params.get(name);
    if (usableText(value, panelParamMax)) inPanel[name] = value;
  }
  const searchText = params.get('search');
  const search = searchText !== null && taskIdPattern.test(searchText) ? searchText.toLowerCase() : null;
  const sceneText = params.get('scene');
  const scene = search !== null && usableText(sceneText, sceneIdMax) ? sceneText : null;
  const dialogText = params.get('dialog');
  const dialog = placeDialogs.find((d) => d === dialogText) ?? null;
  return { panel, inPanel, search, scene, dialog };
}

/** The query string of a place ('' for none), its parameters always in one order. */
export function formatPlace(place: Place): string {
  const params = new URLSearchParams();
  const panelName = place.panel === null ? undefined : nameOfPanel.get(place.panel);
  if (panelName) {
    params.set('panel', panelName);
    const own = paramsOfPanel(place.panel);
    for (const name of [...own.details, ...own.filters]) {
      const value = place.inPanel[name];
      if (value) params.set(name, value);
    }
  }
  if (place.search) {
    params.set('search', place.search);
    if (place.scene) params.set('scene', place.scene);
  }
  if (place.dialog) params.set('dialog', place.dialog);
  const text = params.toString();
  return text ? `?${text}` : '';
}

const sameParams = (a: Place['inPanel'], b: Place['inPanel'], names: readonly string[]) =>
  names.every((name) => (a[name] ?? '') === (b[name] ?? ''));

/**
 * How going from one place to another enters the history: another panel, detail, search or
 * dialog is a step Back returns from ('push': Back closes a dialog); another filter or selected scene changes the step it is on
 * ('replace'), so that Back leaves the list rather than undoing each click in it. null: no change.
 */
export function historyStepOf(from: Place, to: Place): 'push' | 'replace' | null {
  if (formatPlace(from) === formatPlace(to)) return null;
  if (from.panel !== to.panel || from.search !== to.search || from.dialog !== to.dialog) return 'push';
  const own = paramsOfPanel(to.panel);
  return sameParams(from.inPanel, to.inPanel, own.details) ? 'replace' : 'push';
}

/** An id in a parameter (an order's, a subscription's): a row id, else null. */
export function idParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const id = readInteger(value, 1, Int32Max);
  return typeof id === 'number' ? id : null;
}

/** The address of a place on this site, for a link to copy. */
export const placeLink = (origin: string, place: Place) => `${origin}/${formatPlace(place)}`;
