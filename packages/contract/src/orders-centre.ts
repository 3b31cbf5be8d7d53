import { type Static, Type } from 'typebox';
import { ProductQualitySchema } from './archive';
import { SensorTypeSchema } from './catalogue';
import { ListOf } from './envelope';
import { Limits } from './limits';
import {
  CurrencySchema,
  OrderKindSchema,
  OrderTag,
  PrioritySchema,
  ProcessingLevelSchema,
  ProcessModeSchema,
  RequestInfo,
} from './orders';
import { TaskingPass } from './tasking';
import { Id, Int32, SingleLineText } from './text';

/**
 * The order centre (spec 001 §2 "Order centre", "Order detail"; §3 "Order list item", "Order
 * detail (oi.od)"; §4 states and tabs; §7 GET order list, POST order detail, POST order cancel).
 */

/** The tabs of the order centre (spec 001 §4) and the statuses each shows; absent: all. */
export const OrderTabs = {
  processing: [11, 21, 31],
  successful: [32, 34],
  failed: [12, 22, 33],
} as const;
export type OrderTab = keyof typeof OrderTabs;

/** Statuses an order may be cancelled in (spec 001 §4 "Cancel is offered only for 11, 21, 31, 34"). */
export const CancellableStatuses: readonly number[] = [11, 21, 31, 34];

/** Delivery states of a terms entry (spec 001 §4). */
export const TermStates = {
  Failed: -3,
  Initialised: -2,
  Submitted: -1,
  Executing: 1,
  PartiallyComplete: 4,
  Complete: 5,
  Closed: 10,
  Rejected: 98,
  Cancelled: 99,
  Unknown: 100,
} as const;

/** `GET order list` (spec 001 §7): number, start, length 10, status, tag. */
export const OrderListQuery = Type.Object({
  number: Type.Optional(
    SingleLineText({
      maxLength: 100,
      description: 'part of the order number or of an AOI name, any case',
    }),
  ),
  start: Type.Optional(Int32({ minimum: 0, default: 0 })),
  length: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Limits.orderPageMax, default: Limits.orderPageSize }),
  ),
  status: Type.Optional(
    Type.Enum(['processing', 'successful', 'failed'], {
      description: 'the tab: processing 11, 21, 31; successful 32, 34; failed 12, 22, 33; absent: all',
    }),
  ),
  tag: Type.Optional(OrderTag),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

/** Order list item (spec 001 §3). */
export const OrderListItem = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  time: Type.String({ format: 'date-time', description: 'when the order was placed, UTC' }),
  type: OrderKindSchema,
  status: Type.Integer({ description: 'spec 001 §4 order status' }),
  tag: Type.Union([Type.String(), Type.Null()]),
  processMode: ProcessModeSchema,
  aois: Type.Array(Type.Object({ name: Type.Union([Type.String(), Type.Null()]) }), {
    description: 'the ordered AOIs; empty for whole scenes',
  }),
});
export type OrderListItem = Static<typeof OrderListItem>;

export const OrderListResponse = ListOf(OrderListItem, "the caller's orders, newest first");
export type OrderListResponse = Static<typeof OrderListResponse>;

/** The body of `POST order detail` and `POST order cancel`: the order's id. */
export const OrderIdBody = Type.Object({ id: Id() });
export type OrderIdBody = Static<typeof OrderIdBody>;

const LatLng = Type.Object({ lat: Type.Number(), lng: Type.Number() });

/** An AOI of the order detail: its name, outer ring (`geometry.cors`) and geodesic area. */
export const OrderDetailAoi = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  id: Type.Union([Type.Integer(), Type.Null()], { description: 'null: the order keeps its own copy' }),
  geometry: Type.Object({
    cors: Type.Array(LatLng, { description: 'the outer ring of the first polygon, closed' }),
  }),
  area: Type.Number({ description: 'km², geodesic, 2 decimals' }),
});

/** A scene of a terms entry (spec 001 §3 `ips`). */
export const OrderDetailScene = Type.Object({
  sceneId: Type.String(),
  time: Type.String({ format: 'date-time' }),
  satGroupName: Type.String(),
  satId: Type.Integer(),
  satName: Type.String(),
  sensorType: SensorTypeSchema,
  imageGsd: Type.Number(),
  cc: Type.Union([Type.Number(), Type.Null()]),
  ona: Type.Union([Type.Number(), Type.Null()]),
  productQuality: ProductQualitySchema,
  inGeoServer: Type.Boolean({ description: 'the delivered image can be shown on the map (fulfilment)' }),
  ossKey: Type.Union([Type.String(), Type.Null()], { description: 'the delivered file (fulfilment)' }),
  sceneArea: Type.Number({ description: 'the ordered area of the scene, km²' }),
  boundaries: Type.Array(Type.Array(Type.Array(Type.Number())), {
    description: 'the footprint: outer ring of each part, [lon, lat] (the map-view toggle)',
  }),
});

/**
 * Why a tasking pass was not shot (spec 001 §2 shooting-process list: comments,
 * visibleTimeAndDuration, cloudCover, roll). `reason` is the rule that refused it (docs/ORDERING.md
 * "Captures"); `comments` says the same in English for mails and operators, the browser translates
 * `reason`.
 */
export const NotShotReason = Type.Object({
  reason: Type.Enum(['cloud', 'roll', 'conflict', 'cancelled'], {
    description:
      'cloud: the sky at the pass was cloudier than ordered; roll: the target needed more roll than the ' +
      "satellite's agility; conflict: the satellite was already committed to an earlier order then; " +
      'cancelled: the order was cancelled before the pass',
  }),
  comments: Type.String(),
  visibleTimeAndDuration: Type.Object({
    time: Type.String({ format: 'date-time', description: 'the pass start, UTC' }),
    durationSeconds: Type.Number(),
  }),
  cloudCover: Type.Union([Type.Number(), Type.Null()], { description: '% of the sky at the pass' }),
  roll: Type.Union([Type.Number(), Type.Null()], { description: 'degrees the pass needed' }),
});
export type NotShotReason = Static<typeof NotShotReason>;

/** A delivery terms entry (spec 001 §3 `ippis`): one scene (archive) or one pass (tasking). */
export const OrderTerms = Type.Object({
  id: Type.Integer(),
  priority: PrioritySchema,
  state: Type.Integer({ description: 'spec 001 §4 delivery state' }),
  pkgUrl: Type.Union([Type.String(), Type.Null()], {
    description:
      'the package link once delivered: `/api/v1/oss/<key>?Expires=<unix seconds>&Signature=…`, fetched ' +
      'with the session (only the owner); null before delivery and after the link expired',
  }),
  pkgLng: Type.Union([Type.Number(), Type.Null()], { description: 'the package size, bytes' }),
  expires: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ips: Type.Array(OrderDetailScene),
  pass: Type.Union([TaskingPass, Type.Null()], { description: 'tasking: the ordered pass' }),
  notShotReasons: Type.Array(NotShotReason, { description: 'tasking: why a pass was not shot' }),
});
export type OrderTerms = Static<typeof OrderTerms>;

/** Order detail (spec 001 §3 `oi.od`). */
export const OrderDetail = Type.Object({
  id: Type.Integer(),
  number: Type.String(),
  time: Type.String({ format: 'date-time' }),
  status: Type.Integer(),
  type: OrderKindSchema,
  aois: Type.Array(OrderDetailAoi),
  satGroups: Type.Array(Type.String()),
  satIds: Type.Array(Type.Integer()),
  isOrderBySceneId: Type.Boolean(),
  condition: Type.Unknown({ description: 'the search or prediction condition ordered from; null when none' }),
  sensor: Type.Unknown({ description: 'the search or prediction sensor choice; null when none' }),
  tag: Type.Union([Type.String(), Type.Null()]),
  process: Type.Object({
    level: ProcessingLevelSchema,
    clipping: Type.Boolean(),
    processMode: ProcessModeSchema,
    isQualityTesting: Type.Boolean(),
    isManualRecheck: Type.Boolean(),
  }),
  priority: PrioritySchema,
  requestInfo: Type.Object({
    type: Type.Enum([1, 2], { description: '1 for an end user, 2 for internal use' }),
    requestInfo: Type.Union([RequestInfo, Type.Null()]),
  }),
  orderArea: Type.Number(),
  overlapArea: Type.Number(),
  totalArea: Type.Number(),
  overlapChargeableArea: Type.Number(),
  estimatedOrderAmount: Type.Number(),
  currencyType: CurrencySchema,
  ippis: Type.Array(OrderTerms),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const OrderDetailResponse = Type.Object({ oi: Type.Object({ od: OrderDetail }) });
export type OrderDetailResponse = Static<typeof OrderDetailResponse>;

/**
 * `GET oss/` (spec 001 §7): a delivered file by its key. The link is signed by the server
 * (HMAC of key and expiry) and good until `Expires`; the session must be the order's owner's.
 */
export const DownloadQuery = Type.Object({
  Expires: Type.Integer({ minimum: 0, description: 'unix seconds after which the link is refused' }),
  Signature: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** `POST order cancel`: 2000 cancelled, 2001 cancelled but for the terms already complete. */
export const OrderCancelResponse = Type.Object({
  status: Type.Integer({ description: 'the order status after cancelling: 41' }),
  cancelled: Type.Integer({ description: 'terms entries set to 99 cancelled' }),
  kept: Type.Integer({ description: 'terms entries already complete (5): they stay delivered' }),
});
export type OrderCancelResponse = Static<typeof OrderCancelResponse>;
