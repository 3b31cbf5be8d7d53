import {
  type Aoi,
  type AoiEnlargementRequest,
  type AoiEnlargementResponse,
  type GroupArea,
  Limits,
} from '@satportal/contract';
import { ApiError } from '../../../http/api-error';
import { type AreasRepository, checkAois, prepareArea } from '../../areas';
import type { Cart } from './cart';
import { round2, taskingGroupAreas } from './rules';
import { projectableKm2, type SizingRepository } from './sizing.repository';

/** The largest buffer tried, m: beyond it the AOI is another AOI, not an enlarged one. */
export const maxBufferMetres = 100_000;
/** Bisection stops when the smallest meeting buffer is known to within this, m. */
export const bufferToleranceMetres = 10;

export interface EnlargeDeps {
  repository: SizingRepository;
  areas: Pick<AreasRepository, 'prepareAois'>;
  /** each group's clipped ordered area of the cart within an AOI (EWKB hex) */
  groupAreas(cart: Omit<Cart, 'aoi'>, aoi: string): Promise<GroupArea[]>;
  loadCart(ips: { sceneId: string }[]): Promise<Omit<Cart, 'aoi'>>;
}

const meetsAll = (groups: GroupArea[]) =>
  groups.every(
    (g) => g.orderArea >= g.orderMinArea && (g.aoiWidth === null || g.aoiWidth >= g.orderMinAoiWidth),
  );

/**
 * The enlarged AOI's name: the names of the AOIs it grew from, so that the order placed with it is
 * found by them in the order centre (issue 28 #1); cut to the name limit, null if none had one.
 */
export function enlargedName(aois: readonly Aoi[]): string | null {
  const names = [...new Set(aois.map((a) => a.name?.trim()).filter((n): n is string => !!n))];
  if (!names.length) return null;
  const joined = names.join(', ');
  const chars = [...joined];
  return chars.length <= Limits.nameMax ? joined : `${chars.slice(0, Limits.nameMax - 1).join('')}…`;
}

/**
 * "Enlarge to the minimum" (issue 13, beyond the spec): the smallest ground buffer of the AOI
 * with which every group meets its minimums — for archive the cart's scenes clipped to the
 * buffered AOI, for tasking the buffered AOI itself. The groups only grow with the buffer, so a
 * bisection finds it; past 100 km the AOI cannot be enlarged (4151 order.cannotEnlarge).
 */
export async function enlargeAoi(
  deps: EnlargeDeps,
  request: AoiEnlargementRequest,
): Promise<AoiEnlargementResponse> {
  const evaluate = await evaluator(deps, request);
  const name = enlargedName(request.aois);
  const named = (aoi: Aoi): Aoi => (name ? { ...aoi, name } : aoi);
  const prepared = await prepareArea(deps.areas, checkAois(request.aois));
  const unchanged = await evaluate(prepared.union);
  if (meetsAll(unchanged)) {
    return {
      aoi: named(await deps.repository.geojsonOf(prepared.union)),
      bufferKm: 0,
      areaKm2: round2(prepared.areaKm2),
      groups: unchanged,
    };
  }
  // A continent-sized AOI is not enlarged: no one projection holds its buffer.
  if (prepared.areaKm2 > projectableKm2) {
    throw new ApiError(4151, 'order.cannotEnlarge', { params: { maximumKm: maxBufferMetres / 1000 } });
  }
  let lo = 0;
  let hi = maxBufferMetres;
  let best = await deps.repository.buffer(prepared.union, hi);
  let bestGroups = await evaluate(best.hex);
  if (!meetsAll(bestGroups))
    throw new ApiError(4151, 'order.cannotEnlarge', { params: { maximumKm: hi / 1000 } });
  while (hi - lo > bufferToleranceMetres) {
    const mid = (lo + hi) / 2;
    const buffered = await deps.repository.buffer(prepared.union, mid);
    const groups = await evaluate(buffered.hex);
    if (meetsAll(groups)) {
      hi = mid;
      best = buffered;
      bestGroups = groups;
    } else {
      lo = mid;
    }
  }
  return {
    aoi: named(best.geojson),
    bufferKm: Math.round(hi) / 1000,
    areaKm2: round2(best.areaKm2),
    groups: bestGroups,
  };
}

/** How the groups of the request measure an AOI (EWKB hex). */
async function evaluator(
  deps: EnlargeDeps,
  request: AoiEnlargementRequest,
): Promise<(aoi: string) => Promise<GroupArea[]>> {
  if (request.orderType === 1) {
    if (!request.ips?.length) throw ApiError.invalid('ips', 'order.nullbody');
    const cart = await deps.loadCart(request.ips);
    return (aoi) => deps.groupAreas(cart, aoi);
  }
  if (!request.satIds?.length) throw ApiError.invalid('satIds', 'order.satsNotNull');
  const groups = await deps.repository.groupsOf(request.satIds);
  if (!groups.length) throw ApiError.invalid('satIds', 'order.satsNotNull');
  return async (aoi) => {
    const { areaKm2, widthKm } = await deps.repository.areaAndWidth(aoi);
    return taskingGroupAreas(groups, areaKm2, widthKm);
  };
}
