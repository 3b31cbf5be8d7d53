import type { ArchiveRepository } from '../archive/archive.repository';
import type { ArchiveService } from '../archive/archive.service';
import type { DeliveredTiles } from './delivered/delivered-tiles';
import { type QuicklookLayers, quicklookLayers, WMS_LAYER_LIMIT } from './quicklook-layers';
import {
  type GetMapRequest,
  layerNotDefined,
  type QuicklookRenderer,
  toQuicklookRequest,
  type WmsError,
} from './render';

/** The scene lookup the quicklooks need (any archive scene is visible to every signed-in user). */
export type QuicklookScenes = Pick<ArchiveRepository, 'findScenes'>;
/** The caller's latest archive search (the WMS capabilities' layers). */
export type QuicklookSearches = Pick<ArchiveService, 'latestResults'>;

/**
 * The tile services (`/tiles/…`): the scene quicklooks and, when given, the tiles of delivered
 * scenes (XYZ, WMTS). Rendering is pure (`render/`); this loads what it draws.
 */
export class TilesService {
  constructor(
    private readonly scenes: QuicklookScenes,
    private readonly renderer: QuicklookRenderer,
    readonly delivered: DeliveredTiles | null = null,
    private readonly searches: QuicklookSearches | null = null,
  ) {}

  /** The layers the WMS capabilities list for the caller: its latest search's scenes. */
  async capabilityLayers(userId: number): Promise<QuicklookLayers> {
    return quicklookLayers((await this.searches?.latestResults(userId, WMS_LAYER_LIMIT)) ?? null);
  }

  /** A quicklook PNG of one scene, or the WMS error to answer (an unknown scene). */
  async quicklook(getMap: GetMapRequest): Promise<{ png: Buffer } | { error: WmsError }> {
    const [row] = await this.scenes.findScenes([getMap.layer]);
    if (!row) return { error: layerNotDefined(getMap.layer) };
    const png = await this.renderer.render(
      {
        id: row.id,
        footprint: row.footprint,
        cloudCover: row.cloud_cover,
        provenance: row.provenance,
        sensorType: row.sensor_type,
        assets: row.assets,
      },
      toQuicklookRequest(getMap),
    );
    return { png };
  }

  async close(): Promise<void> {
    await Promise.all([this.renderer.close(), this.delivered?.close()]);
  }
}
