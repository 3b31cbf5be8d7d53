import type MultiPolygon from 'ol/geom/MultiPolygon';
import { expect, it } from 'vitest';
import countries from 'world-atlas/countries-50m.json';
import {
  createNaturalEarthLayer,
  naturalEarthColours,
  naturalEarthStyle,
  readNaturalEarth,
} from './naturalEarth';

// Each read gets its own copy: reading decodes the file's arcs in place.
const read = (projection: string) => readNaturalEarth(structuredClone(countries), projection);
const world = read('EPSG:4326');
const byName = (name: string) => world.find((f) => f.get('name') === name)?.getGeometry() as MultiPolygon;

it('fills land and strokes borders over an ocean-coloured background', () => {
  const layer = createNaturalEarthLayer('/assets/countries.json', 0);
  expect(layer.getBackground()).toBe(naturalEarthColours.ocean);
  const style = naturalEarthStyle();
  expect(style.getFill()?.getColor()).toBe(naturalEarthColours.land);
  expect(style.getStroke()?.getColor()).toBe(naturalEarthColours.border);
});

it('reads the countries of the bundled world-atlas file', () => {
  expect(world.length).toBeGreaterThan(200);
  const [minLon = 0, , maxLon = 0] = byName('China').getExtent();
  expect(minLon).toBeCloseTo(73.5, 0);
  expect(maxLon).toBeCloseTo(134.8, 0);
});

it('leaves no edge across the whole map in countries that cross the antimeridian', () => {
  for (const name of ['Russia', 'Fiji']) {
    const longestStep = Math.max(
      ...byName(name)
        .getCoordinates()
        .flat()
        .flatMap((ring) => ring.slice(1).map(([lon = 0], i) => Math.abs(lon - (ring[i]?.[0] ?? 0)))),
    );
    expect(longestStep, name).toBeLessThan(180);
  }
});

it('projects into the map projection', () => {
  const [minX = 0] =
    read('EPSG:3857')
      .find((f) => f.get('name') === 'China')
      ?.getGeometry()
      ?.getExtent() ?? [];
  expect(minX).toBeCloseTo(8.18e6, -5);
});
