import { type Subscription, SubscriptionStatus } from '@satportal/contract';
import type { SubscriptionRow } from './subscriptions.repository';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A stored subscription as the centre shows it (spec 000 §3 Subscription). */
export function toSubscription(row: SubscriptionRow, today: string): Subscription {
  return {
    id: row.id,
    name: row.name,
    aoiName: row.aoi_name,
    aoiId: row.aoi_id,
    fdate: row.fdate,
    tdate: row.tdate,
    createTime: row.created_at.toISOString(),
    userEmail: row.user_email,
    // Read from the window at answer time: nothing has to flip a status at midnight.
    status: row.tdate < today ? SubscriptionStatus.Ended : SubscriptionStatus.InProcess,
    nums: row.nums,
    imageTime: row.image_time?.toISOString() ?? null,
    condition: row.condition,
    sensor: row.sensor,
    satGroups: row.sat_groups,
    boundaries: row.boundaries,
    satIds: row.sat_ids,
    aoiArea: round2(row.aoi_area_km2),
  };
}
