import { HdFreeZoomMax, type HdYears, TileStatus, TileZoomMax } from '@satportal/contract';
import type { DiskCache } from '../cache/disk-cache';
import { encodePng, type QuicklookRenderer, rasteriseFootprint } from '../render';
import type { HdMosaicRepository } from './hd.repository';
import {
  adds,
  HD_TILE_SIZE,
  paintUnder,
  rgbaOf,
  type TileAddress,
  tileLonLatBox,
  tileMercatorBox,
} from './mosaic';

/** The HD allowance (usage module's `HdAllowance`): a TileStatus for one more HD tile of the user's. */
export interface HdTileAllowance {
  take(userId: number): Promise<number>;
}

export interface HdMosaicsOptions {
  /** rendered tiles (shared with the other tile services; keys are prefixed) */
  cache?: DiskCache | null;
  /** years offered (DESIGN §9: from the data; the spec's map shows two, a third to swipe back to) */
  maxYears?: number;
  /** scenes drawn into one tile at most (least cloudy first; default 12) */
  maxScenesPerTile?: number;
  /** scenes looked at for one tile (default 48): those under parts already painted are not drawn */
  maxCandidatesPerTile?: number;
  /** how long the years are reused before asking the database again */
  yearsTtlMs?: number;
  now?: () => number;
}

/** What a tile request ends in: the PNG, or a refusal with its status (no body). */
export type HdTileOutcome =
  | { status: typeof TileStatus.Ok; png: Buffer }
  | { status: typeof TileStatus.HdQuotaSpent | typeof TileStatus.HdNotSubscribed }
  | { status: 'noMosaic' };

/** A change of how mosaics are painted must not serve tiles painted the old way. */
const MOSAIC_VERSION = 1;

/** Zoom of the cells whose change marks key the cached tiles (migration 013). */
const CELL_ZOOM = 6;

/**
 * What the key of a cached tile carries of the archive under it: the change mark of its zoom-6
 * cell, or for a tile above zoom 6 the sum of the marks of the cells it holds (a sum, not the
 * latest: marks are transaction start times, and one committing late may carry an earlier one).
 * A new scene changes the marks of the cells it meets, so exactly the tiles that may show it are
 * painted again; an old tile's file is left to the cache's eviction.
 */
export function changeMark(cells: Map<number, number> | undefined, tile: TileAddress): number {
  if (!cells || cells.size === 0) return 0;
  if (tile.z >= CELL_ZOOM) {
    const shift = tile.z - CELL_ZOOM;
    return cells.get((tile.x >> shift) * 64 + (tile.y >> shift)) ?? 0;
  }
  const span = 1 << (CELL_ZOOM - tile.z);
  let sum = 0;
  for (let x = tile.x * span; x < (tile.x + 1) * span; x++)
    for (let y = tile.y * span; y < (tile.y + 1) * span; y++) sum += cells.get(x * 64 + y) ?? 0;
  return sum;
}

/**
 * HD yearly mosaics (spec 000 §2 base maps; DESIGN §9): per year, the archive's least-cloudy
 * optical imagery, painted scene by scene with the quicklook renderer into Web Mercator tiles.
 */
export class HdMosaics {
  private readonly maxYears: number;
  private readonly maxScenes: number;
  private readonly maxCandidates: number;
  private readonly ttl: number;
  private readonly now: () => number;
  private cachedYears: { years: number[]; cells: Map<number, Map<number, number>>; at: number } | null = null;

  constructor(
    private readonly repository: HdMosaicRepository,
    private readonly renderer: QuicklookRenderer,
    private readonly allowance: HdTileAllowance,
    private readonly options: HdMosaicsOptions = {},
  ) {
    this.maxYears = options.maxYears ?? 3;
    this.maxScenes = options.maxScenesPerTile ?? 12;
    this.maxCandidates = Math.max(this.maxScenes, options.maxCandidatesPerTile ?? 48);
    this.ttl = options.yearsTtlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The years with a mosaic, newest first. Every tile asks too, so they are kept for a minute:
   * a year ingested now shows within that minute.
   */
  async yearsWithMosaic(): Promise<number[]> {
    return (await this.archiveState()).years;
  }

  /** The years and the cells' change marks, read together and kept as long. */
  private async archiveState() {
    const at = this.now();
    if (this.cachedYears && at - this.cachedYears.at < this.ttl) return this.cachedYears;
    const [years, cells] = await Promise.all([
      this.repository.years(this.maxYears),
      this.repository.cellChanges(),
    ]);
    this.cachedYears = { years, cells, at };
    return this.cachedYears;
  }

  async years(): Promise<HdYears> {
    return { years: await this.yearsWithMosaic(), freeZoomMax: HdFreeZoomMax, zoomMax: TileZoomMax };
  }

  /**
   * One tile of a year's mosaic for the user. Above zoom 12 the allowance is taken first, before
   * the cache: a cached tile is still an HD tile seen (spec 000 §8).
   */
  async tile(userId: number, year: number, tile: TileAddress): Promise<HdTileOutcome> {
    if (!(await this.yearsWithMosaic()).includes(year)) return { status: 'noMosaic' };
    if (tile.z > HdFreeZoomMax) {
      const status = await this.allowance.take(userId);
      if (status === TileStatus.HdQuotaSpent || status === TileStatus.HdNotSubscribed) return { status };
      if (status !== TileStatus.Ok) throw new Error(`unexpected HD allowance status ${status}`);
    }
    const mark = changeMark((await this.archiveState()).cells.get(year), tile);
    const key = `hd:${MOSAIC_VERSION}:${year}:${mark}/${tile.z}/${tile.x}/${tile.y}`;
    const cache = this.options.cache;
    const png = cache
      ? (await cache.getOrMake(key, () => this.paint(year, tile))).bytes
      : await this.paint(year, tile);
    return { status: TileStatus.Ok, png };
  }

  /**
   * The scenes under the tile, least cloudy first, each painted where the ones before left it
   * empty. A scene whose footprint lies wholly under painted pixels could add nothing and is not
   * drawn (its footprint mask is cheap; drawing is not), so the drawing budget goes to gaps.
   */
  private async paint(year: number, tile: TileAddress): Promise<Buffer> {
    const scenes = await this.repository.scenesUnder(year, tileLonLatBox(tile), this.maxCandidates);
    const canvas = new Uint8Array(HD_TILE_SIZE * HD_TILE_SIZE * 4);
    const request = {
      crs: 'EPSG:3857' as const,
      bbox: tileMercatorBox(tile),
      width: HD_TILE_SIZE,
      height: HD_TILE_SIZE,
    };
    let drawn = 0;
    for (const scene of scenes) {
      if (!adds(canvas, rasteriseFootprint(scene.footprint, request))) continue;
      const layer = await rgbaOf(await this.renderer.render(scene, request));
      if (paintUnder(canvas, layer) || ++drawn >= this.maxScenes) break;
    }
    return encodePng(canvas, HD_TILE_SIZE, HD_TILE_SIZE);
  }
}
