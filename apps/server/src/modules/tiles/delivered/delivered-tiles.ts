import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { TileFormat } from '@satportal/contract';
import type { ObjectStore } from '../../../storage';
import type { DiskCache } from '../cache/disk-cache';
import {
  blankTile,
  DELIVERED_RENDERER_VERSION,
  encodeTile,
  hasOpaquePixel,
  renderDeliveredTile,
} from '../render/delivered-tile';
import { GeoTiffStore } from '../render/geotiff-source';
import { LruCache } from '../render/lru';
import { boxesMeet, type LonLatBox, type TileAddress, tileLonLatBox } from '../render/xyz';
import { extractZipEntry, saveStream } from './zip-entry';

/**
 * Tiles of the caller's delivered scenes: the scene is looked up for the caller (another user's
 * scene is not found, as an unknown one), its COG is copied once out of its package in object
 * storage into the COG cache, and tiles are drawn from it into the tile cache.
 */

/** What the tiles need of a delivered scene (my-data's `DeliveredScene` has it all). */
export interface DeliveredSceneRef {
  orderNo: string;
  sceneId: string;
  level: number;
  packageKey: string;
  formatType: 'PNG' | 'WEBP';
  /** of the delivered area: [minLon, minLat, maxLon, maxLat] */
  bounds: [number, number, number, number];
}

/** The caller's delivered scenes (my-data's `DeliveredScenesRepository`). */
export interface DeliveredScenes {
  find(userId: number, orderNo: string, sceneId: string): Promise<DeliveredSceneRef | null>;
  list(userId: number): Promise<DeliveredSceneRef[]>;
}

export interface DeliveredTilesDeps {
  scenes: DeliveredScenes;
  objects: Pick<ObjectStore, 'get'>;
  /** the zip entry of a scene's COG in its package (fulfilment's `cogEntryName`) */
  cogEntryName: (sceneId: string, level: number) => string;
  /** rendered tiles */
  tileCache: DiskCache;
  /** COGs copied out of their packages */
  cogCache: DiskCache;
  /** default: a store of its own with 128 MiB of decoded blocks */
  rasters?: GeoTiffStore;
}

export interface DeliveredTileRequest extends TileAddress {
  orderNo: string;
  sceneId: string;
  format: TileFormat;
  /** pixels outside it are transparent */
  clip: LonLatBox | null;
}

export interface DeliveredTile {
  /** null: the caller's copy is this tile (`If-None-Match` named its tag): answered 304, nothing read */
  bytes: Buffer | null;
  contentType: string;
  /** hit: from the tile cache; drawn: rendered now; blank: nothing of the scene there */
  source: 'hit' | 'drawn' | 'blank' | 'unchanged';
  /**
   * A strong tag of the tile: the digest of what it is drawn from (the package, the COG entry, the
   * renderer's version, the address, the format, the clip), so it is known before anything is read.
   */
  etag: string;
}

const etagOf = (key: string) => `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

/** Whether an `If-None-Match` value names `etag` (a list, weak forms compared weakly, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

export class PackageMissingError extends Error {}

/**
 * A map asks for dozens of tiles of one scene a second: the scene's lookup (a PostGIS query) is
 * kept this long per caller. A scene delivered meanwhile shows at most this much later; delivered
 * scenes are never taken back from their owner.
 */
const LOOKUP_TTL_MS = 10_000;

export class DeliveredTiles {
  readonly rasters: GeoTiffStore;
  private readonly lookups = new LruCache<string, { scene: DeliveredSceneRef | null; at: number }>(10_000);

  constructor(private readonly deps: DeliveredTilesDeps) {
    this.rasters = deps.rasters ?? new GeoTiffStore();
  }

  private async find(userId: number, orderNo: string, sceneId: string): Promise<DeliveredSceneRef | null> {
    const key = JSON.stringify([userId, orderNo, sceneId]);
    const load = async () => ({
      scene: await this.deps.scenes.find(userId, orderNo, sceneId),
      at: Date.now(),
    });
    const kept = await this.lookups.get(key, load);
    if (Date.now() - kept.at < LOOKUP_TTL_MS) return kept.scene;
    this.lookups.delete(key);
    return (await this.lookups.get(key, load)).scene;
  }

  /** The rendered tiles' cache (figures for the benchmark and the logs). */
  get tileCache(): DiskCache {
    return this.deps.tileCache;
  }

  /** The caller's delivered scenes (WMTS layers). */
  list(userId: number): Promise<DeliveredSceneRef[]> {
    return this.deps.scenes.list(userId);
  }

  /**
   * One tile, or null when the scene is not one delivered to the caller. With `ifNoneMatch` naming
   * the tile's tag, nothing is read or drawn: the answer has no bytes (304).
   */
  async tile(
    userId: number,
    request: DeliveredTileRequest,
    ifNoneMatch?: string,
  ): Promise<DeliveredTile | null> {
    const scene = await this.find(userId, request.orderNo, request.sceneId);
    if (!scene) return null;
    const contentType = request.format === 'png' ? 'image/png' : 'image/webp';
    const area = tileLonLatBox(request);
    const outside =
      !boxesMeet(area, scene.bounds) || (request.clip !== null && !boxesMeet(area, request.clip));
    if (outside) {
      const etag = etagOf(JSON.stringify(['blank', DELIVERED_RENDERER_VERSION, request.format]));
      if (matchesEtag(ifNoneMatch, etag)) return { bytes: null, contentType, source: 'unchanged', etag };
      return { bytes: await blankTile(request.format), contentType, source: 'blank', etag };
    }

    const entry = this.deps.cogEntryName(scene.sceneId, scene.level);
    const key = JSON.stringify([
      'delivered',
      DELIVERED_RENDERER_VERSION,
      scene.packageKey,
      entry,
      request.z,
      request.x,
      request.y,
      request.format,
      request.clip,
    ]);
    const etag = etagOf(key);
    if (matchesEtag(ifNoneMatch, etag)) return { bytes: null, contentType, source: 'unchanged', etag };
    let blank = false;
    let drawn: { bytes: Buffer; hit: boolean };
    try {
      drawn = await this.deps.tileCache.getOrMake(key, async () => {
        const cogPath = await this.cogOf(scene.packageKey, entry);
        const rgba = await renderDeliveredTile(this.rasters, cogPath, request, request.clip);
        blank = !hasOpaquePixel(rgba);
        return blank ? blankTile(request.format) : encodeTile(rgba, request.format);
      });
    } catch (error) {
      // A package removed after its delivery (expired, cleaned up): nothing to draw from.
      if (error instanceof PackageMissingError) return null;
      throw error;
    }
    const { bytes, hit } = drawn;
    return { bytes, contentType, source: hit ? 'hit' : blank ? 'blank' : 'drawn', etag };
  }

  /**
   * The local copy of a scene's COG if it is one delivered to the caller (null otherwise, or when its
   * package is gone), with the file name it was delivered under.
   */
  async cog(
    userId: number,
    orderNo: string,
    sceneId: string,
  ): Promise<{ path: string; fileName: string } | null> {
    const scene = await this.find(userId, orderNo, sceneId);
    if (!scene) return null;
    const entry = this.deps.cogEntryName(scene.sceneId, scene.level);
    try {
      return { path: await this.cogOf(scene.packageKey, entry), fileName: entry };
    } catch (error) {
      if (error instanceof PackageMissingError) return null;
      throw error;
    }
  }

  /** The local copy of a package's COG, made on first use (the package is downloaded once for it). */
  cogOf(packageKey: string, entry: string): Promise<string> {
    return this.deps.cogCache.fileOrMake(JSON.stringify(['cog', packageKey, entry]), async (target) => {
      const object = await this.deps.objects.get(packageKey);
      if (!object) throw new PackageMissingError(`no package ${packageKey}`);
      const zipPath = target.replace(/\.tmp$/, '.zip.tmp');
      try {
        await saveStream(object.body, zipPath);
        await extractZipEntry(zipPath, entry, target);
      } finally {
        await rm(zipPath, { force: true });
      }
    });
  }

  async close(): Promise<void> {
    await this.rasters.close();
  }
}
