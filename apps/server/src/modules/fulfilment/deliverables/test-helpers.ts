import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { fromArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { landsat8SubsetScene } from '../../tiles';
import type { DeliverableScene, LonLatMultiPolygon } from './types';

/** Test helpers of the deliverables (not used by the product). */

export const UTM16N = '+proj=utm +zone=16 +datum=WGS84 +units=m +no_defs';
export const toUtm16 = (lon: number, lat: number): [number, number] =>
  proj4('EPSG:4326', UTM16N, [lon, lat]) as [number, number];

/** The Landsat 8 subset as the order stores it. */
export async function landsatScene(): Promise<DeliverableScene> {
  const subset = await landsat8SubsetScene();
  return {
    sceneId: subset.sceneId,
    time: subset.acquiredAt.toISOString(),
    satId: 7,
    satName: 'Landsat 8',
    satGroupName: 'Landsat',
    sensorType: 1,
    imageGsd: subset.gsd,
    cc: subset.cloudCover,
    ona: 0,
    productQuality: 'A',
    boundaries: subset.footprint.coordinates,
  };
}

export const simulatedScene: DeliverableScene = {
  sceneId: 'SIM-DELIVERABLE-1',
  time: '2024-05-01T10:20:30Z',
  satId: 9,
  satName: 'Simulated 1',
  sensorType: 1,
  imageGsd: 0.5,
  cc: 25,
  ona: -12.5,
  productQuality: 'B',
  boundaries: [
    [
      [10, 45],
      [10.2, 45.01],
      [10.21, 45.16],
      [10.01, 45.15],
      [10, 45],
    ],
  ],
};

const polygon = (points: Array<[number, number]>) => [[...points, points[0]!]];

/**
 * Two triangles: one inside the Landsat subset (≈ −87.49…−87.30, 30.64…30.80), one inside the
 * simulated scene. Each leaves corners of its bounding box outside it, where a clipped COG must
 * read nodata.
 */
export const clipAoi: LonLatMultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    polygon([
      [-87.45, 30.66],
      [-87.35, 30.66],
      [-87.4, 30.76],
    ]),
    polygon([
      [10.05, 45.03],
      [10.15, 45.03],
      [10.1, 45.12],
    ]),
  ],
};

/** Points inside and outside (but within the bounding box of) each triangle. */
export const probes = {
  landsatInside: [-87.4, 30.69] as const,
  landsatOutside: [-87.44, 30.75] as const,
  simulatedInside: [10.1, 45.06] as const,
  simulatedOutside: [10.06, 45.11] as const,
  /** inside the simulated footprint's bounding box, below its southern edge */
  simulatedOutsideFootprint: [10.205, 45.003] as const,
};

export async function unzipPackage(path: string): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await readFile(path)));
}

export interface CogView {
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  overviews: number;
  geoKeys: Record<string, unknown>;
  bbox: number[];
  nodata: number | null;
  /** the value of every band at a CRS coordinate */
  at(x: number, y: number): Promise<number[]>;
}

export async function openCog(bytes: Uint8Array): Promise<CogView> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const tiff = await fromArrayBuffer(buffer);
  const image = await tiff.getImage(0);
  const count = await tiff.getImageCount();
  const bbox = image.getBoundingBox();
  const [resX, resY] = image.getResolution() as [number, number];
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    tileWidth: image.getTileWidth(),
    tileHeight: image.getTileHeight(),
    overviews: count - 1,
    geoKeys: image.getGeoKeys() as Record<string, unknown>,
    bbox,
    nodata: image.getGDALNoData(),
    async at(x, y) {
      const col = Math.floor((x - bbox[0]!) / resX);
      const row = Math.floor((y - bbox[3]!) / resY);
      if (col < 0 || row < 0 || col >= image.getWidth() || row >= image.getHeight()) {
        throw new Error(`(${x}, ${y}) is outside the raster`);
      }
      const rasters = (await image.readRasters({
        window: [col, row, col + 1, row + 1],
      })) as unknown as ArrayLike<number>[];
      return Array.from(rasters, (band) => band[0]!);
    },
  };
}

/** The UTM 16N box of the Landsat clip triangle's corners (its edges are straight in UTM too, near enough). */
export function landsatClipBoundsUtm(): [number, number, number, number] {
  const corners = clipAoi.coordinates[0]![0]!.map(([lon, lat]) => toUtm16(lon!, lat!));
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
