/**
 * The map's public vocabulary. No `ol` import here: the shell uses these types without pulling
 * OpenLayers into its chunk.
 */

import type { AoiGeoJson } from '@satportal/contract';

export interface LatLon {
  lat: number;
  lon: number;
}

export interface ViewState {
  zoom: number;
  minZoom: number;
  maxZoom: number;
  center: LatLon;
}

/** Base maps offered by the map switch (spec 000 §2). The HD mosaic map arrives with its issue. */
export type BaseMapId = 'osm' | 'satellite' | 'tianditu' | 'offline';

export interface BaseMapOption {
  id: BaseMapId;
  /** False when the map has no separate label overlay (its labels are in the tiles, or it has none). */
  hasLabelOverlay: boolean;
}

export interface MapState {
  view: ViewState;
  baseMap: BaseMapId;
  labelsVisible: boolean;
  baseMaps: readonly BaseMapOption[];
  /** Where the coordinate-search marker stands; null without one. */
  searchedPoint: LatLon | null;
}

/** The tools of the right tool bar that take over the pointer; one at a time (spec 000 §2). */
export type DrawingTool = 'polygon' | 'point' | 'measureLength' | 'measureArea';

/** A drawn polygon: one outer ring, longitudes continuous (they may pass ±180° across the antimeridian). */
export type DrawnPolygonGeoJson = Extract<AoiGeoJson, { type: 'Polygon' }>;

/** A saved AOI to show on the map (the AOI centre's "view"): Polygon or MultiPolygon with holes. */
export interface SavedArea {
  id: number;
  name: string;
  geojson: AoiGeoJson;
}

/** A saved POI to show on the map. */
export interface PoiMark {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/**
 * The AOI the next archive search uses: the last drawn polygon (id and name null until it is saved)
 * or the last saved area shown.
 */
export interface CurrentAoi {
  id: number | null;
  name: string | null;
  geojson: AoiGeoJson;
}

/** The polygon just drawn or reshaped, with its geodesic area (km², as the server computes it). */
export interface DrawnPolygon {
  geojson: DrawnPolygonGeoJson;
  areaKm2: number;
  /** true after a reshape (modify) of an earlier drawn polygon */
  modified: boolean;
}

/** The point just drawn; `pixel` is where it stands in the map element (CSS pixels). */
export interface DrawnPoint extends LatLon {
  pixel: [number, number];
}

/** A running or finished measurement: geodesic kilometres (length) or square kilometres (area). */
export interface Measurement {
  kind: 'length' | 'area';
  value: number;
  /** false while the user is still adding points */
  finished: boolean;
}

/** Where an element handed to `MapController.anchor` is kept on the map. */
export type AnchorTarget = 'drawnPolygon' | 'drawnPoint' | 'measurement';

/**
 * A fit that ran to its end: its number (each fit counts one up), where the fitted extent lies on the
 * map (CSS px from the map's top left: left, top, right, bottom), that extent in degrees (west,
 * south, east, north) and the zoom reached. The map element shows it for the end-to-end tests.
 */
export interface ViewFitted {
  fit: number;
  onScreen: [number, number, number, number];
  bounds: [number, number, number, number];
  zoom: number;
}

/** Events the controller emits, by name, with their payload. */
export interface MapEvents {
  /** A fit ended (not cut short by another): where the fitted object now lies. */
  viewFitted: ViewFitted;
  viewChanged: ViewState;
  /** The geographic position under the pointer; null when the pointer leaves the map. */
  pointerMoved: LatLon | null;
  baseMapChanged: { baseMap: BaseMapId; labelsVisible: boolean };
  /**
   * The chosen online base map's tiles keep failing (true: only the offline map shows beneath), or
   * they load again, another map was chosen or a retry began (false).
   */
  baseMapFailed: boolean;
  /** The coordinate-search marker was placed, moved (a position) or removed (null). */
  searchedPointChanged: LatLon | null;
  /** The active tool of the right tool bar; null when none (Esc, or a polygon or point finished). */
  toolChanged: DrawingTool | null;
  /** A polygon was drawn or reshaped; null when the drawn polygon was removed. */
  polygonDrawn: DrawnPolygon | null;
  /** A point was drawn; null when the drawn point was removed. */
  pointDrawn: DrawnPoint | null;
  /** A measurement changed (live while drawing); null when it was removed. */
  measureChanged: Measurement | null;
  currentAoiChanged: CurrentAoi | null;
  /**
   * The current AOI was taken off the map — the drawing deleted, the saved AOI deleted or hidden —
   * not replaced by another: what was derived from it (results, passes) goes with it.
   */
  currentAoiRemoved: CurrentAoi;
  /** Whether the drawn polygon can be reshaped (modify mode): on after drawing, off after a search with results. */
  aoiModifiableChanged: boolean;
  /** The newest archive footprint under the pointer (null when none); React adds the tooltip delay. */
  footprintHovered: { sceneId: string; pixel: [number, number] } | null;
  /** A left click on the map: every archive scene under it, in result-list order (none beside them all). */
  footprintsClicked: { sceneIds: string[]; pixel: [number, number]; at: [number, number] };
  /** A right click on displayed quicklooks: the shown scenes under it. */
  quicklooksRightClicked: { sceneIds: string[]; pixel: [number, number] };
  /** The quicklooks on the map, lowest first, each at the opacity its layer has. */
  quicklooksChanged: ShownQuicklook[];
  /** The order areas drawn now: each role's label ('' without one), null where none is drawn. */
  orderAreasChanged: { gap: string | null; enlargedAoi: string | null };
  /** The swipe comparison: where its divider stands (0 left edge … 1 right edge), null when it ended. */
  swipeChanged: { fraction: number } | null;
  /**
   * The delivered imagery drawn now: ids of the tile layers shown outside a swipe, the outlines, and
   * the tiles asked for and not yet arrived (the swipe's included).
   */
  myDataChanged: { layers: string[]; outlines: string[]; tilesLoading: number };
}

/** An archive scene's footprint: its outer rings as [lon, lat] points (two parts when split at ±180°). */
export interface SceneFootprint {
  sceneId: string;
  rings: number[][][];
}

/** A predicted tasking pass's footprint (outer rings as [lon, lat]) in the colour the list gives it. */
export interface PassFootprint {
  passId: string;
  rings: number[][][];
  colour: string;
}

/** A shape an order draws on the map (the cart's gap, the enlarged AOI), with the text of its one label. */
export interface OrderAreaShape {
  geojson: AoiGeoJson;
  label?: string;
}

/** The order areas on the map (`MapController.showOrderAreas`): a role left out stays, null clears it. */
export interface OrderAreas {
  /** The part of the AOI no cart scene covers, hatched red with its area as the label. */
  gap: OrderAreaShape | null;
  /** The AOI enlarged to a group's minimum ("enlarge to the minimum"), dashed. */
  enlargedAoi: OrderAreaShape | null;
  /** The footprints of an ordered order's scenes the order centre shows (its map-view toggles). */
  orderedScenes: OrderAreaShape | null;
}

/** A scene's quicklook as the map draws it (opacity 0–1). */
export interface ShownQuicklook {
  sceneId: string;
  opacity: number;
}

/**
 * Where the quicklook WMS is. The session reaches it as the tile cookie the server sets at login
 * (and at every `/me`): a token in the URL would land in logs and histories.
 */
export interface QuicklookAccess {
  url: string;
}

export interface MapConfig {
  /** Tianditu key; without one the Tianditu map is not offered. */
  tiandituKey: string | null;
  /** Where the Natural Earth TopoJSON is served from (a Vite asset URL). */
  naturalEarthUrl: string;
  /** The browser's time zone, which picks the default base map. */
  timeZone: string;
}

/**
 * A tile layer to draw (delivered imagery, HD mosaics). Tiles under `/tiles/` are opened by the
 * session's tile cookie; `extent` ([west, south, east, north] degrees) spares requests outside it.
 */
export type TileLayerSpec =
  | { kind: 'xyz'; id: string; url: string; maxZoom?: number; extent?: LonLatExtent }
  | {
      kind: 'wmts';
      id: string;
      /** the WMTS GetCapabilities document's address; read once per address */
      capabilitiesUrl: string;
      layer: string;
      matrixSet: string;
      style?: string;
      extent?: LonLatExtent;
    };

export type LonLatExtent = [west: number, south: number, east: number, north: number];

/** Which list of the my-data panel a scene is on: left outlined red, right outlined blue (spec 000 §2). */
export type MyDataSide = 'left' | 'right';

/** A delivered scene's outline on the map: its delivered area's rings as [lon, lat] points. */
export interface MyDataOutline {
  id: string;
  rings: number[][][];
  side: MyDataSide;
}

/** What the my-data panel draws outside the analysis: the scenes in view and the listed scenes' outlines. */
export interface MyDataShown {
  layers: readonly TileLayerSpec[];
  outlines: readonly MyDataOutline[];
}
