/**
 * The map's public vocabulary. No `ol` import here: the shell uses these types without pulling
 * OpenLayers into its chunk.
 */

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

/** Events the controller emits, by name, with their payload. */
export interface MapEvents {
  viewChanged: ViewState;
  /** The geographic position under the pointer; null when the pointer leaves the map. */
  pointerMoved: LatLon | null;
  baseMapChanged: { baseMap: BaseMapId; labelsVisible: boolean };
  /** The coordinate-search marker was placed, moved (a position) or removed (null). */
  searchedPointChanged: LatLon | null;
}

export interface MapConfig {
  /** Tianditu key; without one the Tianditu map is not offered. */
  tiandituKey: string | null;
  /** Where the Natural Earth TopoJSON is served from (a Vite asset URL). */
  naturalEarthUrl: string;
  /** The browser's time zone, which picks the default base map. */
  timeZone: string;
}
