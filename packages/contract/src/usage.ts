import { type Static, Type } from 'typebox';

/**
 * Usage (spec 001 §2 account centre usage box and traffic chart, §3 "Usage", §7 `POST
 * common/user/statistics/flow/usage`, §9 "-1 means unlimited"). Every tile and download served
 * is counted per user and UTC day in bytes.
 */

export const Unlimited = -1;

export const UsageRequest = Type.Object({
  cycle: Type.Optional(Type.Literal(1, { description: 'spec: always 1 (daily figures)' })),
  beginTime: Type.String({ format: 'date-time', description: 'UTC, inclusive' }),
  endTime: Type.String({
    format: 'date-time',
    description: 'UTC, inclusive; at most 400 days after beginTime',
  }),
});
export type UsageRequest = Static<typeof UsageRequest>;

export const Usage = Type.Object({
  /** the account's traffic quota over the asked period */
  statistic: Type.Object({
    total: Type.Number({ description: 'bytes allowed in the period; -1 unlimited' }),
    usage: Type.Number({ description: 'bytes used in the period' }),
    surplus: Type.Number({ description: 'bytes left; -1 unlimited' }),
  }),
  /** today's bill (UTC day) */
  timeBillStat: Type.Object({
    beginDate: Type.String({ format: 'date-time' }),
    endDate: Type.String({ format: 'date-time' }),
    dayFlowLimit: Type.Number({ description: 'bytes a day; -1 unlimited' }),
    surplus: Type.Number({ description: 'bytes left today; -1 unlimited' }),
    usageToday: Type.Number({ description: 'bytes used today' }),
    nextUpdateTime: Type.String({ format: 'date-time', description: 'when the day counter starts again' }),
  }),
  /** one entry per UTC day of the period that has usage, oldest first */
  detail: Type.Array(Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), value: Type.Number() })),
  /** added: years with usage (and the current one), newest first: the chart's year selector */
  years: Type.Array(Type.Integer()),
  /** added: the HD mosaic allowance */
  hd: Type.Object({
    fullHd: Type.Boolean({
      description: 'subscribed to full HD: tiles above zoom 12 not limited by the daily quota',
    }),
    dailyTiles: Type.Integer({
      description: 'HD tiles above zoom 12 a day without the subscription; -1 unlimited',
    }),
    usedToday: Type.Integer({ description: 'HD tiles above zoom 12 served today' }),
  }),
});
export type Usage = Static<typeof Usage>;

/** `PUT me/timezone`: the account's time zone (an IANA name) or null for the browser's. */
export const TimeZoneRequest = Type.Object({
  timezone: Type.Union([
    Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_+/-]+$' }),
    Type.Null(),
  ]),
});
export type TimeZoneRequest = Static<typeof TimeZoneRequest>;
