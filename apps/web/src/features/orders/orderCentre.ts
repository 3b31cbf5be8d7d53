import {
  type Aoi,
  type ArchiveSearchRequest,
  CancellableStatuses,
  Limits,
  type OrderDetail,
  OrderStatus,
  type OrderTab,
  OrderTabs,
  type OrderTerms,
  type ProcessMode,
  type SearchCondition,
  type SensorChoice,
  TermStates,
} from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';
import { addDays, type Day } from '../../shared/format/days';
import { isRecord } from '../../shared/records';

const daysBetween = (from: Day, to: Day) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** A scene of a terms entry (`ips`). */
export type OrderDetailScene = OrderTerms['ips'][number];

/** The order centre's tabs, in the spec's order (spec 001 §2); `all` sends no status. */
export const orderCentreTabs = ['all', 'processing', 'successful', 'failed'] as const;
export type OrderCentreTab = (typeof orderCentreTabs)[number];

export const statusOfTab = (tab: OrderCentreTab): OrderTab | undefined => (tab === 'all' ? undefined : tab);

export interface OrderFilter {
  tab: OrderCentreTab;
  tag: string | null;
  /** Part of an order number or an AOI name; '' for none. */
  search: string;
}

/**
 * The list's filter as the address bar holds it (issue 28 #6): `tab` (all left out), `tag`, `q`;
 * what it cannot be reads as no filter.
 */
export function orderFilterOf(params: Readonly<Record<string, string>>): OrderFilter {
  const tab = orderCentreTabs.find((name) => name === params.tab) ?? 'all';
  return { tab, tag: params.tag || null, search: params.q?.trim() ?? '' };
}

export const orderFilterParams = (filter: OrderFilter) => ({
  tab: filter.tab === 'all' ? null : filter.tab,
  tag: filter.tag,
  q: filter.search.trim() || null,
});

/** Order statuses with a label (spec 001 §4); 32 reads "streaming" for a streaming order. */
const labelledStatuses: readonly number[] = [11, 12, 21, 22, 31, 32, 33, 34, 41, 42];

export function statusLabelKey(status: number, processMode: ProcessMode): TranslationKey {
  if (status === OrderStatus.Finished && processMode === 'STREAMING_GEOTIFF')
    return 'orderCentre.status.streaming';
  return labelledStatuses.includes(status)
    ? (`orderCentre.status.${status}` as TranslationKey)
    : 'orderCentre.status.unknown';
}

/** The colour of an order's status tag: under way, delivered, failed, cancelled. */
export function statusTone(status: number): 'processing' | 'success' | 'error' | 'default' {
  // the tabs' groups (contract OrderTabs): processing, successful, failed; the rest cancelled
  const among = (statuses: readonly number[]) => statuses.includes(status);
  if (among(OrderTabs.processing)) return 'processing';
  if (among(OrderTabs.successful)) return 'success';
  if (among(OrderTabs.failed)) return 'error';
  return 'default';
}

/** Spec 001 §9: the order list refreshes every 120 s while the order centre is open. */
export const orderRefreshMs = 120_000;
/**
 * While an order shown is under way (auditing, processing, paying), the list and the detail ask
 * every 10 s: a delivery takes well under the spec's 120 s, and a list reading "Auditing" for two
 * minutes after delivery is wrong (issue 28 #5). The 120 s stays the rhythm for settled orders.
 */
export const liveRefreshMs = 10_000;

/** How often to ask again for orders in these statuses. */
export const refreshMsFor = (statuses: readonly number[]): number =>
  statuses.some((status) => (OrderTabs.processing as readonly number[]).includes(status))
    ? liveRefreshMs
    : orderRefreshMs;

/** Cancel is offered only in 11, 21, 31, 34 (spec 001 §4); the server refuses the others too. */
export const isCancellable = (status: number): boolean => CancellableStatuses.includes(status);

/** Archive (1) or tasking (2 or 4; spec 001 §3 order list item type). */
export const orderKindKey = (type: number): TranslationKey =>
  type === 1 ? 'orderCentre.kindArchive' : 'orderCentre.kindTasking';

const termStateKeys: Record<number, TranslationKey> = {
  [TermStates.Failed]: 'orderCentre.termState.failed',
  [TermStates.Initialised]: 'orderCentre.termState.initialised',
  [TermStates.Submitted]: 'orderCentre.termState.submitted',
  [TermStates.Executing]: 'orderCentre.termState.executing',
  [TermStates.PartiallyComplete]: 'orderCentre.termState.partiallyComplete',
  [TermStates.Complete]: 'orderCentre.termState.complete',
  [TermStates.Closed]: 'orderCentre.termState.closed',
  [TermStates.Rejected]: 'orderCentre.termState.rejected',
  [TermStates.Cancelled]: 'orderCentre.termState.cancelled',
};

/** The label of a terms entry's delivery state (spec 001 §4); 100 and anything else: unknown. */
export const termStateKey = (state: number): TranslationKey =>
  termStateKeys[state] ?? 'orderCentre.termState.unknown';

/**
 * What a terms entry offers: its package while the link lives; "Download Expired" once delivered
 * and the link's expiry has passed (or the server no longer gives a link for a complete entry);
 * nothing before delivery.
 */
export function downloadOf(
  terms: Pick<OrderTerms, 'state' | 'pkgUrl' | 'expires'>,
  now: Date,
): { kind: 'download'; url: string } | { kind: 'expired' } | { kind: 'none' } {
  const expires = terms.expires ? new Date(terms.expires).getTime() : null;
  const lapsed = expires !== null && expires <= now.getTime();
  if (terms.pkgUrl && !lapsed) return { kind: 'download', url: terms.pkgUrl };
  if (terms.pkgUrl || (terms.state === TermStates.Complete && (lapsed || terms.pkgUrl === null)))
    return { kind: 'expired' };
  return { kind: 'none' };
}

/** Bytes as MB (1024²) with two decimals, the spec's package size (spec 001 §2). */
export const megabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** The tag typed in the tag editor: trimmed; Save waits for one that is not empty (spec 001 §2 Tag management). */
export const canSaveTag = (typed: string): boolean => {
  const tag = typed.trim();
  return tag.length > 0 && tag.length <= Limits.tagMax;
};

/** The stored search or prediction condition, as far as it is one (the detail gives it untyped). */
export function conditionOf(
  detail: Pick<OrderDetail, 'condition'>,
):
  | (Partial<Record<'fdate' | 'tdate', string>> & Partial<Record<'cc' | 'ac' | 'ona' | 'sza', number>>)
  | null {
  if (!isRecord(detail.condition)) return null;
  const c = detail.condition;
  const pick = <T>(value: unknown, type: 'string' | 'number') =>
    typeof value === type ? (value as T) : undefined;
  return {
    fdate: pick<string>(c.fdate, 'string'),
    tdate: pick<string>(c.tdate, 'string'),
    cc: pick<number>(c.cc, 'number'),
    ac: pick<number>(c.ac, 'number'),
    ona: pick<number>(c.ona, 'number'),
    sza: pick<number>(c.sza, 'number'),
  };
}

/** The sensor type of the stored sensor choice, if any. */
export const sensorTypeOf = (detail: Pick<OrderDetail, 'sensor'>): number | null =>
  isRecord(detail.sensor) && typeof detail.sensor.type === 'number' ? detail.sensor.type : null;

/** The order's AOIs as search AOIs: the outer ring the detail carries (`geometry.cors`) as a polygon. */
export function aoisOf(detail: Pick<OrderDetail, 'aois'>): Aoi[] {
  return detail.aois
    .filter((aoi) => aoi.geometry.cors.length >= 4)
    .map((aoi) => ({
      type: 'Polygon' as const,
      coordinates: [aoi.geometry.cors.map(({ lat, lng }) => [lng, lat])],
      ...(aoi.name ? { name: aoi.name } : {}),
    }));
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
const dayOr = (value: unknown, fallback: Day): Day =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : fallback;

/**
 * The archive search an order came from, again (its "Archive search" button): the order's AOIs,
 * satellites, sensor and conditions. A tasking order's days lie ahead of its prediction: they are
 * kept as they are, but no later than today, as the archive holds nothing later.
 */
export function archiveSearchFrom(detail: OrderDetail, today: Day): ArchiveSearchRequest | null {
  const aois = aoisOf(detail);
  if (aois.length === 0 || detail.satIds.length === 0) return null;
  const c = isRecord(detail.condition) ? detail.condition : {};
  let tdate = dayOr(c.tdate, today);
  let fdate = dayOr(c.fdate, addDays(today, -480));
  if (tdate > today) tdate = today;
  if (fdate > tdate) fdate = addDays(tdate, -480);
  const qualities = Array.isArray(c.productQualities) ? c.productQualities : ['A', 'B'];
  const condition: SearchCondition = {
    fdate,
    tdate,
    cc: numberOr(c.cc, 20),
    ac: numberOr(c.ac, 0),
    ona: numberOr(c.ona, 45),
    sza: numberOr(c.sza, 0),
    orbit: ([0, 1, 2] as const).find((o) => o === c.orbit) ?? 0,
    productQualities: qualities.filter((q): q is 'A' | 'B' => q === 'A' || q === 'B'),
  };
  return {
    page: { start: 0, length: Limits.archivePageSize },
    taskId: null,
    aois,
    condition,
    satIds: detail.satIds,
    ...(isRecord(detail.sensor) ? { sensor: detail.sensor as SensorChoice } : {}),
  };
}

/**
 * A tasking order's conditions for a new prediction ("Re-subscribe"): the same cloud, coverage and
 * angles over a window as long as the ordered one, starting today when the ordered one has begun.
 */
export function taskingConditionsFrom(
  detail: Pick<OrderDetail, 'condition'>,
  today: Day,
): { fdate: Day; tdate: Day; cc: number; ac: number; ona: number; sza: number } | null {
  if (!isRecord(detail.condition)) return null;
  const c = detail.condition;
  const fdate = dayOr(c.fdate, today);
  const tdate = dayOr(c.tdate, fdate);
  const length = Math.max(0, daysBetween(fdate, tdate));
  const start = fdate < today ? today : fdate;
  return {
    fdate: start,
    tdate: addDays(start, length),
    cc: numberOr(c.cc, 15),
    ac: numberOr(c.ac, 100),
    ona: numberOr(c.ona, 25),
    sza: numberOr(c.sza, 0),
  };
}
