import {
  type AoiEnlargementRequest,
  type AoiEnlargementResponse,
  type ArchiveOrderRequest,
  type AreaCalculationRequest,
  type AreaCalculationResponse,
  type GroupArea,
  type OrderRulesQuery,
  type OrderRulesResponse,
  type PriceEstimate,
  type ProcessingLevel,
  SensorTypesWithoutClipping,
} from '@satportal/contract';
import { ApiError } from '../../../http/api-error';
import { type AreasRepository, checkAois, percent, prepareArea } from '../../areas';
import type { Footprint, Position } from '../../orbits/footprint';
import type { TaskingRepository } from '../../tasking/tasking.repository';
import { type Cart, cartAoi, checkLevelsOffered, levelList, loadScenes } from './cart';
import { enlargeAoi } from './enlarge';
import type { PriceKind, PriceList } from './price-list';
import { levelsOf, minimumOf, round2, stripsOf, taskingGroupAreas } from './rules';
import type { GroupFacts, Measurement, Piece, SizingRepository } from './sizing.repository';
import type {
  ArchiveOrderSizing,
  OrderedScene,
  OrderSizingService,
  TaskingOrderSizing,
  TaskingSizingRequest,
} from './types';

/** The cart measured: the API's figures and what they were computed from. */
interface Sized {
  figures: AreaCalculationResponse;
  measurement: Measurement;
}

/** Area calculation, group rules, prices and the order checks (docs/ORDERING.md). */
export class SizingService implements OrderSizingService {
  constructor(
    private readonly repository: SizingRepository,
    private readonly areas: Pick<AreasRepository, 'prepareAois'>,
    readonly prices: PriceList,
    /** The geodesic coverage of an AOI by footprints (tasking's): a tasking quote is for what passes can image. */
    private readonly coverage: Pick<TaskingRepository, 'coverage'>,
  ) {}

  async calculate(userId: number, request: AreaCalculationRequest): Promise<AreaCalculationResponse> {
    const cart = await this.cart(userId, request);
    const levels = levelList(request.ipr.process.level);
    checkLevelsOffered(levels, cart.sensorType, 'ipr.process.level');
    const clip = request.ipr.process.clipping === true;
    return (await this.size(cart, clip, levels, request.ipr.priority ?? 1)).figures;
  }

  async rules(query: OrderRulesQuery): Promise<OrderRulesResponse> {
    // Ids beyond the database's integers name no satellite (and would not cast).
    const satIds = query.satIds
      .split(',')
      .map(Number)
      .filter((id) => id <= 2 ** 31 - 1);
    const groups = await this.repository.groupsOf(satIds, query.productType);
    const kind: PriceKind = query.orderType === 4 ? 'tasking' : 'archive';
    return {
      rules: groups.map((g) => {
        const minimum = minimumOf(kind, g.bestGsd);
        return { satGroupName: g.category, orderMinArea: minimum.area, orderMinAoiWidth: minimum.width };
      }),
    };
  }

  enlarge(_userId: number, request: AoiEnlargementRequest): Promise<AoiEnlargementResponse> {
    return enlargeAoi(
      {
        repository: this.repository,
        areas: this.areas,
        groupAreas: (cart, aoi) => this.groupAreasOf(cart, aoi),
        loadCart: async (ips) => ({ ...(await this.cartOf(ips)), aoi: null }),
      },
      request,
    );
  }

  async sizeArchiveOrder(userId: number, request: ArchiveOrderRequest): Promise<ArchiveOrderSizing> {
    const { process } = request.ipr;
    if (!request.ipr.ips.length) throw ApiError.invalid('ipr.ips', 'order.nullbody');
    const levels = levelList(process.level);
    if (!levels.length) throw ApiError.invalid('ipr.process.level', 'order.levelneeded');
    const cart = await this.cart(userId, request);
    checkLevelsOffered(levels, cart.sensorType, 'ipr.process.level');
    if (process.processMode === 'STREAMING_GEOTIFF' && levels.some((l) => l !== 22)) {
      throw ApiError.invalid('ipr.process.processMode', 'order.streamingLevelOnly');
    }
    if (process.clipping && SensorTypesWithoutClipping.includes(cart.sensorType)) {
      throw ApiError.invalid('ipr.process.clipping', 'order.clippingNotOffered');
    }
    const { figures, measurement } = await this.size(cart, process.clipping, levels, request.ipr.priority);
    for (const group of figures.groups) {
      const facts = cart.groups.find((g) => g.category === group.satGroupName) as GroupFacts;
      const measured = measurement.groups.get(facts.id);
      checkGroup(group, measured?.touchesAoi !== false, cart.aoi !== null && process.clipping);
    }
    return {
      scenes: cart.scenes.map(
        (s): OrderedScene => ({
          sceneId: s.id,
          satId: s.satId,
          satName: s.satName,
          satGroupName: (cart.groups.find((g) => g.id === s.groupId) as GroupFacts).category,
          sensorType: s.sensorType as OrderedScene['sensorType'],
          time: s.acquiredAt.toISOString(),
          imageGsd: s.gsd,
          cc: s.cloudCover,
          ona: s.offNadir,
          sza: s.sunZenith,
          productQuality: s.productQuality,
          sceneArea: round2(measurement.sceneAreas.get(s.id) ?? 0),
          boundaries: s.footprint.coordinates.map((polygon) => polygon[0] as number[][]),
        }),
      ),
      aois: cart.aoi?.aois ?? null,
      sensorType: cart.sensorType,
      figures,
      estimates: figures.estimates,
      groups: figures.groups,
    };
  }

  async sizeTaskingOrder(_userId: number, request: TaskingSizingRequest): Promise<TaskingOrderSizing> {
    if (!request.satIds.length) throw ApiError.invalid('satIds', 'order.satsNotNull');
    const levels = [...new Set(request.levels)];
    if (!levels.length) throw ApiError.invalid('ppr.process.level', 'order.levelneeded');
    checkLevelsOffered(levels, request.sensorType, 'ppr.process.level');
    const prepared = await prepareArea(this.areas, checkAois(request.aois));
    const groups = await this.repository.groupsOf(request.satIds, request.sensorType);
    if (!groups.length) throw ApiError.invalid('satIds', 'order.satsNotNull');
    const { areaKm2, widthKm } = await this.repository.areaAndWidth(prepared.union);
    const footprints = request.passes.map((p) => passFootprint(p.boundaries));
    const reaching = await this.repository.groupsReaching(
      prepared.union,
      request.passes.map((p, i) => ({ group: p.satGroupName, footprint: footprints[i] })),
    );
    const groupAreas = taskingGroupAreas(groups, areaKm2, widthKm);
    for (const group of groupAreas) checkGroup(group, reaching.has(group.satGroupName), true);
    // Only what the passes can image can be delivered (issue 28 #3): the quote is for the part of
    // the AOI their footprints cover together, never below the groups' minimum order area.
    const coverable = Math.min(100, await this.coverage.coverage(prepared.union, areaKm2, footprints));
    const coverableKm2 = (areaKm2 * coverable) / 100;
    const minimum = Math.max(...groupAreas.map((g) => g.orderMinArea));
    const pricedKm2 = Math.max(coverableKm2, Math.min(areaKm2, minimum));
    // A tasking order is captured by one of the chosen groups, whichever passes first: the quote
    // is the dearest of them, so the final price is never above it.
    const multiplier = this.prices.multiplier('tasking', request.priority);
    const estimates = levels.map((level) => {
      const perKm2 = Math.max(...groups.map((g) => this.price(g, 'tasking', level)));
      return this.estimate(level, pricedKm2 * perKm2 * multiplier);
    });
    return {
      aois: request.aois,
      sensorType: request.sensorType,
      orderArea: round2(areaKm2),
      coverable: percent(coverable),
      coverableArea: round2(coverableKm2),
      pricedArea: round2(pricedKm2),
      groups: groupAreas,
      estimates,
    };
  }

  /** The cart of a request: its scenes (checked), their groups, and the AOI. */
  private async cart(userId: number, request: AreaCalculationRequest | ArchiveOrderRequest): Promise<Cart> {
    const loaded = await this.cartOf(request.ipr.ips);
    return { ...loaded, aoi: await cartAoi(this.repository, this.areas, userId, request) };
  }

  private async cartOf(ips: { sceneId: string }[]): Promise<Omit<Cart, 'aoi'>> {
    const { scenes, sensorType } = await loadScenes(this.repository, ips);
    const groups = await this.repository.groupsOf([...new Set(scenes.map((s) => s.satId))]);
    return { scenes, sensorType, groups };
  }

  private pieces(cart: Pick<Cart, 'scenes'>): Piece[] {
    const strips = stripsOf(cart.scenes.map((s) => ({ satId: s.satId, time: s.acquiredAt.getTime() })));
    return cart.scenes.map((s, i) => ({ id: s.id, strip: strips[i] as number, group: s.groupId }));
  }

  /** Each group's ordered area clipped to `aoi` (EWKB hex), with its width and minimums. */
  private async groupAreasOf(cart: Omit<Cart, 'aoi'>, aoi: string): Promise<GroupArea[]> {
    const measurement = await this.repository.measure(this.pieces(cart), aoi, true, false);
    return this.groupAreas(cart.groups, measurement);
  }

  private groupAreas(groups: GroupFacts[], measurement: Measurement): GroupArea[] {
    return groups.map((g) => {
      const measured = measurement.groups.get(g.id);
      const minimum = minimumOf('archive', g.bestGsd);
      const width = measured?.widthKm;
      return {
        satGroupName: g.category,
        orderArea: round2(measured?.area ?? 0),
        aoiWidth: width === null || width === undefined ? null : round2(width),
        orderMinArea: minimum.area,
        orderMinAoiWidth: minimum.width,
      };
    });
  }

  private async size(cart: Cart, clip: boolean, chosen: ProcessingLevel[], priority: number): Promise<Sized> {
    const pieces = this.pieces(cart);
    const measurement = await this.repository.measure(pieces, cart.aoi?.hex ?? null, clip);
    const groupOfStrip = new Map(pieces.map((p) => [p.strip, p.group]));
    const groupById = new Map(cart.groups.map((g) => [g.id, g]));
    // The cart box asks without a level: it is priced at the lowest the sensor type offers.
    const levels = chosen.length ? chosen : [levelsOf(cart.sensorType)[0] as ProcessingLevel];
    const multiplier = this.prices.multiplier('archive', priority);
    const estimates = levels.map((level) => {
      let amount = 0;
      for (const [strip, area] of measurement.stripAreas) {
        const group = groupById.get(groupOfStrip.get(strip) as number) as GroupFacts;
        amount += area * this.price(group, 'archive', level) * multiplier;
      }
      return this.estimate(level, amount);
    });
    const totalArea = round2(measurement.totalArea);
    const orderArea = round2(measurement.orderArea);
    const chargeable = round2([...measurement.stripAreas.values()].reduce((t, x) => t + x, 0));
    const figures: AreaCalculationResponse = {
      totalArea,
      overlapArea: Math.max(0, round2(totalArea - orderArea)),
      orderArea,
      overlapChargeableArea: Math.max(0, round2(chargeable - orderArea)),
      estimatedOrderAmount: (estimates[0] as PriceEstimate).estimatedOrderAmount,
      currencyType: this.prices.currencyType,
      estimates,
      sceneAreas: cart.scenes.map((s) => ({
        sceneId: s.id,
        sceneArea: round2(measurement.sceneAreas.get(s.id) ?? 0),
      })),
      groups: this.groupAreas(cart.groups, measurement),
      gapArea: measurement.gapArea === null ? null : round2(measurement.gapArea),
      gap: measurement.gap,
    };
    return { figures, measurement };
  }

  private price(group: GroupFacts, kind: PriceKind, level: ProcessingLevel): number {
    const perKm2 = this.prices.perKm2(group.category, group.resolutionId, kind, level);
    if (perKm2 === undefined) {
      throw ApiError.invalid('ipr.process.level', 'order.levelNotOffered', { level, group: group.category });
    }
    return perKm2;
  }

  private estimate(level: ProcessingLevel, amount: number): PriceEstimate {
    return { level, currencyType: this.prices.currencyType, estimatedOrderAmount: round2(amount) };
  }
}

/**
 * A group's minimums (spec 000 §5): its imagery must meet the AOI, its ordered area reach the
 * minimum area and, where an AOI shapes it, the minimum width.
 */
function checkGroup(group: GroupArea, reachesAoi: boolean, widthCounts: boolean): void {
  const name = group.satGroupName;
  if (!reachesAoi || group.orderArea <= 0) {
    throw new ApiError(4156, 'order.tipOut', { params: { group: name, reason: 'range' } });
  }
  if (group.orderArea < group.orderMinArea) {
    throw new ApiError(4151, 'order.tipMinArea', {
      params: { group: name, minimum: group.orderMinArea, area: group.orderArea },
    });
  }
  if (widthCounts && group.aoiWidth !== null && group.aoiWidth < group.orderMinAoiWidth) {
    throw new ApiError(4156, 'order.tipOut', {
      params: { group: name, reason: 'width', minimumWidth: group.orderMinAoiWidth, width: group.aoiWidth },
    });
  }
}

/** A pass's footprint parts (outer rings, [lon, lat]) as a GeoJSON MultiPolygon, rings closed. */
function passFootprint(boundaries: number[][][]): Footprint {
  const closed = boundaries
    .filter((ring) => ring.length >= 3)
    .map((ring) => {
      const [first, last] = [ring[0] as number[], ring[ring.length - 1] as number[]];
      return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
    });
  return { type: 'MultiPolygon', coordinates: closed.map((ring) => [ring as Position[]]) };
}
