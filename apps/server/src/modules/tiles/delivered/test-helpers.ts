import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { fromArrayBuffer, type GeoTIFFImage } from 'geotiff';
import type { ObjectStore } from '../../../storage';
import { cogEntryName } from '../../fulfilment';
import { type DeliverableScene, makePackage } from '../../fulfilment/deliverables';
import { DiskCache } from '../cache/disk-cache';
import { type DeliveredScenes, DeliveredTiles } from './delivered-tiles';

// Delivered packages made for real (fulfilment's makePackage) and stored, for the tile tests and
// the tile benchmark.

/** Makes the package of one terms entry and stores it under `packageKey`; its COGs by entry name. */
export async function storePackage(
  objects: ObjectStore,
  packageKey: string,
  input: { orderNo: string; termsId: number; level: number; scenes: DeliverableScene[]; workDir: string },
): Promise<Record<string, Uint8Array>> {
  const made = await makePackage({
    orderNumber: input.orderNo,
    termsId: input.termsId,
    level: input.level,
    clipAoi: null,
    scenes: input.scenes,
    workDir: input.workDir,
  });
  await objects.put(packageKey, { path: made.path }, { contentType: 'application/zip' });
  const files = unzipSync(new Uint8Array(await readFile(made.path)));
  const cogs: Record<string, Uint8Array> = {};
  for (const scene of input.scenes) {
    const name = cogEntryName(scene.sceneId, input.level);
    cogs[scene.sceneId] = files[name]!;
  }
  return cogs;
}

/** The delivered tiles over `scenes` and `objects`, caching under `cacheDir`. */
export function deliveredTilesFor(
  scenes: DeliveredScenes,
  objects: ObjectStore,
  cacheDir: string,
  tileCacheBytes = 256 * 1024 * 1024,
): DeliveredTiles {
  return new DeliveredTiles({
    scenes,
    objects,
    cogEntryName,
    tileCache: new DiskCache({ dir: join(cacheDir, 'tiles'), maxBytes: tileCacheBytes }),
    cogCache: new DiskCache({ dir: join(cacheDir, 'cogs'), maxBytes: 1024 * 1024 * 1024 }),
  });
}

/** A COG read as the tests check it: band values near a point of its CRS. */
export interface CogProbe {
  image: GeoTIFFImage;
  /** full-resolution pixel size in CRS units */
  res: number;
  /** per band, the smallest and largest value of the 3 × 3 pixels around (x, y), or null outside */
  around(x: number, y: number): Promise<Array<[number, number]> | null>;
}

export async function probeCog(bytes: Uint8Array): Promise<CogProbe> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const image = await (await fromArrayBuffer(buffer)).getImage(0);
  const [minX, , , maxY] = image.getBoundingBox() as [number, number, number, number];
  const [resX, resY] = image.getResolution() as [number, number];
  return {
    image,
    res: Math.abs(resX),
    async around(x, y) {
      const col = Math.floor((x - minX) / Math.abs(resX));
      const row = Math.floor((maxY - y) / Math.abs(resY));
      if (col < 1 || row < 1 || col + 2 > image.getWidth() || row + 2 > image.getHeight()) return null;
      const bands = (await image.readRasters({
        window: [col - 1, row - 1, col + 2, row + 2],
      })) as unknown as ArrayLike<number>[];
      return Array.from(bands, (band) => {
        const values = Array.from(band);
        return [Math.min(...values), Math.max(...values)] as [number, number];
      });
    },
  };
}
