import { describe, expect, it } from 'vitest';
import { type Footprint, rasteriseFootprint } from './footprint';
import type { OutputGrid } from './grid';
import {
  MERCATOR_HALF_WORLD,
  mercatorLat,
  mercatorX,
  mercatorY,
  tmForward,
  tmInverse,
  utmZone,
} from './projection';
import { box } from './test-helpers';

const square = box;

const mercatorGrid = (
  west: number,
  south: number,
  east: number,
  north: number,
  size: number,
): OutputGrid => ({
  crs: 'EPSG:3857',
  bbox: { minX: mercatorX(west), minY: mercatorY(south), maxX: mercatorX(east), maxY: mercatorY(north) },
  width: size,
  height: size,
});

const at = (mask: Uint8Array, grid: OutputGrid, col: number, row: number) => mask[row * grid.width + col];
const count = (mask: Uint8Array) => mask.reduce((n, v) => n + v, 0);

describe('projections', () => {
  it('puts the Landsat MTL corners where the MTL says (UTM 16N, to the MTL’s 1e-5° ≈ 1 m)', () => {
    const zone = utmZone(16, false);
    const corners: Array<[number, number, number, number]> = [
      [-88.21958, 31.3542, 384000, 3469500],
      [-85.80355, 31.35442, 613800, 3469500],
      [-88.19366, 29.2376, 384000, 3234900],
      [-85.82897, 29.2378, 613800, 3234900],
    ];
    for (const [lon, lat, x, y] of corners) {
      const [e, n] = tmForward(zone, lon, lat);
      expect(Math.abs(e - x)).toBeLessThan(1.5);
      expect(Math.abs(n - y)).toBeLessThan(1.5);
      const [lon2, lat2] = tmInverse(zone, x, y);
      expect(Math.abs(lon2 - lon)).toBeLessThan(2e-5);
      expect(Math.abs(lat2 - lat)).toBeLessThan(2e-5);
    }
  });

  it('round-trips Transverse Mercator to a nanometre across a zone, south zones included', () => {
    for (const south of [false, true]) {
      const zone = utmZone(33, south);
      for (let lat = south ? -80 : 0; lat <= (south ? 0 : 84); lat += 7) {
        for (let dLon = -4; dLon <= 4; dLon += 1) {
          const [e, n] = tmForward(zone, 15 + dLon, lat);
          const [lon, lat2] = tmInverse(zone, e, n);
          expect(Math.abs(lon - (15 + dLon))).toBeLessThan(1e-11);
          expect(Math.abs(lat2 - lat)).toBeLessThan(1e-11);
        }
      }
    }
  });

  it('maps Web Mercator’s corners', () => {
    expect(mercatorX(180)).toBeCloseTo(MERCATOR_HALF_WORLD, 6);
    expect(mercatorY(85.0511287798)).toBeCloseTo(MERCATOR_HALF_WORLD, 0);
    expect(mercatorLat(mercatorY(60))).toBeCloseTo(60, 12);
  });
});

describe('rasteriseFootprint', () => {
  it('fills pixels whose centre is inside, and only those', () => {
    // 10° × 10° box drawn over a 20° × 20° equirectangular grid of 100 px: 50 × 50 pixels.
    const grid: OutputGrid = {
      crs: 'EPSG:4326',
      bbox: { minX: 0, minY: 0, maxX: 20, maxY: 20 },
      width: 100,
      height: 100,
    };
    const mask = rasteriseFootprint(square(5, 5, 15, 15), grid);
    expect(count(mask)).toBe(2500);
    expect(at(mask, grid, 25, 25)).toBe(1);
    expect(at(mask, grid, 74, 74)).toBe(1);
    expect(at(mask, grid, 24, 50)).toBe(0);
    expect(at(mask, grid, 75, 50)).toBe(0);
  });

  it('leaves holes open and unites the parts of a MultiPolygon', () => {
    const grid: OutputGrid = {
      crs: 'EPSG:4326',
      bbox: { minX: 0, minY: 0, maxX: 20, maxY: 20 },
      width: 20,
      height: 20,
    };
    const outer = square(0, 0, 10, 10).coordinates[0] as number[][];
    const hole = square(2, 2, 8, 8).coordinates[0] as number[][];
    const other = square(12, 12, 14, 14).coordinates[0] as number[][];
    const mask = rasteriseFootprint({ type: 'MultiPolygon', coordinates: [[outer, hole], [other]] }, grid);
    expect(count(mask)).toBe(100 - 36 + 4);
    expect(at(mask, grid, 5, 15)).toBe(0); // in the hole (row 15 = latitude 4.5)
    expect(at(mask, grid, 1, 15)).toBe(1);
  });

  it('follows edges straight in longitude/latitude, curved in Mercator', () => {
    // A thin sliver from (0°, 0°) to (40°, 60°): in Mercator its long edge bends; the mask
    // must follow the GeoJSON edge, not the straight line between projected corners.
    const footprint: Footprint = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [40, 60],
          [40.5, 60],
          [0.5, 0],
          [0, 0],
        ],
      ],
    };
    const grid = mercatorGrid(0, 0, 41, 61, 400);
    const mask = rasteriseFootprint(footprint, grid);
    // At latitude 30° the GeoJSON sliver is at lon 20–20.5°; a straight Mercator chord between
    // the projected corners would pass at ≈ 16.7°.
    const row = Math.round(
      (grid.bbox.maxY - mercatorY(30)) / ((grid.bbox.maxY - grid.bbox.minY) / 400) - 0.5,
    );
    const colOf = (lon: number) =>
      Math.floor(((mercatorX(lon) - grid.bbox.minX) / (grid.bbox.maxX - grid.bbox.minX)) * 400);
    expect(at(mask, grid, colOf(20.25), row)).toBe(1);
    expect(at(mask, grid, colOf(16.9), row)).toBe(0);
  });

  const split: Footprint = {
    type: 'MultiPolygon',
    coordinates: [square(170, -10, 180, 10).coordinates, square(-180, -10, -170, 10).coordinates],
  };
  const crossing: Footprint = {
    type: 'Polygon',
    coordinates: [
      [
        [170, -10],
        [-170, -10],
        [-170, 10],
        [170, 10],
        [170, -10],
      ],
    ],
  };

  it.each([
    ['split at ±180°', split],
    ['written across ±180°', crossing],
  ])(
    'draws a footprint crossing the antimeridian (%s) on both sides and in every world copy',
    (_, footprint) => {
      // Centred on 180°: x runs past the world's edge, as OpenLayers asks on a wrapped map.
      for (const [west, east] of [
        [160, 200],
        [-200, -160],
        [520, 560],
      ] as const) {
        const grid = mercatorGrid(west, -20, east, 20, 80);
        const mask = rasteriseFootprint(footprint, grid);
        // 20° of 40° wide, 20° of 40° high (Mercator stretches latitude a little, hence the range).
        expect(count(mask)).toBeGreaterThan(40 * 38);
        expect(count(mask)).toBeLessThan(40 * 42);
        expect(at(mask, grid, 30, 40)).toBe(1); // 175°
        expect(at(mask, grid, 49, 40)).toBe(1); // 185° = −175°
        expect(at(mask, grid, 10, 40)).toBe(0); // 165°
        expect(at(mask, grid, 70, 40)).toBe(0); // 195°
        expect(at(mask, grid, 40, 2)).toBe(0); // 19° N
      }
      // And each half alone, in the ordinary world.
      const east = rasteriseFootprint(footprint, mercatorGrid(160, -20, 180, 20, 40));
      const west = rasteriseFootprint(footprint, mercatorGrid(-180, -20, -160, 20, 40));
      expect(count(east)).toBe(count(west));
      expect(count(east)).toBeGreaterThan(0);
    },
  );

  it('closes a ring around a pole over that pole', () => {
    const cap: Footprint = {
      type: 'Polygon',
      coordinates: [
        [
          [-180, 70],
          [-90, 70],
          [0, 70],
          [90, 70],
          [180, 70],
          [-180, 70],
        ],
      ],
    };
    const grid = mercatorGrid(-180, 60, 180, 85, 90);
    const mask = rasteriseFootprint(cap, grid);
    const capRow = 10; // near 84° N
    const lowRow = 85; // near 61° N
    expect(mask.subarray(capRow * 90, capRow * 90 + 90).every((v) => v === 1)).toBe(true);
    expect(mask.subarray(lowRow * 90, lowRow * 90 + 90).every((v) => v === 0)).toBe(true);
  });

  it('gives an empty mask for a box far from the footprint, and survives junk rings', () => {
    expect(count(rasteriseFootprint(square(0, 0, 1, 1), mercatorGrid(50, 50, 51, 51, 64)))).toBe(0);
    const junk = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [Number.NaN, 1],
        ],
        [],
      ],
    } as Footprint;
    expect(count(rasteriseFootprint(junk, mercatorGrid(-1, -1, 2, 2, 16)))).toBe(0);
  });
});
