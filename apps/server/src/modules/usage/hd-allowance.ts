import { TileStatus } from '@satportal/contract';
import type { UsageRepository } from './usage.repository';

/** The UTC day of an instant, as `usage_days.day` holds it. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The HD mosaic allowance (spec 000 §2, §4 "HD tile outcome"): asked once per HD tile above zoom
 * 12. Full HD counts and passes; otherwise the account's daily tiles (its own, or the server's
 * default when it has none): 0 never passes (403), a spent day answers 602, -1 is unlimited.
 */
export class HdAllowance {
  constructor(
    private readonly usage: UsageRepository,
    private readonly defaultDailyTiles: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Counts the tile and answers 200, or says why not (403, 602); a user unknown is 401. */
  async take(userId: number): Promise<TileStatus> {
    const allowance = await this.usage.allowance(userId);
    if (!allowance) return TileStatus.NoCredential;
    const daily = allowance.hd_daily_tiles ?? this.defaultDailyTiles;
    if (!allowance.full_hd && daily === 0) return TileStatus.HdNotSubscribed;
    const limit = allowance.full_hd || daily < 0 ? null : daily;
    const counted = await this.usage.takeHdTile(userId, utcDayOf(this.now()), limit);
    return counted ? TileStatus.Ok : TileStatus.HdQuotaSpent;
  }
}
