import { type Static, Type } from 'typebox';
import { Aoi, SatelliteIds, SensorChoice } from './archive';
import { ListOf } from './envelope';
import { Limits } from './limits';
import { TaskingCondition } from './tasking';
import { Id, idListPattern, SingleLineText } from './text';

/**
 * Ordering (spec 000 §2 "Cart box", §3 "Area calculation response", §5 "Order area minimums",
 * §7; spec 001 §2 order dialogs, §3 order requests and tags, §5 order rules, §7 calls). The
 * meaning of every area and the price rules are in docs/ORDERING.md.
 */

/** Processing levels (spec 001 §3): 10 L1, 11 L1C, 20 L3A, 21 L3C, 22 L3D. */
export const ProcessingLevels = { L1: 10, L1C: 11, L3A: 20, L3C: 21, L3D: 22 } as const;
export type ProcessingLevel = (typeof ProcessingLevels)[keyof typeof ProcessingLevels];
export const ProcessingLevelSchema = Type.Enum([10, 11, 20, 21, 22], {
  description: '10 L1, 11 L1C (pansharpened), 20 L3A (orthorectified), 21 L3C, 22 L3D (natural colour)',
});

/**
 * Levels offered per sensor type (spec 000 §9, 001 §9; DESIGN §9: radar L1 only like night and
 * video): 1 optical, 2 night, 3 hyperspectral, 4 radar, 5 video.
 */
export const LevelsBySensorType: Record<1 | 2 | 3 | 4 | 5, readonly ProcessingLevel[]> = {
  1: [10, 11, 20, 21, 22],
  2: [10],
  3: [10, 20, 22],
  4: [10],
  5: [10],
};

/** Clipping is not offered for sensor types 2 (night), 4 (radar) and 5 (video) (spec 000 §5). */
export const SensorTypesWithoutClipping: readonly number[] = [2, 4, 5];

/** Processing modes (spec 001 §2); STREAMING_GEOTIFF allows level 22 (L3D) only. */
export const ProcessModes = ['GEOTIFF', 'STREAMING_GEOTIFF'] as const;
export type ProcessMode = (typeof ProcessModes)[number];
export const ProcessModeSchema = Type.Enum([...ProcessModes]);

/** Priorities (spec 000 §9): 1 Normal (Standard), 2 High (Priority), 3 VIP (Emergency). */
export const Priorities = { Normal: 1, High: 2, Vip: 3 } as const;
export const PrioritySchema = Type.Enum([1, 2, 3], { description: '1 Normal, 2 High, 3 VIP', default: 1 });

/** Currency of a price (spec 001 §9): 1 $, 2 €. */
export const CurrencySchema = Type.Enum([1, 2], { description: '1 US dollar, 2 euro' });

/** Order kinds of the spec's order list (001 §3): 1 archive, 4 tasking (2 is an older tasking code). */
export const OrderKinds = { Archive: 1, Tasking: 4 } as const;
export const OrderKindSchema = Type.Enum([1, 4], { description: '1 archive, 4 tasking' });

/** Order status (spec 001 §4). */
export const OrderStatus = {
  Auditing: 11,
  AuditFailed: 12,
  Processing: 21,
  ProcessFailed: 22,
  Paying: 31,
  Finished: 32,
  PayFailed: 33,
  PartialDelivery: 34,
  CancelledByUser: 41,
  CancelledByPlatform: 42,
} as const;

/** The `process` of an area calculation (spec 000 §7): one level or several (one order each). */
export const AreaProcess = Type.Object({
  level: Type.Optional(
    Type.Union([ProcessingLevelSchema, Type.Array(ProcessingLevelSchema, { maxItems: 5 }), Type.Null()], {
      description:
        'the level(s) to price; absent or empty: the cart box estimate, priced at the lowest level the sensor type offers',
    }),
  ),
  clipping: Type.Optional(Type.Boolean({ default: false, description: 'clip each scene to the AOI' })),
  isQualityTesting: Type.Optional(Type.Boolean({ default: false })),
  processMode: Type.Optional(ProcessModeSchema),
});
export type AreaProcess = Static<typeof AreaProcess>;

const SceneRef = Type.Object({ sceneId: SingleLineText({ minLength: 1, maxLength: 200 }) });

/** Scenes of one order request: the cart (spec 000 §7 `ips`). */
const OrderScenes = Type.Array(SceneRef, {
  maxItems: Limits.orderScenesMax,
  description: 'the scenes of the cart; at least one (order.nullbody)',
});

/** The search (taskId) the cart came from; absent when ordering by scene id. */
const SearchTaskId = Type.Optional(
  Type.Union([Type.String({ format: 'uuid' }), Type.Literal(''), Type.Null()], {
    description: 'the archive search the scenes came from (its AOIs are used when `aois` is absent)',
  }),
);

/** Area calculation request (spec 000 §7 "Area calculation"). */
export const AreaCalculationRequest = Type.Object({
  taskId: SearchTaskId,
  isOrderBySceneId: Type.Optional(
    Type.Boolean({ default: false, description: 'true: whole scenes, no AOI (a scene-id search)' }),
  ),
  ipr: Type.Object({
    priority: Type.Optional(PrioritySchema),
    process: AreaProcess,
    ips: OrderScenes,
    aois: Type.Optional(
      Type.Array(Aoi, {
        maxItems: Limits.aoisMax,
        description: "the AOIs to clip to; absent: the search's AOIs (taskId)",
      }),
    ),
  }),
});
export type AreaCalculationRequest = Static<typeof AreaCalculationRequest>;

/** A price estimate (spec 001 §3 "Price estimate"). */
export const PriceEstimate = Type.Object({
  level: ProcessingLevelSchema,
  currencyType: CurrencySchema,
  estimatedOrderAmount: Type.Number({ description: 'list price of the chargeable area, 2 decimals' }),
});
export type PriceEstimate = Static<typeof PriceEstimate>;

/** One satellite group's share of an order, checked against its minimums. */
export const GroupArea = Type.Object({
  satGroupName: Type.String(),
  orderArea: Type.Number({ description: "the union of the group's (clipped) scenes, km², 2 decimals" }),
  aoiWidth: Type.Union([Type.Number(), Type.Null()], {
    description:
      'width of the ordered area (shorter side of its smallest enclosing rectangle), km, 2 decimals; null without an AOI',
  }),
  orderMinArea: Type.Number({ description: 'km²' }),
  orderMinAoiWidth: Type.Number({ description: 'km' }),
});
export type GroupArea = Static<typeof GroupArea>;

/** Area calculation response (spec 000 §3); every area geodesic, km², 2 decimals. */
export const AreaCalculationResponse = Type.Object({
  totalArea: Type.Number({
    description: 'sum of the scene areas (an overlap counted as often as it is covered)',
  }),
  overlapArea: Type.Number({ description: 'totalArea − orderArea' }),
  orderArea: Type.Number({ description: 'the union of the scene areas: each km² once' }),
  overlapChargeableArea: Type.Number({
    description:
      'the part of the overlap that is charged: overlaps of distinct acquisitions; overlaps within one strip (one satellite, one pass) are free',
  }),
  estimatedOrderAmount: Type.Number({
    description:
      'price of orderArea + overlapChargeableArea at the first chosen level (or the lowest offered)',
  }),
  currencyType: CurrencySchema,
  estimates: Type.Array(PriceEstimate, { description: 'one per chosen level (the dialog summary)' }),
  sceneAreas: Type.Array(
    Type.Object({
      sceneId: Type.String(),
      sceneArea: Type.Number({ description: 'the scene footprint, clipped to the AOI when clipping, km²' }),
    }),
  ),
  groups: Type.Array(GroupArea),
  gapArea: Type.Union([Type.Number(), Type.Null()], {
    description: 'the part of the AOI no cart scene covers, km²; null without an AOI',
  }),
  gap: Type.Union([Aoi, Type.Null()], {
    description: 'that part as a MultiPolygon (split at ±180°), for the map; null when none or no AOI',
  }),
});
export type AreaCalculationResponse = Static<typeof AreaCalculationResponse>;

/** Satellite-group rules query (spec 000 §7: satIds comma list, orderType, productType). */
export const OrderRulesQuery = Type.Object({
  satIds: Type.String({
    pattern: idListPattern,
    description: 'satellite ids, comma separated',
  }),
  // A query string arrives as text: an enum without a type is never coerced to a number.
  orderType: Type.Optional(Type.Integer({ enum: [1, 4], description: '1 archive (default), 4 tasking' })),
  productType: Type.Optional(
    Type.Integer({
      enum: [1, 2, 3, 4, 5],
      description: 'sensor type: only the groups of satellites with it',
    }),
  ),
});
export type OrderRulesQuery = Static<typeof OrderRulesQuery>;

export const OrderRule = Type.Object({
  satGroupName: Type.String(),
  orderMinArea: Type.Number({ description: 'km²' }),
  orderMinAoiWidth: Type.Number({ description: 'km' }),
});
export type OrderRule = Static<typeof OrderRule>;

export const OrderRulesResponse = Type.Object({ rules: Type.Array(OrderRule) });
export type OrderRulesResponse = Static<typeof OrderRulesResponse>;

/** "Enlarge to the minimum" (beyond the spec): the smallest buffer of the AOI that meets every minimum. */
export const AoiEnlargementRequest = Type.Object({
  orderType: OrderKindSchema,
  aois: Type.Array(Aoi, { minItems: 1, maxItems: Limits.aoisMax }),
  ips: Type.Optional(OrderScenes),
  satIds: Type.Optional(SatelliteIds),
});
export type AoiEnlargementRequest = Static<typeof AoiEnlargementRequest>;

export const AoiEnlargementResponse = Type.Object({
  aoi: Aoi,
  bufferKm: Type.Number({ description: 'the buffer distance, km, 3 decimals' }),
  areaKm2: Type.Number(),
  groups: Type.Array(GroupArea, { description: 'each group after enlarging' }),
});
export type AoiEnlargementResponse = Static<typeof AoiEnlargementResponse>;

/** Request types of the requester block (spec 001 §3): 1 for an end user, 2 for internal use. */
export const RequestTypes = { EndUser: 1, Internal: 2 } as const;

/** Application options (spec 001 §3), as keys the browser translates. */
export const Applications = [
  'agriculture',
  'defense',
  'forestry',
  'hazards',
  'maritime',
  'mapping',
  'naturalResources',
  'urbanPlanning',
  'mining',
  'other',
] as const;
export const ApplicationSchema = Type.Enum([...Applications]);

/** Company list entry (spec 001 §3); also the requester information of an order. */
export const RequestInfo = Type.Object({
  id: Type.Optional(Type.Union([Id(), Type.Null()])),
  company: SingleLineText({ maxLength: 200 }),
  contact: SingleLineText({ maxLength: 100 }),
  application: Type.Union([ApplicationSchema, Type.Literal('')]),
  email: SingleLineText({ maxLength: 254 }),
  address: SingleLineText({ maxLength: 300 }),
});
export type RequestInfo = Static<typeof RequestInfo>;

/**
 * A readable e-mail address of the requester block: something@domain.tld without spaces. Mail is
 * not sent to it; it must only be a plausible contact (the server and the dialog share the rule).
 */
export const isEmailAddress = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/u.test(text.trim());

export const OrderRequestInfo = Type.Object({
  type: Type.Enum([1, 2], { description: '1 for an end user, 2 for internal use' }),
  requestInfo: Type.Optional(RequestInfo),
});
export type OrderRequestInfo = Static<typeof OrderRequestInfo>;

export const CompanyEntry = Type.Object({
  id: Type.Integer(),
  company: Type.String(),
  contact: Type.String(),
  application: Type.String(),
  email: Type.String(),
  address: Type.String(),
});
export type CompanyEntry = Static<typeof CompanyEntry>;

export const CompanyQuery = Type.Object({
  company: Type.Optional(SingleLineText({ maxLength: 200, description: 'part of the company name' })),
});
export const CompanyListResponse = Type.Array(CompanyEntry, { description: 'at most 20, by name' });
export type CompanyListResponse = Static<typeof CompanyListResponse>;

/** The process of an order (spec 001 §3 Archive order request `ipr.process`). */
export const OrderProcess = Type.Object({
  level: Type.Array(ProcessingLevelSchema, {
    maxItems: 5,
    description: 'one order per level; at least one (order.levelneeded)',
  }),
  clipping: Type.Boolean({ default: false }),
  processMode: Type.Optional(ProcessModeSchema),
  isQualityTesting: Type.Boolean({ default: false }),
  isManualRecheck: Type.Optional(
    Type.Boolean({ default: false, description: 'manual recheck: may delay delivery by up to 24 h' }),
  ),
});
export type OrderProcess = Static<typeof OrderProcess>;

/** Archive order request (spec 001 §3), for `v2/order/add/archive` and `/direct`. */
export const ArchiveOrderRequest = Type.Object({
  taskId: SearchTaskId,
  isOrderBySceneId: Type.Optional(Type.Boolean({ default: false })),
  ipr: Type.Object({
    priority: PrioritySchema,
    process: OrderProcess,
    ips: OrderScenes,
    aois: Type.Optional(Type.Array(Aoi, { maxItems: Limits.aoisMax })),
  }),
  orderRequestInfo: OrderRequestInfo,
});
export type ArchiveOrderRequest = Static<typeof ArchiveOrderRequest>;

/** Tasking `ppr` (spec 001 §3): priority, process and the satellites (names) asked for. */
export const TaskingProductRequest = Type.Object({
  priority: PrioritySchema,
  process: OrderProcess,
  aps: Type.Array(SingleLineText({ maxLength: 100 }), {
    maxItems: 100,
    description: 'names of the satellites asked for; empty: every satellite of the prediction',
  }),
});

/** Tasking `tsr` (spec 001 §3): what was predicted. */
export const TaskingSearchRequest = Type.Object({
  aois: Type.Array(Aoi, { maxItems: Limits.aoisMax }),
  condition: TaskingCondition,
  satIds: SatelliteIds,
  sensor: Type.Optional(SensorChoice),
});

/** Tasking price (spec 000 §7 "Tasking price"). */
export const TaskingPriceRequest = Type.Object({
  taskId: Type.String({ format: 'uuid', description: 'the stored prediction (its `taskId`)' }),
  ppr: TaskingProductRequest,
  tsr: TaskingSearchRequest,
});
export type TaskingPriceRequest = Static<typeof TaskingPriceRequest>;

export const TaskingPriceResponse = Type.Object({
  estimatedOrderAmount: Type.Number(),
  currencyType: CurrencySchema,
  estimates: Type.Array(PriceEstimate),
  orderArea: Type.Number({ description: 'the AOI, km²' }),
  coverable: Type.Number({
    description: "percentage of the AOI the order's passes can image together (geodesic), 2 decimals",
  }),
  coverableArea: Type.Number({ description: 'that part of the AOI, km²' }),
  pricedArea: Type.Number({
    description:
      "the area the estimates are for, km²: the coverable area, never below the chosen groups' minimum order area",
  }),
  groups: Type.Array(GroupArea),
});
export type TaskingPriceResponse = Static<typeof TaskingPriceResponse>;

/** Tasking order (spec 001 §3 "Tasking order request"). */
export const TaskingOrderRequest = Type.Object({
  taskId: Type.String({ format: 'uuid' }),
  ppr: TaskingProductRequest,
  tsr: TaskingSearchRequest,
  orderRequestInfo: OrderRequestInfo,
});
export type TaskingOrderRequest = Static<typeof TaskingOrderRequest>;

/** Order success response (spec 001 §3): one order per chosen level. */
export const OrderSuccessResponse = Type.Object({
  list: Type.Array(Type.Object({ orderNumber: Type.String(), orderId: Type.Integer() })),
});
export type OrderSuccessResponse = Static<typeof OrderSuccessResponse>;

/**
 * Idempotency of order submits (IETF draft-ietf-httpapi-idempotency-key-header): a key names one
 * request; its repeat answers the first result, the key with another request is refused (4220).
 */
export const IdempotencyHeader = 'idempotency-key';

/**
 * JSON with every object's keys in code-unit order: equal values give equal text whatever order
 * their keys were built in. The server digests it (a key's request fingerprint); the browser
 * compares it (a changed order body takes a new key).
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Tags (spec 001 §3 Tag; §5 at most 30 characters, non-empty). */
export const OrderTag = SingleLineText({ minLength: 1, maxLength: Limits.tagMax });
export const OrderTagEntry = Type.Object({ tag: Type.String(), orderIds: Type.Array(Type.Integer()) });
export type OrderTagEntry = Static<typeof OrderTagEntry>;
export const OrderTagsResponse = ListOf(OrderTagEntry, "the caller's tags, by name");
export type OrderTagsResponse = Static<typeof OrderTagsResponse>;

/** `PUT v1/order/tags`: tag these orders. */
export const OrderTagsRequest = Type.Object({
  tag: OrderTag,
  orderIds: Type.Array(Id(), { minItems: 1, maxItems: 100 }),
});
export type OrderTagsRequest = Static<typeof OrderTagsRequest>;

/** `PUT {orderId}/tags`: rename (set) the tag of one order. */
export const OrderTagRename = Type.Object({ tag: OrderTag });
export type OrderTagRename = Static<typeof OrderTagRename>;

export const OrderIdParams = Type.Object({ id: Id() });
