import { type Static, Type } from 'typebox';
import { ListOf } from './envelope';
import { Int32, SingleLineText } from './text';

/**
 * My data (spec 000 §2 "My data panel", §3 "My-data scene", §7 my-data list and batch names):
 * the caller's delivered scenes. A batch is one order's delivery: its name is the order number.
 */

export const MyDataPageSize = 1000;

/** `POST my-data list`: start, length (1000), startTime, endTime, batchName, sceneId, aoi. */
export const MyDataListRequest = Type.Object({
  start: Type.Optional(Int32({ minimum: 0, default: 0 })),
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: MyDataPageSize, default: MyDataPageSize })),
  startTime: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'UTC; imageTime on or after (spec: the day at 00:00:00)',
    }),
  ),
  endTime: Type.Optional(
    Type.String({
      format: 'date-time',
      description: 'UTC; imageTime on or before (spec: the day at 23:59:59)',
    }),
  ),
  batchName: Type.Optional(
    SingleLineText({ maxLength: 100, description: 'exact batch name (an order number)' }),
  ),
  sceneId: Type.Optional(SingleLineText({ maxLength: 200, description: 'part of a scene id, any case' })),
  aoi: Type.Optional(
    SingleLineText({ maxLength: 100, description: "part of the order's AOI names, any case" }),
  ),
});
export type MyDataListRequest = Static<typeof MyDataListRequest>;

const LngLat = Type.Object({ lng: Type.Number(), lat: Type.Number() });

export const MyDataScene = Type.Object({
  sceneId: Type.String(),
  orderNo: Type.String(),
  imageTime: Type.String({ format: 'date-time' }),
  batchName: Type.String(),
  satGroupName: Type.String(),
  satName: Type.String(),
  imageGsd: Type.Number({ description: 'metres' }),
  cloudCover: Type.Number({ description: 'percent' }),
  /** processing level of the delivery (10 L1A … 22 L3D) */
  level: Type.Integer(),
  deliveredAt: Type.String({ format: 'date-time' }),
  /** the delivered area (footprint, or its intersection with the clip AOI), lon/lat rings */
  boundaries: Type.Array(Type.Array(LngLat)),
  /** the order's AOI (its first polygon's outer ring), for positioning; empty for whole scenes */
  sceneAoi: Type.Object({ cors: Type.Array(LngLat) }),
  accessType: Type.Union([Type.Literal('XYZ'), Type.Literal('WMTS')]),
  // spelled out: a mapped array is no tuple, and Type.Union of it is typed `never`
  formatType: Type.Union([Type.Literal('PNG'), Type.Literal('WEBP')]),
  wmtsLayer: Type.String(),
  wmtsMatrixSet: Type.String(),
  wmtsStyle: Type.String(),
});
export type MyDataScene = Static<typeof MyDataScene>;

export const MyDataList = ListOf(MyDataScene, 'delivered scenes, newest image first');
export type MyDataList = Static<typeof MyDataList>;

export const MyDataBatch = Type.Object({
  batchName: Type.String(),
  minImageTime: Type.String({ format: 'date-time' }),
  maxImageTime: Type.String({ format: 'date-time' }),
});
export const MyDataBatches = Type.Array(MyDataBatch);
export type MyDataBatch = Static<typeof MyDataBatch>;
