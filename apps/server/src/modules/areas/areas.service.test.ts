import type { Aoi } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { checkAois } from './areas.service';

/** Issue 17: `checkAois` answers the AOIs unwrapped, then densified, within a bound. */

const polygon = (ring: number[][]): Aoi => ({ type: 'Polygon', coordinates: [ring] }) as Aoi;

/**
 * A comb at 40–50° N: a spine at 0–0.1° E and `teeth` teeth 0.01° high reaching 80° E, so about
 * 1,000 positions per tooth once densified, from 4 per tooth sent.
 */
function comb(teeth: number): Aoi {
  const ring: number[][] = [[0, 40]];
  for (let k = 0; k < teeth; k++) {
    const south = 40 + 0.02 * k;
    ring.push([80, south], [80, south + 0.01], [0.1, south + 0.01], [0.1, south + 0.02]);
  }
  ring[ring.length - 1] = [0, 40 + 0.02 * teeth - 0.01];
  ring.push([0, 40]);
  return polygon(ring);
}

describe('checkAois', () => {
  it('densifies after unwrapping: an edge 179 → −179 gets its positions along those 2°', () => {
    const [aoi] = checkAois([
      polygon([
        [179, 45],
        [-179, 45],
        [-179, 46],
        [179, 46],
        [179, 45],
      ]),
    ]);
    const ring = aoi!.coordinates[0]![0]!;
    // the two 2° parallels at 45° and 46° N, each in 8 pieces of 0.25°
    expect(ring).toHaveLength(19);
    for (const [lon] of ring) {
      expect(lon).toBeGreaterThanOrEqual(179);
      expect(lon).toBeLessThanOrEqual(181);
    }
    expect(aoi!.positions).toBe(19);
  });

  it('refuses with search.aoiTooComplex what would pass 100,000 positions once densified', () => {
    const [fine] = checkAois([comb(60)]);
    expect(fine!.positions).toBeGreaterThan(50_000);
    let refusal: unknown;
    try {
      checkAois([comb(120)]);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ messageKey: 'search.aoiTooComplex', details: { field: 'aois' } });
  });
});
