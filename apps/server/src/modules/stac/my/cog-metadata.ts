import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { fromFile } from 'geotiff';
import { LruCache } from '../../tiles';

/**
 * What a STAC Item says of a delivered COG, read from the file itself: fulfilment writes the CRS,
 * grid and size only into the package (the COG and the package's own STAC Item), not into the
 * database, and the file is the truth GDAL will read. Read once per copy of the file (its path,
 * size and modification time), then kept: the header is a few kilobytes, the checksum a full read.
 */

export interface CogMetadata {
  /** EPSG code of the CRS (projected, else geographic); null when the file names none */
  epsg: number | null;
  /** [rows, columns] */
  shape: [number, number];
  /** STAC's order: [xRes, xSkew, originX, ySkew, yRes, originY] (GDAL's geotransform regrouped) */
  transform: [number, number, number, number, number, number];
  /** [minX, minY, maxX, maxY] in the CRS */
  bbox: [number, number, number, number];
  /** bytes */
  size: number;
  /** multihash of the bytes: 0x12 (SHA2-256), 0x20 (32 bytes), the digest; hex */
  checksum: string;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readMetadata(path: string, size: number): Promise<CogMetadata> {
  const tiff = await fromFile(path);
  try {
    const image = await tiff.getImage(0);
    const [originX, originY] = image.getOrigin() as [number, number];
    const [resX, resY] = image.getResolution() as [number, number];
    const keys = (image.getGeoKeys() ?? {}) as Record<string, number | undefined>;
    const epsg = keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey ?? null;
    return {
      // 32767: "user-defined", no EPSG code.
      epsg: epsg !== null && epsg !== 32767 ? epsg : null,
      shape: [image.getHeight(), image.getWidth()],
      transform: [resX, 0, originX, 0, resY, originY],
      bbox: image.getBoundingBox() as [number, number, number, number],
      size,
      checksum: `1220${await sha256Of(path)}`,
    };
  } finally {
    await tiff.close();
  }
}

export class CogMetadataReader {
  private readonly kept = new LruCache<string, CogMetadata>(10_000);

  /** The metadata of the COG at `path` (a local file: the tiles' cached copy). */
  async read(path: string): Promise<CogMetadata> {
    const info = await stat(path);
    const key = JSON.stringify([path, info.size, info.mtimeMs]);
    return this.kept.get(key, () => readMetadata(path, info.size));
  }
}
