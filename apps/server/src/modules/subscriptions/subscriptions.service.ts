import { randomUUID } from 'node:crypto';
import {
  type Aoi,
  ResultCode,
  type Subscription,
  type SubscriptionCreateRequest,
  type SubscriptionCreateResponse,
  type SubscriptionItemsQuery,
  type SubscriptionItemsResponse,
  SubscriptionLimits,
  type SubscriptionListQuery,
  type SubscriptionListResponse,
  type SubscriptionStatusResponse,
  stripBidiControls,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toArchiveScene } from '../archive/archive.mapper';
import { parseSort } from '../archive/archive.service';
import { type AreasRepository, checkAois, percent, prepareArea, utcDay } from '../areas';
import type { NormalisedGeometry } from '../scenes/lonlat';
import { toSubscription } from './subscriptions.mapper';
import type {
  ItemsFilter,
  ItemsSearch,
  NewSubscription,
  SubscriptionRow,
  SubscriptionsRepository,
} from './subscriptions.repository';

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const utcToday = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
const unique = <T>(xs: readonly T[]) => [...new Set(xs)];

/**
 * The window a new subscription may have. The spec's days (yesterday … +180) are days of the
 * user's zone, which the browser checks; the wire carries UTC days, and a zone's today is up to
 * a day before or after UTC's, so the server allows one day more on each side.
 */
export function subscriptionWindow(now: Date): { min: string; max: string } {
  const today = utcToday(now);
  return {
    min: isoDay(today + (SubscriptionLimits.earliestDayOffset - 1) * dayMs),
    max: isoDay(today + (SubscriptionLimits.latestDayOffset + 1) * dayMs),
  };
}

/**
 * Validation of spec 000 §5 "Subscription submit" that needs no database, in the spec's order:
 * a quality, a satellite, the time range (start not after end, within the window), an AOI.
 */
export function checkSubscription(request: SubscriptionCreateRequest, now: Date): NormalisedGeometry {
  const c = request.condition;
  if (!c.productQualities.length)
    throw ApiError.invalid('condition.productQualities', 'search.chooseQuality');
  if (!request.satIds.length) throw ApiError.invalid('satIds', 'placeholder.selectSatellite');
  const from = utcDay(c.fdate);
  if (from === undefined) throw ApiError.invalid('condition.fdate', 'subscribe.chooseTime');
  const to = utcDay(c.tdate);
  if (to === undefined) throw ApiError.invalid('condition.tdate', 'subscribe.chooseTime');
  if (from > to) throw ApiError.invalid('condition.fdate', 'search.exceedTime');
  const window = subscriptionWindow(now);
  if (c.fdate < window.min) throw ApiError.invalid('condition.fdate', 'search.dateOutOfRange', window);
  if (c.tdate > window.max) throw ApiError.invalid('condition.tdate', 'search.dateOutOfRange', window);
  if (!request.boundaries) throw ApiError.invalid('boundaries', 'subscribe.noAoi');
  return asBoundaries(() => checkAois([request.boundaries as Aoi])[0]!);
}

/** The AOI checks name the archive's field `aois`: here the AOI is `boundaries`. */
const onBoundaries = (e: unknown) =>
  e instanceof ApiError ? new ApiError(e.code, e.messageKey, { ...e.details, field: 'boundaries' }) : e;

function asBoundaries<T>(check: () => T): T {
  try {
    return check();
  } catch (e) {
    throw onBoundaries(e);
  }
}

/**
 * The name when none is given. The server keeps one name, shown in the centre and the mails in
 * either language, so the default is the spec's English wording (the panel proposes its own
 * translated default, which it sends as the name); cut to the name limit.
 */
export function defaultName(aoiName: string): string {
  const name = aoiName ? `AOI Subscription for ${aoiName}` : 'AOI Subscription';
  return Array.from(name).slice(0, SubscriptionLimits.nameMax).join('').trim();
}

/** AOI subscriptions (spec 000 §2 "Subscription centre", §5 "Subscription submit", §7). */
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly areas: Pick<AreasRepository, 'prepareAois'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(userId: number, request: SubscriptionCreateRequest): Promise<SubscriptionCreateResponse> {
    const normalised = checkSubscription(request, this.now());
    const satIds = unique(request.satIds);
    const known = new Set(await this.subscriptions.knownSatellites(satIds));
    const unknown = satIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw ApiError.invalid('satIds', 'subscribe.unknownSatellite', { satId: unknown });
    const aoiId = request.aoiId ?? null;
    if (aoiId !== null && !(await this.subscriptions.ownsAoi(userId, aoiId))) {
      throw new ApiError(ResultCode.NotFound, 'aoi.notFound', { field: 'aoiId' });
    }
    const prepared = await prepareArea(this.areas, [normalised]).catch((e) => {
      throw onBoundaries(e);
    });
    const aoiName = stripBidiControls(request.aoiName).trim();
    const c = request.condition;
    const sensor = request.sensor ?? {};
    const boundaries = { ...request.boundaries!, name: aoiName } as Aoi;
    const subscription: NewSubscription = {
      userId,
      name: stripBidiControls(request.name ?? '').trim() || defaultName(aoiName),
      aoiName,
      aoiId,
      boundaries,
      aoi: prepared.union,
      aoiAreaKm2: prepared.areaKm2,
      fdate: c.fdate,
      tdate: c.tdate,
      maxCloudCover: c.cc,
      minCoverage: c.ac,
      maxOffNadir: c.ona,
      minSunElevation: c.sza,
      orbit: c.orbit ?? 0,
      qualities: unique(c.productQualities),
      satIds,
      sensorType: sensor.type ?? null,
      resolutionIds: unique(sensor.resolutionIds ?? []),
      stereoMode: sensor.mode || null,
      bands: unique(sensor.band ?? []),
      condition: c,
      sensor,
    };
    const id = await this.subscriptions.createUnlessOverlapping(subscription);
    if (id === null) {
      throw new ApiError(ResultCode.OverlappingSubscription, 'subscribe.sameAoiSamePeriod', {
        field: 'boundaries',
      });
    }
    return { id };
  }

  async list(userId: number, query: SubscriptionListQuery): Promise<SubscriptionListResponse> {
    const today = isoDay(utcToday(this.now()));
    const [key, dir] = (query.sort ?? 'createTime,desc').split(',') as ['createTime' | 'imageTime', string?];
    const ended = query.type === 20;
    const start = query.start ?? 0;
    const page = await this.subscriptions.list(userId, {
      today,
      ended,
      onlyNew: query.onlyNew ?? false,
      // The newest first unless asked otherwise.
      sort: { key, desc: dir !== 'asc' },
      start,
      length: query.length ?? SubscriptionLimits.pageSize,
    });
    const total = ended ? page.ended : page.inProcess;
    return {
      list: page.rows.map((row) => toSubscription(row, today)),
      total,
      totals: { inProcess: page.inProcess, ended: page.ended },
      lastUpdateTime: page.lastUpdateTime?.toISOString() ?? null,
      more: start + page.rows.length < total,
    };
  }

  /** One subscription as the centre lists it (a link to it, issue 28 #6); another user's is 4004. */
  async get(userId: number, id: number): Promise<Subscription> {
    const row = await this.subscriptions.find(userId, id);
    if (!row) throw ApiError.notFound();
    return toSubscription(row, isoDay(utcToday(this.now())));
  }

  async delete(userId: number, id: number): Promise<void> {
    if (!(await this.subscriptions.delete(userId, id))) throw ApiError.notFound();
  }

  /**
   * The matched scenes, answered like an archive search: a new taskId (a stored search over the
   * subscription's AOI, which the cart and ordering read) with the sort and days asked, or the
   * next page of an earlier taskId of the same subscription, which keeps its own sort, days and
   * the moment it began (matches recorded later are not listed, so pages neither skip nor repeat).
   */
  async items(userId: number, id: number, query: SubscriptionItemsQuery): Promise<SubscriptionItemsResponse> {
    const subscription = await this.subscriptions.find(userId, id);
    if (!subscription) throw ApiError.notFound();
    const search = query.taskId
      ? await this.subscriptions.findItemsSearch(userId, query.taskId, id)
      : await this.newItemsSearch(userId, subscription, query);
    if (!search) throw ApiError.notFound('search.taskNotFound');
    const start = query.start ?? 0;
    const rows =
      start < search.match_count
        ? await this.subscriptions.itemsPage(
            itemsFilter(id, search),
            start,
            query.length ?? SubscriptionLimits.itemsPageSize,
          )
        : [];
    return {
      list: rows.map(toArchiveScene),
      more: start + rows.length < search.match_count,
      total: search.match_count,
      taskId: search.id,
      ac: percent(search.coverage),
    };
  }

  private async newItemsSearch(
    userId: number,
    subscription: SubscriptionRow & { aoi: string },
    query: SubscriptionItemsQuery,
  ): Promise<ItemsSearch> {
    const fromDate = query.fromDate ?? null;
    const toDate = query.toDate ?? null;
    if (fromDate !== null && utcDay(fromDate) === undefined)
      throw ApiError.invalid('fromDate', 'search.invalidDate');
    if (toDate !== null && utcDay(toDate) === undefined)
      throw ApiError.invalid('toDate', 'search.invalidDate');
    if (fromDate !== null && toDate !== null && fromDate > toDate)
      throw ApiError.invalid('fromDate', 'search.exceedTime');
    const sort = parseSort(query.sort);
    const createdAt = await this.subscriptions.now();
    const request = {
      aois: [{ ...subscription.boundaries, name: subscription.aoi_name } as Aoi],
      condition: subscription.condition,
      satIds: subscription.sat_ids,
      sensor: subscription.sensor,
      subscriptionId: subscription.id,
      fromDate,
      toDate,
    };
    const search = {
      id: randomUUID(),
      request,
      sort_key: sort.key,
      sort_desc: sort.desc,
      created_at: createdAt,
    };
    const summary = await this.subscriptions.itemsSummary(
      itemsFilter(subscription.id, search),
      subscription.aoi,
      subscription.aoi_area_km2,
    );
    const stored = { ...search, match_count: summary.count, coverage: summary.coverage };
    await this.subscriptions.insertItemsSearch(
      userId,
      stored,
      subscription.aoi,
      subscription.aoi_area_km2,
      createdAt,
    );
    return stored;
  }

  async status(userId: number): Promise<SubscriptionStatusResponse> {
    return { unread: await this.subscriptions.unread(userId) };
  }

  markRead(userId: number): Promise<void> {
    return this.subscriptions.markRead(userId);
  }
}

function itemsFilter(
  subscriptionId: number,
  search: Pick<ItemsSearch, 'request' | 'sort_key' | 'sort_desc' | 'created_at'>,
): ItemsFilter {
  const { fromDate, toDate } = search.request;
  return {
    subscriptionId,
    from: fromDate ? new Date(utcDay(fromDate)!) : null,
    to: toDate ? new Date(utcDay(toDate)! + dayMs) : null,
    snapshot: search.created_at,
    sort: { key: search.sort_key, desc: search.sort_desc },
  };
}
