import sharp from 'sharp';
import { QUICKLOOK_MAX_SIZE, type QuicklookRenderer, rasteriseFootprint } from '../../tiles';
import { writeCog } from './cog';
import type { GdalJob } from './gdal';
import { lonLatBbox } from './geometry';
import type { DeliveredBand, SceneRasterInfo } from './raster-types';
import type { DeliverableScene, LonLatMultiPolygon } from './types';

/**
 * Deliverables of simulated scenes: the quicklook renderer's picture (global image, ground
 * texture, the scene's clouds) drawn over the delivered area in EPSG:4326 — the CRS the
 * renderer draws in, and one that holds a scene anywhere (poles, ±180°) without choosing a
 * zone. Pixels outside the delivered area (footprint, or footprint ∩ AOI) are 0 = nodata;
 * inside, each channel is at least 1.
 *
 * Pixel size rule: the scene's nominal GSD, coarsened so the longer side has at most
 * MAX_SIDE pixels (a 0.5 m scene of 15 km would otherwise be 30,000 pixels wide). Pixels are
 * square in metres at the area's centre latitude (x in degrees = y / cos(latitude)).
 */
export const MAX_SIDE = QUICKLOOK_MAX_SIZE;
const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON = 111_320;

export interface SimulatedGrid {
  west: number;
  north: number;
  resLon: number;
  resLat: number;
  width: number;
  height: number;
  gsdMetres: number;
}

export function simulatedGrid(area: LonLatMultiPolygon, nominalGsd: number): SimulatedGrid {
  const [minLon, minLat, maxLon, maxLat] = lonLatBbox(area);
  const centreLat = (minLat + maxLat) / 2;
  const cos = Math.max(0.01, Math.cos((centreLat * Math.PI) / 180));
  const widthMetres = (maxLon - minLon) * METRES_PER_DEGREE_LON * cos;
  const heightMetres = (maxLat - minLat) * METRES_PER_DEGREE_LAT;
  const gsd = Number.isFinite(nominalGsd) && nominalGsd > 0 ? nominalGsd : 1;
  const gsdMetres = Math.max(gsd, Math.max(widthMetres, heightMetres) / MAX_SIDE);
  const resLat = gsdMetres / METRES_PER_DEGREE_LAT;
  const resLon = gsdMetres / (METRES_PER_DEGREE_LON * cos);
  const width = Math.min(MAX_SIDE, Math.max(1, Math.ceil((maxLon - minLon) / resLon - 1e-9)));
  const height = Math.min(MAX_SIDE, Math.max(1, Math.ceil((maxLat - minLat) / resLat - 1e-9)));
  return { west: minLon, north: maxLat, resLon, resLat, width, height, gsdMetres };
}

export const SIMULATED_PIXEL_RULE = `nominal GSD, coarsened so the longer side is at most ${MAX_SIDE} pixels; square in metres at the centre latitude`;

const BANDS: DeliveredBand[] = (['red', 'green', 'blue'] as const).map((name) => ({
  name,
  common_name: name,
  description: `simulated ${name}`,
  data_type: 'uint8',
}));

export async function simulatedCog(
  job: GdalJob,
  renderer: QuicklookRenderer,
  scene: DeliverableScene,
  footprint: LonLatMultiPolygon,
  area: LonLatMultiPolygon,
  metadata: Record<string, string>,
): Promise<{ cog: Uint8Array; info: Omit<SceneRasterInfo, 'geometry'> }> {
  const g = simulatedGrid(area, scene.imageGsd);
  const bbox = {
    minX: g.west,
    maxX: g.west + g.width * g.resLon,
    maxY: g.north,
    minY: g.north - g.height * g.resLat,
  };
  const png = await renderer.render(
    {
      id: scene.sceneId,
      footprint,
      cloudCover: scene.cc,
      provenance: 'simulated',
      sensorType: scene.sensorType,
    },
    { crs: 'EPSG:4326', bbox, width: g.width, height: g.height },
  );
  const rgba = await sharp(png).ensureAlpha().raw().toBuffer();
  const inside = rasteriseFootprint(area, { crs: 'EPSG:4326', bbox, width: g.width, height: g.height });
  const rgb = new Uint8Array(g.width * g.height * 3);
  for (let p = 0; p < inside.length; p++) {
    if (!inside[p] || rgba[p * 4 + 3] === 0) continue;
    rgb[p * 3] = Math.max(1, rgba[p * 4]!);
    rgb[p * 3 + 1] = Math.max(1, rgba[p * 4 + 1]!);
    rgb[p * 3 + 2] = Math.max(1, rgba[p * 4 + 2]!);
  }
  const rawPath = job.write('pixels.raw', rgb);
  const transform: [number, number, number, number, number, number] = [
    g.west,
    g.resLon,
    0,
    g.north,
    0,
    -g.resLat,
  ];
  const bands = [0, 1, 2].map(
    (i) => `  <VRTRasterBand dataType="Byte" band="${i + 1}" subClass="VRTRawRasterBand">
    <NoDataValue>0</NoDataValue>
    <SourceFilename relativeToVRT="0">${rawPath}</SourceFilename>
    <ImageOffset>${i}</ImageOffset><PixelOffset>3</PixelOffset><LineOffset>${g.width * 3}</LineOffset>
  </VRTRasterBand>`,
  );
  const vrt = `<VRTDataset rasterXSize="${g.width}" rasterYSize="${g.height}">
  <SRS dataAxisToSRSAxisMapping="2,1">EPSG:4326</SRS>
  <GeoTransform>${transform.join(', ')}</GeoTransform>
${bands.join('\n')}
</VRTDataset>`;
  const source = await job.open(job.write('pixels.vrt', vrt));
  const pixelSizeRule = `${SIMULATED_PIXEL_RULE}: ${g.gsdMetres.toFixed(2)} m (nominal ${scene.imageGsd} m)`;
  const cog = await writeCog(job, source, { ...metadata, PIXEL_SIZE_RULE: pixelSizeRule });
  return {
    cog,
    info: {
      source: 'simulated',
      product: 'natural-colour',
      epsg: 4326,
      width: g.width,
      height: g.height,
      pixelSize: [g.resLon, g.resLat],
      gsdMetres: g.gsdMetres,
      bounds: [bbox.minX, bbox.minY, bbox.maxX, bbox.maxY],
      transform,
      bands: BANDS,
      pixelSizeRule,
    },
  };
}
