import { toLonLat } from 'ol/proj';
import type Circle from 'ol/style/Circle';
import { expect, it } from 'vitest';
import { createSearchedPointLayer, searchedPointColours, searchedPointStyle } from './searchedPoint';

it('holds exactly one point feature at the searched position, in the map projection', () => {
  const layer = createSearchedPointLayer({ lat: -33.865, lon: -151.21 }, 40);
  const features = layer.getSource()?.getFeatures() ?? [];
  expect(features).toHaveLength(1);
  const geometry = features[0]?.getGeometry();
  expect(geometry?.getType()).toBe('Point');
  const [lon = 0, lat = 0] = toLonLat(geometry?.getCoordinates() ?? []);
  expect(lat).toBeCloseTo(-33.865, 9);
  expect(lon).toBeCloseTo(-151.21, 9);
  expect(features[0]?.get('lat')).toBe(-33.865);
  expect(features[0]?.get('lon')).toBe(-151.21);
});

it('sits at the given stacking level and is named for the controller', () => {
  const layer = createSearchedPointLayer({ lat: 0, lon: 0 }, 40);
  expect(layer.getZIndex()).toBe(40);
  expect(layer.get('layerId')).toBe('searched-point');
  expect(layer.getVisible()).toBe(true);
});

it('can build the point in another projection', () => {
  const layer = createSearchedPointLayer({ lat: 39.9042, lon: 116.4074 }, 0, 'EPSG:4326');
  expect(layer.getSource()?.getFeatures()[0]?.getGeometry()?.getCoordinates()).toEqual([116.4074, 39.9042]);
});

it('draws a ringed red dot over a dark halo', () => {
  const [halo, dot] = searchedPointStyle().map((style) => style.getImage() as Circle);
  const dotImage = dot as Circle;
  expect(halo?.getRadius()).toBeGreaterThan(dotImage.getRadius());
  expect(dotImage.getFill()?.getColor()).toBe(searchedPointColours.fill);
  expect(dotImage.getStroke()?.getColor()).toBe(searchedPointColours.ring);
});
