import type MultiPolygon from 'ol/geom/MultiPolygon';
import type Point from 'ol/geom/Point';
import { fromLonLat, toLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { splitAtAntimeridian, squareWithHole } from '../testShapes';
import {
  createShapeLayer,
  drawnPolygonGeoJson,
  poiFeature,
  polygonsOf,
  savedAreaFeature,
  savedAreaStyle,
} from './areas';

const toMap = (ring: number[][]) => ring.map((p) => fromLonLat(p));
const worldWidth = 2 * 20037508.342789244;

describe('drawnPolygonGeoJson', () => {
  it('cuts an edge wider than 180° so that the server does not read it the other way round', () => {
    // Drawn from 100° W to 100° E: 200° wide, the width of Africa and Eurasia with the Atlantic.
    const ring = drawnPolygonGeoJson(
      toMap([
        [-100, -20],
        [100, -20],
        [100, 40],
        [-100, 40],
      ]),
    ).coordinates[0]!;
    const steps = ring.slice(1).map((p, i) => Math.abs(p[0]! - ring[i]![0]!));
    expect(Math.max(...steps)).toBeLessThanOrEqual(90 + 1e-9);
    expect(Math.min(...ring.map((p) => p[0]!))).toBeCloseTo(-100, 9);
    expect(Math.max(...ring.map((p) => p[0]!))).toBeCloseTo(100, 9);
    // The added positions lie on the drawn edges: the bottom edge stays at 20° S.
    expect(ring.filter((p) => Math.abs(p[1]! + 20) < 1e-9).length).toBeGreaterThan(2);
    expect(ring.at(-1)).toEqual(ring[0]);
  });

  it('closes the drawn ring and gives its positions in longitude/latitude', () => {
    const geojson = drawnPolygonGeoJson(
      toMap([
        [116.3, 39.8],
        [116.5, 39.8],
        [116.52, 40],
        [116.28, 40.02],
      ]),
    );
    expect(geojson.type).toBe('Polygon');
    const ring = geojson.coordinates[0] ?? [];
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    expect(ring[2]?.[0]).toBeCloseTo(116.52, 9);
    expect(ring[2]?.[1]).toBeCloseTo(40, 9);
  });

  it('keeps a ring drawn across the antimeridian whole (longitudes past 180°)', () => {
    const ring =
      drawnPolygonGeoJson(
        toMap([
          [179, -16],
          [181, -16],
          [181, -17],
          [179, -17],
        ]),
      ).coordinates[0] ?? [];
    expect(ring.map(([lon = 0]) => Math.round(lon))).toEqual([179, 181, 181, 179, 179]);
  });

  it('brings a ring drawn on another copy of the world back into it', () => {
    const shifted = toMap([
      [10, 0],
      [11, 0],
      [11, 1],
      [10, 1],
    ]).map(([x = 0, y = 0]) => [x + 2 * worldWidth, y]);
    const ring = drawnPolygonGeoJson(shifted).coordinates[0] ?? [];
    expect(ring.map(([lon = 0]) => Math.round(lon * 1e6) / 1e6)).toEqual([10, 11, 11, 10, 10]);
  });
});

describe('savedAreaFeature', () => {
  it('keeps every part and hole of a saved AOI, under its id and name', () => {
    const feature = savedAreaFeature({
      id: 7,
      name: 'Islands',
      geojson: {
        type: 'MultiPolygon',
        coordinates: [
          squareWithHole,
          [
            [
              [10, 10],
              [11, 10],
              [11, 11],
              [10, 10],
            ],
          ],
        ],
      },
    });
    expect(feature.getId()).toBe(7);
    expect(feature.get('name')).toBe('Islands');
    const geometry = feature.getGeometry() as MultiPolygon;
    expect(geometry.getPolygons().map((p) => p.getLinearRingCount())).toEqual([2, 1]);
    expect(savedAreaStyle(feature).getText()?.getText()).toBe('Islands');
  });

  it('puts the parts the server split at ±180° side by side, so a fit frames the area', () => {
    const feature = savedAreaFeature({
      id: 1,
      name: 'Fiji box',
      geojson: splitAtAntimeridian,
    });
    const [minX = 0, , maxX = 0] = feature.getGeometry()?.getExtent() ?? [];
    const [west = 0] = toLonLat([minX, 0]);
    expect(west).toBeCloseTo(179, 9);
    expect((maxX - minX) / worldWidth).toBeCloseTo(2 / 360, 9);
  });
});

it('reads the polygons of each AOI geometry, none of a point', () => {
  expect(
    polygonsOf({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    }),
  ).toHaveLength(1);
  expect(polygonsOf({ type: 'Point', coordinates: [1, 2] })).toEqual([]);
});

it('puts a POI at its position with its id and name', () => {
  const feature = poiFeature({ id: 3, name: 'Well', lat: 39.9, lon: 116.4 });
  const [lon = 0, lat = 0] = toLonLat((feature.getGeometry() as Point).getCoordinates());
  expect([feature.getId(), feature.get('name')]).toEqual([3, 'Well']);
  expect(lat).toBeCloseTo(39.9, 9);
  expect(lon).toBeCloseTo(116.4, 9);
});

it('builds shape layers that wrap the world unless told not to (editing across ±180°)', () => {
  expect(createShapeLayer('saved-areas', 40, savedAreaStyle).getSource()?.getWrapX()).toBe(true);
  const drawing = createShapeLayer('drawing', 60, savedAreaStyle, false);
  expect([drawing.getSource()?.getWrapX(), drawing.getZIndex(), drawing.get('layerId')]).toEqual([
    false,
    60,
    'drawing',
  ]);
});
