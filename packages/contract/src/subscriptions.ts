import { type Static, Type } from 'typebox';
import { Aoi, ArchiveScene, IsoDate, ProductQualitySchema, SatelliteIds, SensorChoice } from './archive';
import { Id, Int32, SingleLineText } from './text';

/**
 * AOI subscriptions (spec 000 §2 "Subscription create panel", "Subscription centre"; §3
 * Subscription; §5 "Subscription submit"; §7 calls; §9 limits) and notices (§2 "Notice dialog",
 * §3 Notice). A subscription fires when a scene arriving in the archive satisfies its condition
 * and sensor and covers at least `condition.ac` % of its AOI (geodesic) within its window.
 */

export const SubscriptionLimits = {
  /** spec 000 §9: subscription name 50 characters */
  nameMax: 50,
  /** spec 000 §9: dates selectable from yesterday (−1) to 180 days ahead; default today … +90 */
  earliestDayOffset: -1,
  latestDayOffset: 180,
  defaultSpanDays: 90,
  /** spec 000 §9: subscription list page size 10; items length 1000 */
  pageSize: 10,
  pageMax: 100,
  itemsPageSize: 1000,
  /** spec 000 §2: nums shows as 99+ above 99 */
  numsShownMax: 99,
} as const;

/** spec 000 §3 list status: 10 In Process, 20 Ended (the window has passed). */
export const SubscriptionStatus = { InProcess: 10, Ended: 20 } as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];

/**
 * The condition of a subscription (spec 000 §3, defaults and slider ranges of §5). The window
 * `fdate … tdate` is of UTC days; a scene acquired in it (inclusive) may match.
 */
export const SubscriptionCondition = Type.Object({
  fdate: IsoDate,
  tdate: IsoDate,
  cc: Type.Number({ minimum: 0, maximum: 100, default: 20, description: 'maximum cloud cover, %' }),
  ac: Type.Number({
    minimum: 0,
    maximum: 100,
    default: 10,
    description: 'minimum share of the AOI one new scene must cover, % (geodesic)',
  }),
  ona: Type.Number({ minimum: 0, maximum: 45, default: 45, description: 'maximum off-nadir angle, degrees' }),
  sza: Type.Number({
    minimum: 0,
    maximum: 90,
    default: 0,
    description:
      'minimum solar elevation angle (90° − sun zenith), degrees; 0, the default, sets no limit (as in the archive panel, where 0 means any)',
  }),
  orbit: Type.Optional(Type.Enum([0, 1, 2], { default: 0, description: '0 all, 1 ascending, 2 descending' })),
  productQualities: Type.Array(ProductQualitySchema, {
    maxItems: 2,
    description: 'at least one of A, B (search.chooseQuality); default both',
  }),
});
export type SubscriptionCondition = Static<typeof SubscriptionCondition>;

/** `POST subscriptions` (spec 000 §3 "Subscription create payload"). */
export const SubscriptionCreateRequest = Type.Object({
  name: Type.Optional(
    SingleLineText({
      maxLength: SubscriptionLimits.nameMax,
      description: "≤ 50 characters; empty or absent: 'AOI Subscription for {aoi name}'",
    }),
  ),
  aoiName: SingleLineText({ maxLength: 50, description: 'the AOI name shown in the centre' }),
  aoiId: Type.Optional(
    Type.Union([Id(), Type.Null()], {
      description: "the saved AOI (AOI centre) it was drawn from, the caller's own; null for a drawn one",
    }),
  ),
  boundaries: Type.Union([Aoi, Type.Null()], {
    description:
      'the AOI: a GeoJSON Polygon or MultiPolygon (edges straight in lon/lat); null is refused with "Submit failed: No specified AOI"',
  }),
  satIds: SatelliteIds,
  condition: SubscriptionCondition,
  sensor: Type.Optional(SensorChoice),
});
export type SubscriptionCreateRequest = Static<typeof SubscriptionCreateRequest>;

export const SubscriptionCreateResponse = Type.Object({ id: Type.Integer() });
export type SubscriptionCreateResponse = Static<typeof SubscriptionCreateResponse>;

const SatGroupOfSubscription = Type.Object({
  category: Type.String({ description: 'satellite group name' }),
  satIds: Type.Array(Type.Integer()),
});

/** spec 000 §3 Subscription. */
export const Subscription = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  aoiName: Type.String(),
  aoiId: Type.Union([Type.Integer(), Type.Null()]),
  fdate: IsoDate,
  tdate: IsoDate,
  createTime: Type.String({ format: 'date-time' }),
  userEmail: Type.String({ description: 'where the notification goes (read-only in the panel)' }),
  status: Type.Enum([10, 20], { description: '10 in process, 20 ended' }),
  nums: Type.Integer({ description: 'new images matched so far' }),
  imageTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'acquisition time of the newest matched scene, UTC',
  }),
  condition: SubscriptionCondition,
  sensor: SensorChoice,
  satGroups: Type.Array(SatGroupOfSubscription),
  boundaries: Aoi,
  satIds: Type.Array(Type.Integer()),
  /** Added: the AOI's geodesic area, km², 2 decimals. */
  aoiArea: Type.Number(),
});
export type Subscription = Static<typeof Subscription>;

export const SubscriptionSortKeys = ['createTime', 'imageTime'] as const;
export type SubscriptionSortKey = (typeof SubscriptionSortKeys)[number];

/** `GET subscriptions` (spec 000 §7 "Subscription list"). */
export const SubscriptionListQuery = Type.Object({
  // Literals rather than an enum: they carry `type: number`, so the query's text "10" is coerced.
  type: Type.Optional(
    Type.Union([Type.Literal(10), Type.Literal(20)], { default: 10, description: '10 in process, 20 ended' }),
  ),
  start: Type.Optional(Int32({ minimum: 0, default: 0 })),
  length: Type.Optional(
    Type.Integer({ minimum: 1, maximum: SubscriptionLimits.pageMax, default: SubscriptionLimits.pageSize }),
  ),
  sort: Type.Optional(
    Type.String({
      pattern: `^(${SubscriptionSortKeys.join('|')})(,(asc|desc))?$`,
      default: 'createTime,desc',
      description: 'createTime or imageTime, then asc or desc (no image yet sorts last); ties by id',
    }),
  ),
  onlyNew: Type.Optional(
    Type.Boolean({ default: false, description: 'only subscriptions with new images (nums > 0)' }),
  ),
});
export type SubscriptionListQuery = Static<typeof SubscriptionListQuery>;

export const SubscriptionListResponse = Type.Object({
  list: Type.Array(Subscription),
  total: Type.Integer({ description: 'subscriptions of this type (and filter)' }),
  /** Added: the tab counts "In Process (n)" and "Ended (n)", with the filter. */
  totals: Type.Object({ inProcess: Type.Integer(), ended: Type.Integer() }),
  lastUpdateTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: "when a match last changed one of the caller's subscriptions",
  }),
  more: Type.Boolean(),
});
export type SubscriptionListResponse = Static<typeof SubscriptionListResponse>;

/** `GET subscriptions/:id/items` (spec 000 §7 "Subscription items"). */
export const SubscriptionItemsQuery = Type.Object({
  sort: Type.Optional(
    Type.String({
      pattern: '^(time|cc|ona|sza|gsd)(,(asc|desc))?$',
      default: 'time,desc',
      description: "as the archive search's sort",
    }),
  ),
  fromDate: Type.Optional(IsoDate),
  toDate: Type.Optional(IsoDate),
  start: Type.Optional(Int32({ minimum: 0, default: 0 })),
  length: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SubscriptionLimits.itemsPageSize,
      default: SubscriptionLimits.itemsPageSize,
    }),
  ),
  taskId: Type.Optional(
    Type.String({
      format: 'uuid',
      description: 'the taskId of an earlier page of the same items: the next page continues it',
    }),
  ),
});
export type SubscriptionItemsQuery = Static<typeof SubscriptionItemsQuery>;

/**
 * The matched scenes, answered like a search: `taskId` is a stored search over the
 * subscription's AOI, so the result list, the cart's area calculation and ordering use it as
 * they use an archive search's; each scene's `ac` is its coverage of the AOI when it matched.
 */
export const SubscriptionItemsResponse = Type.Object({
  list: Type.Array(ArchiveScene),
  more: Type.Boolean(),
  total: Type.Integer(),
  taskId: Type.String({ format: 'uuid' }),
  /** Added: the union of the matched footprints' share of the AOI, % (as a search's `ac`). */
  ac: Type.Number(),
});
export type SubscriptionItemsResponse = Static<typeof SubscriptionItemsResponse>;

export const SubscriptionIdParams = Type.Object({ id: Id() });

/** `GET subscriptions/status` (spec 000 §7): the red dot of the menu. */
export const SubscriptionStatusResponse = Type.Object({
  unread: Type.Boolean({ description: 'a subscription matched new scenes since the centre was last opened' }),
});
export type SubscriptionStatusResponse = Static<typeof SubscriptionStatusResponse>;

/** spec 000 §2 "Notice dialog" types. */
export const NoticeTypes = {
  Notification: 0,
  SystemUpgrade: 1,
  Maintenance: 2,
  NewFeature: 3,
} as const;
export type NoticeType = (typeof NoticeTypes)[keyof typeof NoticeTypes];

export const NoticeLimits = { titleMax: 200, contentMax: 10_000 } as const;

/** spec 000 §3 Notice. */
export const Notice = Type.Object({
  id: Type.Integer(),
  type: Type.Enum([0, 1, 2, 3], {
    description:
      '0 Notification, 1 System Upgrade Notification, 2 Website Maintenance in process, 3 New Feature Released',
  }),
  title: Type.String(),
  content: Type.String({ description: 'plain text; newlines are line breaks' }),
  publishedAt: Type.String({ format: 'date-time' }),
});
export type Notice = Static<typeof Notice>;

/** `GET notices/unread?limit=1` (spec 000 §7): the newest unread notice meant for the caller. */
export const UnreadNoticeQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 1 })),
});
export const UnreadNoticeResponse = Type.Object({ list: Type.Array(Notice) });
export type UnreadNoticeResponse = Static<typeof UnreadNoticeResponse>;

export const NoticeIdParams = Type.Object({ id: Id() });
