import { type Aoi, Limits } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import {
  DENSIFIED_POSITIONS_MAX,
  DensifyBudget,
  DensifyLimitError,
  densifyPolygons,
} from '../scenes/densify';
import { GeometryError, type NormalisedGeometry, normaliseLonLat } from '../scenes/lonlat';
import { invalidReason, partsProblem, polygonProblem, type StorableProblem } from '../scenes/storable';
import { acrossTheWorld, halvesAcrossTheWorld, worldEdges } from './across-the-world';
import type { AreasRepository, PreparedAois } from './areas.repository';

/**
 * AOI preparation shared by every call that takes AOIs (archive search, tasking prediction, the
 * STAC API, ordering to come): validation, the ±180° split, the geodesic area, the union.
 */

/** `search.invalidAoi` naming the AOI and the reason (a translation key, its parameters beside it). */
const invalidAoi = (index: number, problem: StorableProblem) =>
  ApiError.invalid('aois', 'search.invalidAoi', { index, reason: problem.reason, ...problem.params });

/**
 * The AOIs of a request (archive search, tasking prediction, ordering and sizing, subscriptions,
 * the CLI's `--aoi`): at least one, each readable, not too many positions as sent, and each a
 * shape PostGIS can hold as the search uses it (its area is stored as geography and measured:
 * see `scenes/storable.ts`), alone and united. Answered unwrapped at ±180° and densified
 * (`scenes/densify.ts`): every edge straight in longitude/latitude, as drawn, also where PostGIS
 * reads great circles; the checks see the positions as sent, so densifying changes no verdict.
 */
export function checkAois(requestAois: Aoi[]): NormalisedGeometry[] {
  if (!requestAois.length) throw ApiError.invalid('aois', 'search.noAoi');
  const edges = requestAois.map(worldEdges);
  const aois = requestAois.map((aoi, index) => {
    // An edge of 360° (the world box's −180 → 180) cannot be unwrapped: read as written when
    // that is unambiguous (`across-the-world.ts`), refused otherwise.
    if (edges[index] === 'aroundTheWorld') throw invalidAoi(index, { reason: 'aoi.aroundTheWorld' });
    try {
      return normaliseLonLat(edges[index] === 'asWritten' ? halvesAcrossTheWorld(aoi) : aoi);
    } catch (e) {
      if (e instanceof GeometryError) throw invalidAoi(index, { reason: e.key, params: e.params });
      throw e;
    }
  });
  const positions = aois.reduce((n, a) => n + a.positions, 0);
  if (positions > Limits.aoiPositionsMax) {
    throw ApiError.invalid('aois', 'search.aoiTooComplex', { limit: Limits.aoiPositionsMax });
  }
  aois.forEach((aoi, index) => {
    for (const polygon of aoi.coordinates) {
      const problem = polygonProblem(polygon);
      if (problem) throw invalidAoi(index, problem);
    }
  });
  // The search area is their union: parts that meet are merged, each AOI first, then all of them.
  // The world box's halves are left out: they are meant to be merged, and `prepareAois` stores
  // what is wider than 180° in pieces. The limit stays on the others (issue 11), although those
  // pieces would now hold them too.
  const united = (upTo: number) =>
    partsProblem(aois.slice(0, upTo + 1).flatMap((a, i) => (edges[i] === 'asWritten' ? [] : a.coordinates)));
  if (united(aois.length - 1)) {
    const index = aois.findIndex((_, i) => united(i) !== null);
    throw invalidAoi(index, united(index) as StorableProblem);
  }
  const budget = new DensifyBudget(DENSIFIED_POSITIONS_MAX);
  try {
    return aois.map((aoi, i) => {
      // checked as halves, searched whole: two halves of one AOI would meet, which PostGIS refuses
      const sent = edges[i] === 'asWritten' ? acrossTheWorld(requestAois[i]!) : aoi.coordinates;
      const coordinates = densifyPolygons(sent, budget);
      const positions = coordinates.reduce((n, p) => n + p.reduce((m, r) => m + r.length, 0), 0);
      return { type: 'MultiPolygon', coordinates, positions };
    });
  } catch (e) {
    if (e instanceof DensifyLimitError) {
      throw ApiError.invalid('aois', 'search.aoiTooComplex', { limit: Limits.aoiPositionsMax });
    }
    throw e;
  }
}

/**
 * The AOIs checked by PostGIS (a valid polygon with an area each) and united into the search
 * area, split at ±180°; a refused AOI is 4000 naming its index and PostGIS' reason.
 */
export async function prepareArea(
  repository: Pick<AreasRepository, 'prepareAois'>,
  aois: NormalisedGeometry[],
): Promise<PreparedAois & { union: string }> {
  const prepared = await repository.prepareAois(aois);
  const invalid = prepared.aois.findIndex((a) => a.problem !== null);
  if (invalid >= 0 || !prepared.union) {
    throw invalidAoi(Math.max(invalid, 0), invalidReason(prepared.aois[invalid]?.problem ?? 'zero area'));
  }
  return { ...prepared, union: prepared.union };
}

/** A YYYY-MM-DD day as its UTC midnight, or undefined when there is no such day. */
export function utcDay(value: string): number | undefined {
  const [y, m, d] = value.split('-').map(Number);
  const t = Date.UTC(y!, m! - 1, d!);
  return new Date(t).toISOString().slice(0, 10) === value ? t : undefined;
}

/** A percentage to 2 decimals within 0–100 (spec 000 §9 "coverage percent to 2 decimals"). */
export const percent = (x: number) => Math.min(100, Math.max(0, Math.round(x * 100) / 100));
