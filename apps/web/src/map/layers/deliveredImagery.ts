import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import TileLayer from 'ol/layer/Tile';
import { transformExtent } from 'ol/proj';
import type TileSource from 'ol/source/Tile';
import WMTS, { optionsFromCapabilities } from 'ol/source/WMTS';
import XYZ from 'ol/source/XYZ';
import type { LonLatExtent, TileLayerSpec } from '../types';

/** The parsed GetCapabilities document OpenLayers' WMTS source reads its grid and URLs from. */
export type WmtsCapabilities = ReturnType<WMTSCapabilities['read']>;

const mercatorExtentOf = (extent: LonLatExtent | undefined) =>
  extent ? transformExtent(extent, 'EPSG:4326', 'EPSG:3857') : undefined;

/** The layer of a spec: its id and the spec it was built from, so a changed spec is built again. */
function tileLayer<S extends TileSource>(spec: TileLayerSpec, source: S, zIndex: number): TileLayer<S> {
  return new TileLayer({
    source,
    zIndex,
    extent: mercatorExtentOf(spec.extent),
    properties: { tileLayerId: spec.id, tileLayerSpec: specKey(spec) },
  });
}

/** Identity of a spec's content: two specs with one key draw the same tiles. */
export const specKey = (spec: TileLayerSpec) => JSON.stringify(spec);

/** An XYZ tile layer (EPSG:3857, `{z}/{x}/{y}` in the URL): delivered scenes and HD mosaics. */
export function xyzTileLayer(spec: Extract<TileLayerSpec, { kind: 'xyz' }>, zIndex: number) {
  return tileLayer(spec, new XYZ({ url: spec.url, maxZoom: spec.maxZoom, transition: 0 }), zIndex);
}

export function parseWmtsCapabilities(xml: string): WmtsCapabilities {
  return new WMTSCapabilities().read(xml);
}

/**
 * A WMTS tile layer as a GIS client would build it: its grid, format and tile URLs all come from
 * the capabilities document. Null when the document has no such layer (or matrix set).
 */
export function wmtsTileLayer(
  spec: Extract<TileLayerSpec, { kind: 'wmts' }>,
  capabilities: WmtsCapabilities,
  zIndex: number,
): TileLayer<WMTS> | null {
  const options = optionsFromCapabilities(capabilities, {
    layer: spec.layer,
    matrixSet: spec.matrixSet,
    style: spec.style,
  });
  if (!options) return null;
  return tileLayer(spec, new WMTS({ ...options, transition: 0 }), zIndex);
}

/** Reads capabilities documents, each address once; a layer missing from it asks again (a new delivery). */
export class CapabilitiesCache {
  private readonly documents = new Map<string, Promise<WmtsCapabilities>>();

  constructor(private readonly load: (url: string) => Promise<string> = fetchText) {}

  async layerFor(
    spec: Extract<TileLayerSpec, { kind: 'wmts' }>,
    zIndex: number,
  ): Promise<TileLayer<WMTS> | null> {
    const first = await this.read(spec.capabilitiesUrl, false);
    const layer = wmtsTileLayer(spec, first, zIndex);
    if (layer) return layer;
    return wmtsTileLayer(spec, await this.read(spec.capabilitiesUrl, true), zIndex);
  }

  private read(url: string, again: boolean): Promise<WmtsCapabilities> {
    let document = again ? undefined : this.documents.get(url);
    if (!document) {
      document = this.load(url).then(parseWmtsCapabilities);
      // A failed read is not kept: the next layer asks again.
      document.catch(() => this.documents.delete(url));
      this.documents.set(url, document);
    }
    return document;
  }
}

async function fetchText(url: string): Promise<string> {
  // Same origin: the session's tile cookie opens /tiles/ (no key in the browser's own requests).
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`capabilities ${url}: HTTP ${response.status}`);
  return response.text();
}

/** The [west, south, east, north] of rings of [lon, lat]; undefined for none or across ±180°. */
export function lonLatExtentOf(rings: readonly (readonly (readonly number[])[])[]): LonLatExtent | undefined {
  const points = rings.flat();
  if (points.length === 0) return undefined;
  const lons = points.map((p) => p[0] ?? 0);
  const lats = points.map((p) => p[1] ?? 0);
  const extent: LonLatExtent = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
  // Across the antimeridian the box would be the wrong way round the world: no bound then.
  return extent[0] < -180 || extent[2] > 180 || extent[2] - extent[0] > 180 ? undefined : extent;
}
