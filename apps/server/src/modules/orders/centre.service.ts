import {
  type Aoi,
  type ApiEnvelope,
  CancellableStatuses,
  type OrderCancelResponse,
  type OrderDetail,
  type OrderDetailResponse,
  type OrderListQuery,
  type OrderListResponse,
  OrderTabs,
  type OrderTerms,
  ResultCode,
  type TaskingPass,
  TermStates,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import type { OrderCentreRepository, OrderRow, TermRow } from './centre.repository';

/** Another user's order and an unknown id get the same answer, so ids reveal nothing. */
const notFound = () => new ApiError(ResultCode.NotFound, 'order.notFound');

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The outer ring of an AOI's first polygon as the spec's `cors` ({lat, lng}). */
function corsOf(aoi: Aoi): { lat: number; lng: number }[] {
  const ring = aoi.type === 'Polygon' ? aoi.coordinates[0] : aoi.coordinates[0]?.[0];
  return (ring ?? []).map(([lng, lat]) => ({ lat: lat!, lng: lng! }));
}

/** A stored scene (sizing's `OrderedScene`) as an `ips` entry; the delivery fields wait for fulfilment. */
function sceneOf(s: Record<string, unknown>): OrderTerms['ips'][number] {
  return {
    ...(s as Omit<OrderTerms['ips'][number], 'inGeoServer' | 'ossKey'>),
    inGeoServer: false,
    ossKey: null,
  };
}

/** Signs a delivered package's download link (the downloads module's `DownloadLinks`). */
export interface PackageLinks {
  link(key: string, expiresAt: Date): string;
}

/** The link of a complete entry's package while it lasts; null before delivery and after expiry. */
function pkgUrlOf(t: TermRow, links: PackageLinks, now: Date): string | null {
  if (t.state !== TermStates.Complete || !t.package_key || !t.package_expires_at) return null;
  if (t.package_expires_at.getTime() <= now.getTime()) return null;
  return links.link(t.package_key, t.package_expires_at);
}

function termsOf(t: TermRow, links: PackageLinks, now: Date): OrderTerms {
  return {
    id: Number(t.id),
    priority: t.priority,
    state: t.state,
    pkgUrl: pkgUrlOf(t, links, now),
    pkgLng: t.package_bytes === null ? null : Number(t.package_bytes),
    expires: t.package_expires_at?.toISOString() ?? null,
    ips: t.scenes.map(sceneOf),
    pass: (t.pass as TaskingPass | null) ?? null,
    notShotReasons: t.not_shot_reasons,
  };
}

function detailOf(o: OrderRow, terms: OrderTerms[]): OrderDetail {
  return {
    id: o.id,
    number: o.order_number,
    time: o.created_at.toISOString(),
    status: o.status,
    type: o.kind,
    aois: o.aois.map(({ aoi, area }) => ({
      name: aoi.name ?? null,
      id: null,
      geometry: { cors: corsOf(aoi) },
      area: round2(area),
    })),
    satGroups: o.sat_groups,
    satIds: o.sat_ids,
    isOrderBySceneId: o.is_order_by_scene_id,
    condition: o.condition,
    sensor: o.sensor,
    tag: o.tag,
    process: {
      level: o.level,
      clipping: o.clipping,
      processMode: o.process_mode,
      isQualityTesting: o.quality_testing,
      isManualRecheck: o.manual_recheck,
    },
    priority: o.priority,
    requestInfo: { type: o.request_type, requestInfo: o.request_info },
    orderArea: o.order_area,
    overlapArea: o.overlap_area,
    totalArea: o.total_area,
    overlapChargeableArea: o.overlap_chargeable_area,
    estimatedOrderAmount: o.amount,
    currencyType: o.currency,
    ippis: terms,
  };
}

/**
 * The order centre (spec 001 §2, §4, §7): a user's orders by tab, tag and search, one order's
 * detail, and cancelling — always the caller's own orders only.
 */
export class OrderCentreService {
  constructor(
    private readonly centre: OrderCentreRepository,
    private readonly links: PackageLinks,
  ) {}

  async list(userId: number, q: OrderListQuery): Promise<OrderListResponse> {
    const start = q.start ?? 0;
    const text = q.number?.trim();
    const { rows, total } = await this.centre.list(userId, {
      statuses: q.status ? OrderTabs[q.status] : null,
      tag: q.tag?.trim() || null,
      text: text || null,
      start,
      length: q.length ?? 10,
    });
    const list = rows.map((r) => ({
      id: r.id,
      number: r.number,
      time: r.time.toISOString(),
      type: r.type,
      status: r.status,
      tag: r.tag,
      processMode: r.processMode,
      aois: r.aoiNames.map((name) => ({ name })),
    }));
    return { list, total, more: start + list.length < total };
  }

  async detail(userId: number, orderId: number): Promise<OrderDetailResponse> {
    const order = await this.centre.find(userId, orderId);
    if (!order) throw notFound();
    const now = new Date();
    const terms = (await this.centre.terms(orderId)).map((t) => termsOf(t, this.links, now));
    return { oi: { od: detailOf(order, terms) } };
  }

  /**
   * Cancels an order in 11, 21, 31 or 34 (spec 001 §4): 2000 when nothing had been delivered,
   * 2001 when some terms were complete already — they stay delivered, the order is cancelled
   * all the same (41), so it is not offered for cancelling again.
   */
  async cancel(userId: number, orderId: number): Promise<ApiEnvelope<OrderCancelResponse>> {
    const outcome = await this.centre.cancel(userId, orderId, CancellableStatuses);
    if (outcome.kind === 'notFound') throw notFound();
    if (outcome.kind === 'refused') {
      throw ApiError.invalid('id', 'order.notCancellable', { status: outcome.status });
    }
    const data = { status: 41, cancelled: outcome.cancelled, kept: outcome.kept };
    return outcome.kept > 0
      ? { code: ResultCode.PartialSuccess, message: 'order.partiallyCancelled', data }
      : { code: ResultCode.Success, message: 'order.cancelled', data };
  }
}
