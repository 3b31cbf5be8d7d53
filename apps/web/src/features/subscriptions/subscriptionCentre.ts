import {
  type ArchiveSearchRequest,
  Limits,
  type Subscription,
  SubscriptionLimits,
  type SubscriptionListQuery,
  type SubscriptionSortKey,
  SubscriptionStatus,
} from '@satportal/contract';
import { addDays, type Day } from '../../shared/format/days';
import type { SubscriptionDraft } from '../subscription-create/subscriptionDraftStore';

/** The centre's tabs (spec 000 §2): In Process (status 10) and Ended (status 20). */
export const subscriptionTabs = ['inProcess', 'ended'] as const;
export type SubscriptionTab = (typeof subscriptionTabs)[number];

export const statusOfTab = (tab: SubscriptionTab) =>
  tab === 'inProcess' ? SubscriptionStatus.InProcess : SubscriptionStatus.Ended;

/** The sort choices (spec 000 §2: createTime or imageTime, ascending or descending). */
export const subscriptionSortChoices = [
  'createTime,desc',
  'createTime,asc',
  'imageTime,desc',
  'imageTime,asc',
] as const satisfies readonly `${SubscriptionSortKey},${'asc' | 'desc'}`[];
export type SubscriptionSortChoice = (typeof subscriptionSortChoices)[number];

export interface SubscriptionFilter {
  tab: SubscriptionTab;
  sort: SubscriptionSortChoice;
  onlyNew: boolean;
}

export const defaultSubscriptionFilter: SubscriptionFilter = {
  tab: 'inProcess',
  sort: 'createTime,desc',
  onlyNew: false,
};

/**
 * The list's filter as the address bar holds it (issue 28 #6, as the order centre's): `tab`
 * (`ended`; In Process left out), `sort` (the default left out), `new=1`; what it cannot be reads
 * as the default, so a link from elsewhere never breaks the list.
 */
export function subscriptionFilterOf(params: Readonly<Record<string, string>>): SubscriptionFilter {
  return {
    tab: subscriptionTabs.find((tab) => tab === params.tab) ?? defaultSubscriptionFilter.tab,
    sort: subscriptionSortChoices.find((sort) => sort === params.sort) ?? defaultSubscriptionFilter.sort,
    onlyNew: params.new === '1',
  };
}

export const subscriptionFilterParams = (filter: SubscriptionFilter) => ({
  tab: filter.tab === defaultSubscriptionFilter.tab ? null : filter.tab,
  sort: filter.sort === defaultSubscriptionFilter.sort ? null : filter.sort,
  new: filter.onlyNew ? '1' : null,
});

/** The list query of one page of the centre (10 from `start`). */
export function listQueryOf(filter: SubscriptionFilter, start: number): Required<SubscriptionListQuery> {
  return {
    type: statusOfTab(filter.tab),
    start,
    length: SubscriptionLimits.pageSize,
    sort: filter.sort,
    onlyNew: filter.onlyNew,
  };
}

/** spec 000 §2: nums shows as 99+ above 99. */
export function numsBadge(nums: number): string {
  return nums > SubscriptionLimits.numsShownMax ? `${SubscriptionLimits.numsShownMax}+` : String(nums);
}

/** An in-process subscription opens its new images only when it has some (spec 000 §2). */
export const canOpenItems = (subscription: Pick<Subscription, 'status' | 'nums'>) =>
  subscription.status === SubscriptionStatus.InProcess && subscription.nums > 0;

/**
 * An ended subscription searched again in the archive ("re-search", spec 000 §2): its AOI,
 * condition, sensor and satellites over its window (up to today: the archive holds no future).
 * The subscription's `sza` is the sun's least elevation, the archive's the sun's greatest zenith
 * angle, so it is turned round; 0 means "any" in both. An elevation of 90° would turn into a
 * zenith of 0°, which the archive reads as "any": it stays a (tiny) limit instead.
 */
export function archiveSearchOf(subscription: Subscription, today: Day): ArchiveSearchRequest {
  const { condition } = subscription;
  const tdate = subscription.tdate > today ? today : subscription.tdate;
  const fdate = subscription.fdate > tdate ? addDays(tdate, -1) : subscription.fdate;
  return {
    page: { start: 0, length: Limits.archivePageSize },
    taskId: null,
    aois: [subscription.boundaries],
    condition: {
      fdate,
      tdate,
      cc: condition.cc,
      ac: condition.ac,
      ona: condition.ona,
      sza: condition.sza > 0 ? Math.max(90 - condition.sza, 0.1) : 0,
      orbit: condition.orbit ?? 0,
      productQualities: condition.productQualities,
    },
    satIds: subscription.satIds,
    sensor: subscription.sensor,
  };
}

/**
 * "Resubscribe" (spec 000 §2): the create panel filled with the subscription's AOI, condition,
 * sensor and satellites. Its window is over, so the panel's default window applies.
 */
export function resubscribeDraftOf(subscription: Subscription): SubscriptionDraft {
  const { fdate: _from, tdate: _to, ...condition } = subscription.condition;
  return {
    aoi: { geometry: subscription.boundaries, name: subscription.aoiName, aoiId: subscription.aoiId },
    condition,
    sensor: subscription.sensor,
    satIds: subscription.satIds,
  };
}
