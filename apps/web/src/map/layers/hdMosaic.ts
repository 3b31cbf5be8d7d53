import { HdFreeZoomMax, hdTemplate, TileStatusHeader, TileZoomMax } from '@satportal/contract';
import type ImageTile from 'ol/ImageTile';
import TileLayer from 'ol/layer/Tile';
import XYZ from 'ol/source/XYZ';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';
import { type HdTileOutcome, hdTileOutcome } from '../hdTypes';

export interface HdTileAccess {
  /** `Bearer <token>` of the session, read at each tile (a new login needs no new layer); null: none */
  authorization(): string | null;
  /** every tile's outcome but 'draw' (the HD map decides what it means) */
  refused(outcome: Exclude<HdTileOutcome, 'draw'>, zoom: number): void;
}

/**
 * Spec 000 §7 "HD tile fetching with the token header": a tile is fetched with the session's token
 * in a header rather than the URL (which lands in logs), and only a fetch can read `X-Status`,
 * which tells a quota refusal (602, 403) from a credential one (401, 601). The image is handed to
 * OpenLayers as an object URL, released once it has decoded.
 */
export function hdTileLoader(access: HdTileAccess) {
  return (tile: Tile, src: string) => {
    const image = (tile as ImageTile).getImage() as HTMLImageElement;
    const zoom = tile.getTileCoord()[0] ?? 0;
    const authorization = access.authorization();
    const failed = () => tile.setState(TileState.ERROR);
    fetch(src, { headers: authorization ? { Authorization: authorization } : {}, credentials: 'same-origin' })
      .then(async (response) => {
        const outcome = hdTileOutcome(response.status, response.headers.get(TileStatusHeader));
        if (outcome !== 'draw') {
          failed();
          access.refused(outcome, zoom);
          return;
        }
        const url = URL.createObjectURL(await response.blob());
        const release = () => URL.revokeObjectURL(url);
        image.addEventListener('load', release, { once: true });
        image.addEventListener('error', release, { once: true });
        image.src = url;
      })
      .catch(failed);
  };
}

/** One year's mosaic as a tile layer (hidden until shown): EPSG:3857 XYZ to zoom 18. */
export function createHdLayer(year: number, zIndex: number, access: HdTileAccess): TileLayer<XYZ> {
  const source = new XYZ({
    url: hdTemplate(year),
    maxZoom: TileZoomMax,
    tileLoadFunction: hdTileLoader(access),
    attributions: 'HD mosaic © Satportal',
  });
  return new TileLayer({ source, zIndex, visible: false, properties: { hdYear: year } });
}

/** The zoom the map is held at once the quota refused a tile (spec 000 §8: "limited to zoom 12"). */
export const hdQuotaZoom = HdFreeZoomMax;
