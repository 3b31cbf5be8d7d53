import type { Aoi } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error';
import { checkAois } from './areas.service';

const box = (w: number, s: number, e: number, n: number) => [
  [w, s],
  [w, n],
  [e, n],
  [e, s],
  [w, s],
];

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

  describe('the world box, an edge of 360° from −180 to 180', () => {
    const refusal = (aois: Aoi[]) => {
      try {
        checkAois(aois);
      } catch (e) {
        return e;
      }
      return null;
    };
    const world = polygon([
      [-180, -85],
      [180, -85],
      [180, 85],
      [-180, 85],
      [-180, -85],
    ]);

    it('is read as written: one polygon the whole width, its parallels densified', () => {
      const [aoi] = checkAois([world]);
      expect(aoi!.coordinates).toHaveLength(1);
      const ring = aoi!.coordinates[0]![0]!;
      const lons = ring.map(([lon]) => lon!);
      expect(Math.min(...lons)).toBe(-180);
      expect(Math.max(...lons)).toBe(180);
      // along each parallel, eastwards at 85° S and westwards at 85° N, in short steps
      const south = ring
        .slice(0, -1)
        .filter(([, lat]) => lat === -85)
        .map(([lon]) => lon!);
      expect(south.length).toBeGreaterThan(100);
      expect(south).toEqual([...south].sort((a, b) => a - b));
      expect(ring.every((p, i) => i === 0 || Math.abs(p[0]! - ring[i - 1]![0]!) < 180)).toBe(true);
    });

    it('is searched with other AOIs, and with a hole', () => {
      const withHole: Aoi = {
        type: 'Polygon',
        coordinates: [world.coordinates[0], box(10, 10, 20, 20)],
      } as Aoi;
      expect(checkAois([polygon(box(10, 10, 11, 11)), world])).toHaveLength(2);
      const [aoi] = checkAois([withHole]);
      expect(aoi!.coordinates[0]).toHaveLength(2);
    });

    it('stays refused where it is not one area: at the poles, also beyond ±180°, longer, or not closed', () => {
      const cases: number[][][] = [
        [
          [-180, -90],
          [180, -90],
          [180, 90],
          [-180, 90],
          [-180, -90],
        ],
        [
          [-180, -85],
          [180, -85],
          [190, 85],
          [-180, 85],
          [-180, -85],
        ],
        [
          [-180, -85],
          [540, -85],
          [540, 85],
          [-180, 85],
          [-180, -85],
        ],
        [
          [-180, -85],
          [180, -85],
          [180, 85],
          [-180, 85],
          [180, -85],
        ],
      ];
      for (const ring of cases) {
        expect(refusal([polygon(ring)]), JSON.stringify(ring)).toMatchObject({
          messageKey: 'search.invalidAoi',
          details: { field: 'aois', params: { index: 0, reason: 'aoi.aroundTheWorld' } },
        });
      }
    });
  });
});
