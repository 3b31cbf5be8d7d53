import type { AoiGeoJson } from '@satportal/contract';
import Polygon from 'ol/geom/Polygon';
import { getArea } from 'ol/sphere';
import { describe, expect, it } from 'vitest';
import { geodesicAreaKm2, geodesicLengthKm, roundAreaKm2, segmentize } from './geodesy';
import { splitAtAntimeridian, squareWithHole } from './testShapes';

/**
 * Areas as the server stores them: `ST_Area(ST_Segmentize(shape, 0.1)::geography) / 1e6`, computed
 * once with PGlite + PostGIS (the embedded database) for these shapes.
 */
const serverAreas: Array<[string, AoiGeoJson, number]> = [
  [
    'a quadrilateral over Beijing',
    {
      type: 'Polygon',
      coordinates: [
        [
          [116.3, 39.8],
          [116.5, 39.8],
          [116.52, 40.0],
          [116.28, 40.02],
          [116.3, 39.8],
        ],
      ],
    },
    438.63198293164015,
  ],
  [
    'a 1° × 2° box on the equator',
    {
      type: 'Polygon',
      coordinates: [
        [
          [10, -1],
          [11, -1],
          [11, 1],
          [10, 1],
          [10, -1],
        ],
      ],
    },
    24616.93407710973,
  ],
  [
    'a large box in Finland (straight lon/lat edges, densified)',
    {
      type: 'Polygon',
      coordinates: [
        [
          [20, 60],
          [24, 60],
          [24, 62.5],
          [20, 62.5],
          [20, 60],
        ],
      ],
    },
    59814.25768152673,
  ],
  [
    'a block of Paris',
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.35, 48.85],
          [2.36, 48.85],
          [2.36, 48.86],
          [2.35, 48.86],
          [2.35, 48.85],
        ],
      ],
    },
    0.8160805093593597,
  ],
  [
    'a polygon with a hole',
    {
      type: 'Polygon',
      coordinates: squareWithHole,
    },
    36919.47160380962,
  ],
  [
    'two islands',
    {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [-70, -33],
            [-69.5, -33],
            [-69.5, -33.4],
            [-70, -33.4],
            [-70, -33],
          ],
        ],
        [
          [
            [30, 10],
            [30.3, 10],
            [30.3, 10.2],
            [30, 10],
          ],
        ],
      ],
    },
    2431.9891810926665,
  ],
  ['a box split at the antimeridian', splitAtAntimeridian, 23629.585971423203],
];

describe('geodesicAreaKm2', () => {
  it.each(serverAreas)('agrees with the server to 2 decimals: %s', (_name, geojson, server) => {
    expect(roundAreaKm2(geodesicAreaKm2(geojson))).toBe(roundAreaKm2(server));
    expect(geodesicAreaKm2(geojson)).toBeCloseTo(server, 6);
  });

  it('gives the same area for a drawn ring running past +180° as for its split parts', () => {
    const drawn: AoiGeoJson = {
      type: 'Polygon',
      coordinates: [
        [
          [179, -16],
          [181, -16],
          [181, -17],
          [179, -17],
          [179, -16],
        ],
      ],
    };
    expect(geodesicAreaKm2(drawn)).toBeCloseTo(23629.585971423203, 6);
  });

  it('does not depend on the ring’s direction or on its closing position', () => {
    const ring = [
      [116.3, 39.8],
      [116.5, 39.8],
      [116.52, 40.0],
      [116.28, 40.02],
    ];
    const open: AoiGeoJson = { type: 'Polygon', coordinates: [ring] };
    const reversed: AoiGeoJson = { type: 'Polygon', coordinates: [[...ring].reverse()] };
    expect(geodesicAreaKm2(open)).toBeCloseTo(438.63198293164015, 6);
    expect(geodesicAreaKm2(reversed)).toBeCloseTo(438.63198293164015, 6);
  });

  it('is 0 for a point', () => {
    expect(geodesicAreaKm2({ type: 'Point', coordinates: [1, 2] })).toBe(0);
  });

  it('differs from the sphere of OpenLayers by more than the 2 decimals shown (why the ellipsoid)', () => {
    const geojson = serverAreas[0]?.[1] as Extract<AoiGeoJson, { type: 'Polygon' }>;
    const spherical = getArea(new Polygon(geojson.coordinates), { projection: 'EPSG:4326' }) / 1e6;
    expect(Math.abs(spherical - 438.63198293164015)).toBeGreaterThan(0.01);
  });
});

describe('segmentize', () => {
  it('cuts edges into equal pieces of at most 0.1°, as PostGIS ST_Segmentize', () => {
    expect(
      segmentize([
        [0, 0],
        [0.25, 0],
      ]),
    ).toEqual([
      [0, 0],
      [0.08333333333333333, 0],
      [0.16666666666666666, 0],
      [0.25, 0],
    ]);
    expect(
      segmentize([
        [0, 0],
        [0.1, 0],
      ]),
    ).toEqual([
      [0, 0],
      [0.1, 0],
    ]);
  });
});

describe('geodesicLengthKm', () => {
  it('agrees with PostGIS ST_Length on geography (Beijing → Shanghai → Guangzhou)', () => {
    const line = [
      [116.3, 39.9],
      [121.47, 31.23],
      [113.26, 23.13],
    ];
    expect(geodesicLengthKm(line)).toBeCloseTo(2280.0238509841097, 6);
  });

  it('is 0 for fewer than 2 positions', () => {
    expect(geodesicLengthKm([[1, 2]])).toBe(0);
  });
});
