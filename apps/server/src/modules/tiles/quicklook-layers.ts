import type { LatestResults } from '../archive/archive.service';
import type { WmsLayerEntry } from './render';

/**
 * What the quicklook WMS's capabilities list (issue 27). GetMap draws any of the archive's
 * scenes, but no document can list them all; a GIS user comes from a search in the portal, so
 * the layers are the scenes of the caller's latest archive search, in its order, the first
 * `WMS_LAYER_LIMIT` of them, each under its scene id with its satellite, time and cloud cover.
 */

/** Scenes listed at most (a portal search shows far fewer at once). */
export const WMS_LAYER_LIMIT = 200;

export interface QuicklookLayers {
  title: string;
  abstract: string;
  layers: WmsLayerEntry[];
}

const GETMAP_ANY =
  'GetMap draws any scene of the Satportal archive by its id in LAYERS, listed here or not, transparent outside its footprint.';

const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** [west, south, east, north] of a MultiPolygon's positions. */
function boundsOf(coordinates: number[][][][]): [number, number, number, number] {
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const polygon of coordinates)
    for (const ring of polygon)
      for (const [lon, lat] of ring) {
        w = Math.min(w, lon!);
        e = Math.max(e, lon!);
        s = Math.min(s, lat!);
        n = Math.max(n, lat!);
      }
  return w <= e && s <= n ? [w, s, e, n] : [-180, -90, 180, 90];
}

export function quicklookLayers(latest: LatestResults | null): QuicklookLayers {
  if (!latest) {
    return {
      title: 'Satportal quicklooks: no archive search yet',
      abstract: `Search the archive in Satportal, then reload this service: the scenes found are listed here. ${GETMAP_ANY}`,
      layers: [],
    };
  }
  const layers = latest.scenes.map((scene): WmsLayerEntry => {
    const cloud = scene.cloud_cover === null ? null : `cloud ${Math.round(scene.cloud_cover)} %`;
    return {
      name: scene.id,
      title: [scene.satellite_name, minute(scene.acquired_at), cloud].filter(Boolean).join(', '),
      abstract:
        `Scene ${scene.id}: ${scene.satellite_name}, acquired ${scene.acquired_at.toISOString()}, ` +
        `${cloud === null ? 'cloud cover not published' : `cloud cover ${scene.cloud_cover} %`}, ` +
        `ground sample distance ${scene.gsd} m.`,
      bounds: boundsOf(scene.footprint.coordinates),
    };
  });
  const shown =
    latest.count > layers.length ? `the first ${layers.length} of ${latest.count}` : `${layers.length}`;
  return {
    title: `Satportal quicklooks: your latest archive search (${minute(latest.searchedAt)}, ${shown} scenes)`,
    abstract: `The scenes of your latest archive search in Satportal, in its order (at most ${WMS_LAYER_LIMIT}; search again in Satportal and reload this service to list others). ${GETMAP_ANY}`,
    layers,
  };
}
