import type { BaseMapId, BaseMapOption, MapConfig } from '../types';

/** One XYZ tile service, described as data so it can be tested without a map. */
export interface TileSpec {
  id: string;
  /** URL template with {z}/{x}/{y}; `{0-7}` spreads requests over numbered hosts */
  url: string;
  /** Deepest level the service has; the map enlarges those tiles beyond it */
  maxZoom: number;
  attributions: string;
  /**
   * 'anonymous' where the service allows CORS, so tiles do not taint the map canvas (which would
   * forbid reading it back, e.g. to export a picture); null where CORS is not known to be allowed.
   */
  crossOrigin: 'anonymous' | null;
}

/** A base map of the switch: its tiles (none for the offline map) and its optional label overlay. */
export interface BaseMapDefinition {
  id: BaseMapId;
  tiles: readonly TileSpec[];
  labelOverlay: TileSpec | null;
}

const esri = 'https://server.arcgisonline.com/ArcGIS/rest/services';

export const openStreetMapTiles: TileSpec = {
  id: 'osm',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  maxZoom: 19,
  attributions:
    '© <a href="https://www.openstreetmap.org/copyright" target="_blank">OpenStreetMap</a> contributors',
  crossOrigin: 'anonymous',
};

export const esriImageryTiles: TileSpec = {
  id: 'esri-imagery',
  url: `${esri}/World_Imagery/MapServer/tile/{z}/{y}/{x}`,
  maxZoom: 19,
  attributions: 'Imagery © Esri, Maxar, Earthstar Geographics, and the GIS User Community',
  crossOrigin: 'anonymous',
};

export const esriLabelTiles: TileSpec = {
  id: 'esri-labels',
  url: `${esri}/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}`,
  maxZoom: 19,
  attributions: 'Labels © Esri',
  crossOrigin: 'anonymous',
};

/** Tianditu web-Mercator ("_w") WMTS tiles: `vec` is the vector map, `cva` its Chinese labels. */
export function tiandituTiles(layer: 'vec' | 'cva', key: string): TileSpec {
  const query = new URLSearchParams({
    SERVICE: 'WMTS',
    REQUEST: 'GetTile',
    VERSION: '1.0.0',
    LAYER: layer,
    STYLE: 'default',
    TILEMATRIXSET: 'w',
    FORMAT: 'tiles',
    tk: key,
  });
  // The tile placeholders stay outside URLSearchParams, which would escape their braces.
  return {
    id: `tianditu-${layer}`,
    url: `https://t{0-7}.tianditu.gov.cn/${layer}_w/wmts?${query}&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}`,
    maxZoom: 18,
    attributions: '© <a href="https://www.tianditu.gov.cn/" target="_blank">Tianditu</a>',
    crossOrigin: null,
  };
}

/**
 * The base maps offered, in menu order. The Natural Earth map is drawn beneath all of them and is
 * the only one that works offline; Tianditu is offered only with a key.
 */
export function baseMapCatalogue(config: Pick<MapConfig, 'tiandituKey'>): BaseMapDefinition[] {
  const key = config.tiandituKey?.trim();
  const tianditu: BaseMapDefinition[] = key
    ? [{ id: 'tianditu', tiles: [tiandituTiles('vec', key)], labelOverlay: tiandituTiles('cva', key) }]
    : [];
  return [
    // OpenStreetMap tiles carry their own labels.
    { id: 'osm', tiles: [openStreetMapTiles], labelOverlay: null },
    ...tianditu,
    { id: 'satellite', tiles: [esriImageryTiles], labelOverlay: esriLabelTiles },
    { id: 'offline', tiles: [], labelOverlay: null },
  ];
}

/** Spec 000 §2: the regional (Tianditu) map by default in the Asia/Shanghai zone, else OpenStreetMap. */
export function defaultBaseMapId(catalogue: readonly BaseMapDefinition[], timeZone: string): BaseMapId {
  const tiandituOffered = catalogue.some((b) => b.id === 'tianditu');
  return timeZone === 'Asia/Shanghai' && tiandituOffered ? 'tianditu' : 'osm';
}

export const optionsOf = (catalogue: readonly BaseMapDefinition[]): BaseMapOption[] =>
  catalogue.map((b) => ({ id: b.id, hasLabelOverlay: b.labelOverlay !== null }));
