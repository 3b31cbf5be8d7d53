import type { ArchiveRepository } from '../archive/archive.repository';
import type { DeliveredTiles } from './delivered/delivered-tiles';
import {
  type GetMapRequest,
  layerNotDefined,
  type QuicklookRenderer,
  toQuicklookRequest,
  type WmsError,
} from './render';

/** The scene lookup the quicklooks need (any archive scene is visible to every signed-in user). */
export type QuicklookScenes = Pick<ArchiveRepository, 'findScenes'>;

/**
 * The tile services (`/tiles/…`): the scene quicklooks and, when given, the tiles of delivered
 * scenes (XYZ, WMTS). Rendering is pure (`render/`); this loads what it draws.
 */
export class TilesService {
  constructor(
    private readonly scenes: QuicklookScenes,
    private readonly renderer: QuicklookRenderer,
    readonly delivered: DeliveredTiles | null = null,
  ) {}

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
