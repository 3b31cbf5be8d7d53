import type { Usage, UsageRequest } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { UsageKind, UsageMeter } from '../../http/types';
import { utcDayOf } from './hd-allowance';
import type { UsageRepository } from './usage.repository';
import { UsageLedger } from './usage-ledger';

const dayMs = 86_400_000;

/** An account's allowances as they apply; -1 unlimited. */
export interface Allowances {
  flowQuotaBytes: number;
  dayFlowLimitBytes: number;
  hdDailyTiles: number;
  /** the account has no number of its own: the server's default applies */
  hdDailyTilesIsDefault: boolean;
  fullHd: boolean;
}
/** The longest period one usage report covers (a year's chart and some). */
export const UsagePeriodMaxDays = 400;

const unlimitedOr = (limit: number, used: number) => (limit < 0 ? -1 : Math.max(0, limit - used));

function instant(text: string, field: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw ApiError.invalid(field);
  return at;
}

/**
 * Usage accounting and its report (spec 001 §2 usage box and traffic chart, §7 flow usage, §9 -1
 * unlimited). The day flow limit is reported, not enforced; the HD allowance is (`HdAllowance`).
 */
export class UsageService implements UsageMeter {
  private readonly ledger: UsageLedger;

  constructor(
    private readonly usage: UsageRepository,
    private readonly defaultHdDailyTiles: number,
    options: { flushMs?: number; now?: () => Date } = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.ledger = new UsageLedger(
      (sums) => usage.addServedSums(sums),
      options.flushMs ?? 1000,
      (e) => console.error(`[satportal] usage not written yet, kept for the next try: ${e.message}`),
    );
  }

  private readonly now: () => Date;

  /** The account's allowances as they apply (the HD default filled in), for the operator. */
  async allowances(userId: number): Promise<Allowances> {
    const row = await this.usage.allowance(userId);
    if (!row) throw ApiError.notFound('error.userNotFound');
    return {
      flowQuotaBytes: row.flow_quota_bytes,
      dayFlowLimitBytes: row.day_flow_limit_bytes,
      hdDailyTiles: row.hd_daily_tiles ?? this.defaultHdDailyTiles,
      hdDailyTilesIsDefault: row.hd_daily_tiles === null,
      fullHd: row.full_hd,
    };
  }

  /** Sets the allowances given (the operator's CLI); `hdDailyTiles` null: the server's default. */
  async setAllowances(
    userId: number,
    change: {
      flowQuotaBytes?: number;
      dayFlowLimitBytes?: number;
      hdDailyTiles?: number | null;
      fullHd?: boolean;
    },
  ): Promise<Allowances> {
    const limit = (value: number | undefined | null, field: string, max: number) => {
      if (
        value !== undefined &&
        value !== null &&
        (!Number.isSafeInteger(value) || value < -1 || value > max)
      )
        throw ApiError.invalid(field);
    };
    limit(change.flowQuotaBytes, 'flowQuotaBytes', Number.MAX_SAFE_INTEGER);
    limit(change.dayFlowLimitBytes, 'dayFlowLimitBytes', Number.MAX_SAFE_INTEGER);
    limit(change.hdDailyTiles, 'hdDailyTiles', 2_147_483_647);
    await this.allowances(userId);
    await this.usage.setAllowance(userId, {
      ...(change.flowQuotaBytes !== undefined ? { flow_quota_bytes: change.flowQuotaBytes } : {}),
      ...(change.dayFlowLimitBytes !== undefined ? { day_flow_limit_bytes: change.dayFlowLimitBytes } : {}),
      ...(change.hdDailyTiles !== undefined ? { hd_daily_tiles: change.hdDailyTiles } : {}),
      ...(change.fullHd !== undefined ? { full_hd: change.fullHd } : {}),
    });
    return this.allowances(userId);
  }

  /** What the user was served today (UTC). */
  async today(
    userId: number,
  ): Promise<{ day: string; bytes: number; tiles: number; downloads: number; hdTiles: number }> {
    await this.ledger.flush();
    const day = utcDayOf(this.now());
    const row = (await this.usage.days(userId, day, day))[0];
    return {
      day,
      bytes: row?.bytes ?? 0,
      tiles: row?.tiles ?? 0,
      downloads: row?.downloads ?? 0,
      hdTiles: row?.hd_tiles ?? 0,
    };
  }

  /** Counted in the ledger, written within its flush interval (`usage-ledger.ts`: the bound on a kill). */
  record(userId: number, kind: UsageKind, bytes: number, count = 1): void {
    this.ledger.add(userId, utcDayOf(this.now()), kind, bytes, count);
  }

  /** Writes what the ledger holds (the server's stop; a report, so that it shows this process's last answers). */
  flush(): Promise<void> {
    return this.ledger.flush();
  }

  async report(userId: number, request: UsageRequest): Promise<Usage> {
    const begin = instant(request.beginTime, 'beginTime');
    const end = instant(request.endTime, 'endTime');
    if (end.getTime() < begin.getTime()) throw ApiError.invalid('endTime', 'error.usagePeriodReversed');
    if (end.getTime() - begin.getTime() > UsagePeriodMaxDays * dayMs)
      throw ApiError.invalid('endTime', 'error.usagePeriodTooLong', { days: UsagePeriodMaxDays });
    const allowance = await this.usage.allowance(userId);
    if (!allowance) throw ApiError.notFound('error.userNotFound');
    await this.ledger.flush();

    const now = this.now();
    const today = utcDayOf(now);
    const [days, todays, usageYears] = await Promise.all([
      this.usage.days(userId, utcDayOf(begin), utcDayOf(end)),
      this.usage.days(userId, today, today),
      this.usage.years(userId),
    ]);
    const used = days.reduce((sum, d) => sum + d.bytes, 0);
    const usageToday = todays[0]?.bytes ?? 0;
    const dayStart = Date.parse(`${today}T00:00:00Z`);
    const currentYear = now.getUTCFullYear();
    return {
      statistic: {
        total: allowance.flow_quota_bytes,
        usage: used,
        surplus: unlimitedOr(allowance.flow_quota_bytes, used),
      },
      timeBillStat: {
        beginDate: new Date(dayStart).toISOString(),
        endDate: new Date(dayStart + dayMs - 1).toISOString(),
        dayFlowLimit: allowance.day_flow_limit_bytes,
        surplus: unlimitedOr(allowance.day_flow_limit_bytes, usageToday),
        usageToday,
        nextUpdateTime: new Date(dayStart + dayMs).toISOString(),
      },
      detail: days.filter((d) => d.bytes > 0).map((d) => ({ date: d.day, value: d.bytes })),
      years: [...new Set([currentYear, ...usageYears])].sort((a, b) => b - a),
      hd: {
        fullHd: allowance.full_hd,
        dailyTiles: allowance.hd_daily_tiles ?? this.defaultHdDailyTiles,
        usedToday: todays[0]?.hd_tiles ?? 0,
      },
    };
  }
}
