import {
  type Aoi,
  type ArchiveOrderRequest,
  type CompanyListResponse,
  OrderKinds,
  type OrderProcess,
  type OrderSuccessResponse,
  OrderType,
  Paths,
  type PriceEstimate,
  type ProcessingLevel,
  ResultCode,
  type TaskingOrderRequest,
  type TaskingPass,
  type TaskingPriceRequest,
  type TaskingPriceResponse,
  type User,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { type AreasRepository, checkAois, prepareArea } from '../areas';
import type { TaskingRepository } from '../tasking/tasking.repository';
import type { CompaniesRepository } from './companies.repository';
import {
  claimKey,
  fingerprintOf,
  type IdempotencyHeaderValue,
  idempotencyKeyOf,
  lostClaim,
} from './idempotency';
import type { NewOrder, NewTerm, OrdersRepository } from './orders.repository';
import { type Requester, requesterOf } from './requester';
import type { OrderSizingService } from './sizing/types';

type Sizing = Pick<OrderSizingService, 'sizeArchiveOrder' | 'sizeTaskingOrder'>;
type Predictions = Pick<TaskingRepository, 'findPrediction'>;

/** Archive ordering needs `auth.orderType` 1, tasking 4 (spec 000 §6): refused before anything else. */
function permit(user: User, orderType: number): void {
  if (!user.org.auth.orderType.includes(orderType)) {
    throw new ApiError(ResultCode.Forbidden, 'order.noPermission', { params: { orderType } });
  }
}

/** The chosen levels once each, in the order given; none is `order.levelneeded`. */
function levelsOf(levels: ProcessingLevel[], field: string): ProcessingLevel[] {
  const unique = [...new Set(levels)];
  if (!unique.length) throw ApiError.invalid(field, 'order.levelneeded');
  return unique;
}

/** The estimate of a level (sizing answers one per level, in the request's order). */
const estimateOf = (estimates: PriceEstimate[], level: number, index: number) =>
  estimates.find((e) => e.level === level) ?? estimates[index] ?? estimates[0];

/** What every order of one request shares; the level, its amount and currency differ. */
type SharedOrder = Omit<NewOrder, 'level' | 'amount' | 'currency' | keyof ProcessFields>;
type ProcessFields = Pick<NewOrder, 'priority' | 'processMode' | 'qualityTesting' | 'manualRecheck'>;

/**
 * One order per chosen level (spec 001 §3: the success answer lists one order per level), each
 * priced at its level's estimate.
 */
function ordersPerLevel(
  levels: ProcessingLevel[],
  estimates: PriceEstimate[],
  fallbackCurrency: number,
  process: OrderProcess,
  priority: number,
  shared: SharedOrder,
): NewOrder[] {
  return levels.map((level, i) => {
    const estimate = estimateOf(estimates, level, i);
    return {
      ...shared,
      level,
      priority,
      processMode: process.processMode ?? 'GEOTIFF',
      qualityTesting: process.isQualityTesting,
      manualRecheck: process.isManualRecheck ?? false,
      amount: estimate?.estimatedOrderAmount ?? 0,
      currency: estimate?.currencyType ?? fallbackCurrency,
    };
  });
}

const record = (requester: Requester) => ({ requestType: requester.type, requestInfo: requester.info });

/** A submit as its idempotency key knows it: the kind of order, the route and the validated body. */
interface Submit {
  kind: 1 | 4;
  route: string;
  body: unknown;
}

/** What a submit stores: one order per level and the terms every one of them holds. */
interface Placing {
  orders: NewOrder[];
  terms: NewTerm[];
}

/**
 * Orders (spec 001 §3, §5, §7): archive orders from the cart and tasking orders from a stored
 * prediction, one order per chosen level, stored with everything the order detail shows, in one
 * transaction, at most once per idempotency key.
 */
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly companies: CompaniesRepository,
    private readonly sizing: Sizing,
    private readonly predictions: Predictions,
    private readonly areas: Pick<AreasRepository, 'prepareAois'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * `v2/order/add/archive` and `/direct`. Direct orders whole scenes by their ids: an AOI or
   * clipping would contradict it, so either is refused rather than silently dropped.
   */
  async orderArchive(
    user: User,
    request: ArchiveOrderRequest,
    header: IdempotencyHeaderValue,
    direct: boolean,
  ): Promise<OrderSuccessResponse> {
    permit(user, OrderType.Archive);
    const key = idempotencyKeyOf(header);
    if (direct && request.ipr.aois?.length) throw ApiError.invalid('ipr.aois', 'order.directNoAoi');
    if (direct && request.ipr.process.clipping) {
      throw ApiError.invalid('ipr.process.clipping', 'order.directNoAoi');
    }
    const requester = requesterOf(user, request.orderRequestInfo);
    const route = direct ? Paths.archiveOrdersDirect : Paths.archiveOrders;
    return this.submitOnce(user, requester, key, { kind: OrderKinds.Archive, route, body: request }, () =>
      this.archiveOrders(user, request, direct, requester),
    );
  }

  /** The archive orders of a request, sized and priced, not yet stored. */
  private async archiveOrders(
    user: User,
    request: ArchiveOrderRequest,
    direct: boolean,
    requester: Requester,
  ): Promise<Placing> {
    if (!request.ipr.ips.length) throw ApiError.invalid('ipr.ips', 'order.nullbody');
    const levels = levelsOf(request.ipr.process.level, 'ipr.process.level');
    const byIds = direct || request.isOrderBySceneId === true;
    const taskId = request.taskId || null;
    // The search the cart came from gives the order its parameters; another user's is not there.
    const search = taskId ? await this.orders.findSearchRequest(user.id, taskId) : null;
    if (taskId && !search) throw new ApiError(ResultCode.NotFound, 'order.searchNotFound');
    const sizing = await this.sizing.sizeArchiveOrder(user.id, { ...request, isOrderBySceneId: byIds });
    const aois = byIds ? null : sizing.aois;
    const aoi = await this.unionOf(aois);
    const { process, priority } = request.ipr;
    const f = sizing.figures;
    const satIds = search?.satIds?.length ? search.satIds : [...new Set(sizing.scenes.map((s) => s.satId))];
    const orders = ordersPerLevel(levels, sizing.estimates, f.currencyType, process, priority, {
      kind: OrderKinds.Archive,
      clipping: process.clipping && !byIds,
      taskId,
      isOrderBySceneId: byIds,
      aois,
      aoi,
      satGroups: [...new Set(sizing.scenes.map((s) => s.satGroupName))],
      satIds,
      sensorType: sizing.sensorType,
      condition: search?.condition ?? null,
      sensor: search?.sensor ?? null,
      ...record(requester),
      orderArea: f.orderArea,
      overlapArea: f.overlapArea,
      totalArea: f.totalArea,
      overlapChargeableArea: f.overlapChargeableArea,
    });
    const terms = sizing.scenes.map(
      (scene): NewTerm => ({ priority, sceneId: scene.sceneId, scenes: [scene], pass: null }),
    );
    return { orders, terms };
  }

  /** Tasking price (spec 000 §7): the estimate of the stored prediction's passes the order would use. */
  async taskingPrice(user: User, request: TaskingPriceRequest): Promise<TaskingPriceResponse> {
    permit(user, OrderType.Tasking);
    const { sizing } = await this.sizeTasking(user, request);
    const first = sizing.estimates[0];
    return {
      estimatedOrderAmount: first?.estimatedOrderAmount ?? 0,
      currencyType: first?.currencyType ?? 1,
      estimates: sizing.estimates,
      orderArea: sizing.orderArea,
      coverable: sizing.coverable,
      coverableArea: sizing.coverableArea,
      pricedArea: sizing.pricedArea,
      groups: sizing.groups,
    };
  }

  /**
   * Tasking order (spec 001 §3): what was predicted (the stored request and passes under the
   * taskId) is what is ordered; the body's `tsr` is the browser's copy and is not trusted.
   */
  async orderTasking(
    user: User,
    request: TaskingOrderRequest,
    header: IdempotencyHeaderValue,
  ): Promise<OrderSuccessResponse> {
    permit(user, OrderType.Tasking);
    const key = idempotencyKeyOf(header);
    const requester = requesterOf(user, request.orderRequestInfo);
    const submit = { kind: OrderKinds.Tasking, route: Paths.taskingOrders, body: request };
    return this.submitOnce(user, requester, key, submit, () => this.taskingOrders(user, request, requester));
  }

  /** The tasking orders of a request, sized and priced from the stored prediction, not yet stored. */
  private async taskingOrders(
    user: User,
    request: TaskingOrderRequest,
    requester: Requester,
  ): Promise<Placing> {
    const levels = levelsOf(request.ppr.process.level, 'ppr.process.level');
    const { sizing, passes, predicted, satIds } = await this.sizeTasking(user, request, levels);
    const aoi = await this.unionOf(sizing.aois);
    const { process, priority } = request.ppr;
    const orders = ordersPerLevel(levels, sizing.estimates, 1, process, priority, {
      kind: OrderKinds.Tasking,
      clipping: process.clipping,
      taskId: request.taskId,
      isOrderBySceneId: false,
      aois: sizing.aois,
      aoi,
      satGroups: [...new Set(passes.map((p) => p.satGroupName))],
      satIds,
      sensorType: sizing.sensorType,
      condition: predicted.condition,
      sensor: predicted.sensor ?? {},
      ...record(requester),
      // A tasking order is the AOI itself: nothing overlaps until it is imaged.
      orderArea: sizing.orderArea,
      overlapArea: 0,
      totalArea: sizing.orderArea,
      overlapChargeableArea: 0,
    });
    const terms = passes.map((pass): NewTerm => ({ priority, sceneId: null, scenes: [], pass }));
    return { orders, terms };
  }

  /** The caller's organisation's end-user companies whose name contains the text. */
  async listCompanies(user: User, text: string | undefined): Promise<CompanyListResponse> {
    return this.companies.list(user.org.id, (text ?? '').trim());
  }

  /** The stored prediction, the passes of the satellites asked for, and their sizing. */
  private async sizeTasking(
    user: User,
    request: Pick<TaskingPriceRequest, 'taskId' | 'ppr'>,
    levels: ProcessingLevel[] = [...new Set(request.ppr.process.level)],
  ) {
    const stored = await this.predictions.findPrediction(user.id, request.taskId);
    if (!stored) throw new ApiError(ResultCode.NotFound, 'order.predictionNotFound');
    const predictedPasses = stored.prediction.list.flatMap((day) => day.item);
    // A pass that has already ended can no longer be captured: an old prediction orders only the
    // passes still ahead, and one with none left must be predicted again.
    const now = this.now().getTime();
    const all = predictedPasses.filter((p) => Date.parse(p.leaveTime) > now);
    if (predictedPasses.length && !all.length) throw ApiError.invalid('taskId', 'order.predictionExpired');
    const names = new Set(all.map((p) => p.satName));
    const asked = [...new Set(request.ppr.aps)];
    const unknown = asked.find((name) => !names.has(name));
    if (unknown !== undefined)
      throw ApiError.invalid('ppr.aps', 'order.unknownSatellite', { satName: unknown });
    const passes: TaskingPass[] = asked.length ? all.filter((p) => asked.includes(p.satName)) : all;
    if (!passes.length) throw ApiError.invalid('taskId', 'order.nullbody');
    const predicted = stored.request;
    const types = new Set(passes.map((p) => p.sensorType));
    if (types.size > 1 && !predicted.sensor?.type) throw ApiError.invalid('ppr.aps', 'order.moretypeFail');
    const sensorType = predicted.sensor?.type ?? passes[0]!.sensorType;
    // The satellites with a pass to use: a chosen satellite without one cannot take the order,
    // and sizing holds every group it is given to its minimums and reach.
    const satIds = [...new Set(passes.map((p) => p.satId))];
    const sizing = await this.sizing.sizeTaskingOrder(user.id, {
      aois: predicted.aois,
      satIds,
      sensorType,
      levels,
      priority: request.ppr.priority,
      passes: passes.map((p) => ({ satGroupName: p.satGroupName, boundaries: p.boundaries })),
    });
    return { sizing, passes, predicted, satIds };
  }

  /**
   * Places a submit at most once per key: the key is claimed before the order is sized, so a
   * repeat answers at once (the stored result, 409 in flight, 422 another request); a refused
   * or failed submit gives the key back, so the same key works once the request is right.
   */
  private async submitOnce(
    user: User,
    requester: Requester,
    key: string | null,
    submit: Submit,
    build: () => Promise<Placing>,
  ): Promise<OrderSuccessResponse> {
    const request = { kind: submit.kind, fingerprint: fingerprintOf(submit.route, submit.body) };
    const begun = key ? await claimKey(this.orders, user.id, key, request) : { claim: null };
    if ('stored' in begun) return begun.stored;
    const { claim } = begun;
    let response: OrderSuccessResponse | null;
    try {
      const { orders, terms } = await build();
      const company =
        requester.saveCompany && requester.info ? { orgId: user.org.id, info: requester.info } : null;
      response = await this.orders.place(user.id, claim, orders, terms, company);
    } catch (e) {
      // Should giving the key back fail too, the claim ends with its lease.
      if (claim) await this.orders.releaseClaim(claim).catch(() => {});
      throw e;
    }
    if (!response) throw lostClaim();
    await this.announce(response.list);
    return response;
  }

  /**
   * Tells fulfilment about new orders (it schedules their audit). The orders are stored already:
   * a listener's failure is logged, not answered — fulfilment's sweep finds them anyway.
   */
  onPlaced(listener: (orders: OrderSuccessResponse['list']) => Promise<void>): void {
    this.placedListeners.push(listener);
  }

  private readonly placedListeners: ((orders: OrderSuccessResponse['list']) => Promise<void>)[] = [];

  private async announce(orders: OrderSuccessResponse['list']): Promise<void> {
    for (const listener of this.placedListeners) {
      await listener(orders).catch((e: Error) => console.error(`[satportal] new orders: ${e.message}`));
    }
  }

  /** The ordered AOIs' union split at ±180° (sizing has checked them), null for whole scenes. */
  private async unionOf(aois: Aoi[] | null): Promise<string | null> {
    if (!aois?.length) return null;
    return (await prepareArea(this.areas, checkAois(aois))).union;
  }
}
