import { join } from 'node:path';
import { fromFile } from 'geotiff';
import { LANDSAT8_SUBSET_FOLDER } from '../../tiles';
import { writeCog, xmlEscape } from './cog';
import { type GdalJob, gdalError, mountFolder } from './gdal';
import { featureCollection } from './geometry';
import type { DeliveredProduct } from './levels';
import type { DeliveredBand, SceneRasterInfo } from './raster-types';
import type { LonLatMultiPolygon } from './types';

/**
 * Deliverables of the real Landsat 8 subset (data/imagery/landsat8): its bands in their own
 * CRS (WGS 84 / UTM 16N) and grid, never resampled: 30 m bands as recorded, or pansharpened to
 * the panchromatic band's 15 m grid. The footprint (or the clipped area) is the cutline of
 * gdalwarp: pixels whose centre lies outside are nodata (0; Landsat's own fill value).
 */

const BANDS = [
  { file: 'l8_B4.tif', name: 'B4', common_name: 'red' },
  { file: 'l8_B3.tif', name: 'B3', common_name: 'green' },
  { file: 'l8_B2.tif', name: 'B2', common_name: 'blue' },
] as const;
const PANCHROMATIC = 'l8_B8.tif';

function multispectralVrt(folder: string): string {
  // A stack of the three band files (VRT, no copy of the pixels).
  const bands = BANDS.map(
    (b, i) => `  <VRTRasterBand dataType="UInt16" band="${i + 1}">
    <NoDataValue>0</NoDataValue>
    <SimpleSource><SourceFilename relativeToVRT="0">${xmlEscape(`${folder}/${b.file}`)}</SourceFilename><SourceBand>1</SourceBand></SimpleSource>
  </VRTRasterBand>`,
  );
  return `<VRTDataset rasterXSize="__W__" rasterYSize="__H__">\n${bands.join('\n')}\n</VRTDataset>`;
}

function pansharpenedVrt(folder: string): string {
  const spectral = BANDS.map(
    (b, i) =>
      `    <SpectralBand dstBand="${i + 1}"><SourceFilename relativeToVRT="0">${xmlEscape(`${folder}/${b.file}`)}</SourceFilename><SourceBand>1</SourceBand></SpectralBand>`,
  );
  return `<VRTDataset subClass="VRTPansharpenedDataset">
  <PansharpeningOptions>
    <NoData>0</NoData>
    <PanchroBand><SourceFilename relativeToVRT="0">${xmlEscape(`${folder}/${PANCHROMATIC}`)}</SourceFilename><SourceBand>1</SourceBand></PanchroBand>
${spectral.join('\n')}
  </PansharpeningOptions>
</VRTDataset>`;
}

/** 2nd and 98th percentiles of each band's valid pixels (the natural-colour stretch). */
async function stretchOf(folder: string): Promise<Array<[number, number]>> {
  const out: Array<[number, number]> = [];
  for (const band of BANDS) {
    const tiff = await fromFile(join(folder, band.file));
    try {
      const image = await tiff.getImage(0);
      const [raster] = (await image.readRasters({ samples: [0] })) as unknown as [Uint16Array];
      const valid = Uint16Array.from(raster.filter((v) => v > 0)).sort();
      const lo = valid[Math.floor(0.02 * (valid.length - 1))] ?? 1;
      const hi = valid[Math.ceil(0.98 * (valid.length - 1))] ?? 2;
      out.push([Math.max(2, lo), Math.max(lo + 1, hi)]);
    } finally {
      await tiff.close();
    }
  }
  return out;
}

/**
 * 16-bit → 8-bit natural colour: a lookup table per band keeps 0 (nodata) at 0 and maps the
 * stretch [lo, hi] to 1–255, clamped, so no valid pixel becomes 0.
 */
function naturalColourVrt(
  warpedPath: string,
  width: number,
  height: number,
  stretch: Array<[number, number]>,
  georeference: { epsg: number; geoTransform: number[] },
): string {
  const bands = stretch.map(
    ([lo, hi], i) => `  <VRTRasterBand dataType="Byte" band="${i + 1}">
    <NoDataValue>0</NoDataValue>
    <ComplexSource><SourceFilename relativeToVRT="0">${xmlEscape(warpedPath)}</SourceFilename><SourceBand>${i + 1}</SourceBand>
      <LUT>0:0,1:1,${lo}:1,${hi}:255,65535:255</LUT></ComplexSource>
  </VRTRasterBand>`,
  );
  // A VRT has no georeferencing unless it says so: without these the COG would have none.
  const srs = `  <SRS dataAxisToSRSAxisMapping="1,2">EPSG:${georeference.epsg}</SRS>\n  <GeoTransform>${georeference.geoTransform.join(', ')}</GeoTransform>`;
  return `<VRTDataset rasterXSize="${width}" rasterYSize="${height}">\n${srs}\n${bands.join('\n')}\n</VRTDataset>`;
}

interface GdalInfoJson {
  size: [number, number];
  geoTransform: [number, number, number, number, number, number];
}

export async function landsat8Cog(
  job: GdalJob,
  imageryDir: string,
  product: DeliveredProduct,
  area: LonLatMultiPolygon,
  metadata: Record<string, string>,
): Promise<{ cog: Uint8Array; info: Omit<SceneRasterInfo, 'geometry'> }> {
  const realFolder = join(imageryDir, LANDSAT8_SUBSET_FOLDER);
  const folder = `${mountFolder(job.gdal, imageryDir)}/${LANDSAT8_SUBSET_FOLDER}`;
  const sharpened = product !== 'multispectral';
  let sourceVrt = sharpened ? pansharpenedVrt(folder) : multispectralVrt(folder);
  const tiff = await fromFile(join(realFolder, BANDS[0].file));
  const image = await tiff.getImage(0);
  const epsg = Number(image.getGeoKeys()?.ProjectedCSTypeGeoKey);
  if (!sharpened) {
    sourceVrt = sourceVrt
      .replace('__W__', String(image.getWidth()))
      .replace('__H__', String(image.getHeight()));
    // The stack takes its georeferencing from its first band (a VRT needs it written out).
    const [ox, oy] = image.getOrigin() as [number, number];
    const [rx, ry] = image.getResolution() as [number, number];
    const half = image.pixelIsArea() ? 0 : 0.5;
    const transform = [ox - half * rx, rx, 0, oy - half * ry, 0, ry].join(', ');
    sourceVrt = sourceVrt.replace(
      '>\n',
      `>\n  <SRS dataAxisToSRSAxisMapping="1,2">EPSG:${epsg}</SRS>\n  <GeoTransform>${transform}</GeoTransform>\n`,
    );
  }
  await tiff.close();
  const source = await job.open(job.write('source.vrt', sourceVrt));
  const cutline = job.write('area.geojson', featureCollection(area));
  let warpedPath: string;
  try {
    const out = await job.gdal.gdalwarp(
      source,
      ['-of', 'GTiff', '-cutline', cutline, '-crop_to_cutline', '-dstnodata', '0', '-r', 'near'],
      job.outputName('warped'),
    );
    warpedPath = out.local;
  } catch (error) {
    throw gdalError('clipping to the delivered area', error);
  }
  const warped = await job.open(warpedPath);
  const { size, geoTransform } = (await job.gdal.gdalinfo(warped)) as unknown as GdalInfoJson;
  const [width, height] = size;
  let final = warped;
  let dataType: DeliveredBand['data_type'] = 'uint16';
  if (product === 'natural-colour') {
    const stretch = await stretchOf(realFolder);
    final = await job.open(
      job.write('natural.vrt', naturalColourVrt(warpedPath, width, height, stretch, { epsg, geoTransform })),
    );
    dataType = 'uint8';
  }
  const [x0, rx, , y0, , ry] = geoTransform;
  const pixelSizeRule = `native ${rx} m: the ${sharpened ? "panchromatic band's" : "multispectral bands'"} own grid, not resampled`;
  const cog = await writeCog(job, final, { ...metadata, PIXEL_SIZE_RULE: pixelSizeRule });
  const bands: DeliveredBand[] = BANDS.map((b) => ({
    name: b.name,
    common_name: b.common_name,
    description: `Landsat 8 OLI ${b.name} (${b.common_name})${sharpened ? ', pansharpened with B8' : ''}`,
    data_type: dataType,
  }));
  return {
    cog,
    info: {
      source: 'real',
      product,
      epsg,
      width,
      height,
      pixelSize: [rx, -ry],
      gsdMetres: rx,
      bounds: [x0, y0 + height * ry, x0 + width * rx, y0],
      transform: geoTransform,
      bands,
      pixelSizeRule,
    },
  };
}
