import {
  type MyDataBatch,
  type MyDataScene,
  WmtsMatrixSet,
  WmtsStyle,
  wmtsLayerOf,
} from '@satportal/contract';
import { formatTypeOf } from './delivered-scenes.repository';
import type { MyDataBatchRow, MyDataRow } from './my-data.repository';

type LngLat = { lng: number; lat: number };

const toLngLat = (ring: unknown): LngLat[] =>
  (Array.isArray(ring) ? ring : []).map((p) => ({ lng: Number(p[0]), lat: Number(p[1]) }));

/** Outer rings of a Polygon or MultiPolygon (a part's holes are not drawn as areas of their own). */
function outerRings(g: { type: string; coordinates: unknown } | null): LngLat[][] {
  if (!g || !Array.isArray(g.coordinates)) return [];
  if (g.type === 'Polygon') return [toLngLat(g.coordinates[0])];
  if (g.type === 'MultiPolygon') return g.coordinates.map((polygon) => toLngLat(polygon?.[0]));
  return [];
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function toMyDataScene(r: MyDataRow): MyDataScene {
  const sceneId = text(r.scene.sceneId);
  return {
    sceneId,
    orderNo: r.order_number,
    imageTime: r.image_time.toISOString(),
    batchName: r.order_number,
    satGroupName: text(r.scene.satGroupName),
    satName: text(r.scene.satName),
    imageGsd: num(r.scene.imageGsd),
    // radar scenes carry no cloud cover
    cloudCover: num(r.scene.cc),
    level: r.level,
    deliveredAt: r.delivered_at.toISOString(),
    boundaries: outerRings(r.area),
    sceneAoi: { cors: outerRings(r.first_aoi)[0] ?? [] },
    // a streamed order is served as a WMTS layer (spec 000 §3 accessType)
    accessType: r.process_mode === 'STREAMING_GEOTIFF' ? 'WMTS' : 'XYZ',
    formatType: formatTypeOf(r.level),
    wmtsLayer: wmtsLayerOf(r.order_number, sceneId),
    wmtsMatrixSet: WmtsMatrixSet,
    wmtsStyle: WmtsStyle,
  };
}

export const toMyDataBatch = (r: MyDataBatchRow): MyDataBatch => ({
  batchName: r.order_number,
  minImageTime: r.min_time.toISOString(),
  maxImageTime: r.max_time.toISOString(),
});
