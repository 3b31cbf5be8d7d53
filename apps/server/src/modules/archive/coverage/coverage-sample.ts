import { latitudeAtAreaShare, ringContains } from '../../scenes/storable';
import type { CoverageArea } from './coverage';

/**
 * Points for an estimated coverage (a search past `unionInNodeMax` matches): the union's share of
 * the AOI is the area-weighted share of these points that some match covers. Uniting 150,000
 * footprints (the world box on the demo) took PostGIS 20 s; a point costs one index probe.
 */

/** Points drawn for an estimate. An independent sample of 2,000 errs by at most ±2.2 points of
 *  coverage 95 % of the time (binomial, p = ½); the quasi-random sequence here does better on
 *  coverages made of whole footprints (`sampled-coverage.db.test.ts` measures it). */
export const coverageSampleSize = 2000;

/** Positions and the km² each stands for. */
export interface CoverageSample {
  lon: number[];
  lat: number[];
  weightKm2: number[];
}

/** The `i`-th term of the van der Corput sequence in `base` (the Halton sequence's coordinates). */
function radicalInverse(i: number, base: number): number {
  let value = 0;
  let scale = 1 / base;
  for (let n = i; n > 0; n = Math.floor(n / base)) {
    value += (n % base) * scale;
    scale /= base;
  }
  return value;
}

/** A part's positions tried before giving up on filling its share: a sliver of 1/10,000 of its box still fills. */
const triesPerPoint = 10_000;

/**
 * About `size` points spread evenly by area over the AOI, holes excluded, each standing for an
 * equal share of its part's area: per part, a Halton sequence (bases 2 and 3) over the part's
 * box in longitude and in area share of latitude, kept where it falls inside the part. The same
 * AOI always gets the same points, so the same search answers the same figure.
 */
export function coverageSample(area: CoverageArea, size = coverageSampleSize): CoverageSample {
  const sample: CoverageSample = { lon: [], lat: [], weightKm2: [] };
  const total = area.areaKm2;
  if (total <= 0) return sample;
  area.parts.forEach((part, p) => {
    const km2 = area.partsKm2[p]!;
    if (km2 <= 0) return;
    const wanted = Math.max(1, Math.round((size * km2) / total));
    const { west, south, east, north } = part.box;
    const [outer, ...holes] = part.rings;
    const lon: number[] = [];
    const lat: number[] = [];
    for (let i = 1; lon.length < wanted && i <= wanted * triesPerPoint; i++) {
      const x = west + radicalInverse(i, 2) * (east - west);
      const y = latitudeAtAreaShare(south, north, radicalInverse(i, 3));
      if (ringContains(outer!, x, y) && !holes.some((h) => ringContains(h, x, y))) {
        lon.push(x);
        lat.push(y);
      }
    }
    sample.lon.push(...lon);
    sample.lat.push(...lat);
    for (const _ of lon) sample.weightKm2.push(km2 / lon.length);
  });
  return sample;
}

/** The covered points' share of the sampled area, %. */
export function sampledShare(sample: CoverageSample, coveredKm2: number): number {
  const sampled = sample.weightKm2.reduce((s, w) => s + w, 0);
  return sampled > 0 ? (coveredKm2 / sampled) * 100 : 0;
}
