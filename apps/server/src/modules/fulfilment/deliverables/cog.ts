import { type GdalDataset, type GdalJob, gdalError } from './gdal';

/**
 * The Cloud-Optimized GeoTIFF every deliverable is written as: GDAL's COG driver, 256 × 256
 * tiles, overviews down to one tile (averaged, nodata excluded), lossless DEFLATE with the
 * horizontal predictor, nodata 0, red/green/blue colour interpretation, and the delivery's
 * facts as GDAL metadata items (so a GIS shows them).
 */
export const COG_BLOCK_SIZE = 256;

export async function writeCog(
  job: GdalJob,
  source: GdalDataset,
  metadata: Record<string, string>,
): Promise<Uint8Array> {
  const options = [
    '-of',
    'COG',
    '-a_nodata',
    '0',
    '-colorinterp',
    'red,green,blue',
    '-co',
    `BLOCKSIZE=${COG_BLOCK_SIZE}`,
    '-co',
    'COMPRESS=DEFLATE',
    '-co',
    'PREDICTOR=YES',
    '-co',
    'OVERVIEW_RESAMPLING=AVERAGE',
    '-co',
    'OVERVIEWS=IGNORE_EXISTING',
    ...Object.entries(metadata)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([key, value]) => ['-mo', `${key}=${value}`]),
  ];
  try {
    const out = await job.gdal.gdal_translate(source, options, job.outputName('scene'));
    return job.read(out.local);
  } catch (error) {
    throw gdalError('COG writing', error);
  }
}

export const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
