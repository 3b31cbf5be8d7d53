import { toLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { createWorkspaceView, fitMaxZoom, latLonAt, worldExtent, zoomForSearchedPoint } from './view';

describe('createWorkspaceView', () => {
  it('opens at 116.5 E 41.4 N, zoom 2, with at most zoom 24 and no rotation', () => {
    // (In a browser the centre is kept too, however wide the screen: only the centre is constrained.)
    const view = createWorkspaceView();
    const [lon, lat] = toLonLat(view.getCenter() ?? []);
    expect(lon).toBeCloseTo(116.5, 6);
    expect(lat).toBeCloseTo(41.4, 6);
    expect(view.getZoom()).toBe(2);
    expect(view.getMaxZoom()).toBe(24);
    expect(view.getProjection().getCode()).toBe('EPSG:3857');
    view.setRotation(1);
    expect(view.getRotation()).toBe(0);
  });

  it('keeps the centre inside the world', () => {
    const view = createWorkspaceView();
    view.setCenter([1e9, 1e9]);
    const [x = 0, y = 0] = view.getCenter() ?? [];
    const [, , maxX = 0, maxY = 0] = worldExtent();
    expect(x).toBeLessThanOrEqual(maxX);
    expect(y).toBeLessThanOrEqual(maxY);
  });
});

describe('latLonAt', () => {
  it('converts a map coordinate to latitude and longitude', () => {
    const position = latLonAt([0, 0]);
    expect(position?.lat).toBeCloseTo(0, 9);
    expect(position?.lon).toBeCloseTo(0, 9);
  });

  it('brings longitudes from a repeated world back into -180…180', () => {
    const [, , maxX = 0] = worldExtent();
    expect(latLonAt([maxX + maxX / 2, 0])?.lon).toBeCloseTo(-90, 6);
    expect(latLonAt([-maxX - maxX / 2, 0])?.lon).toBeCloseTo(90, 6);
  });

  it('is null above or below the world', () => {
    const [, , , maxY = 0] = worldExtent();
    expect(latLonAt([0, maxY * 1.01])).toBeNull();
  });
});

describe('zoomForSearchedPoint', () => {
  it('keeps a zoom of 8 to 16 and goes to 10 otherwise (never staying at 18)', () => {
    expect(zoomForSearchedPoint(2)).toBe(10);
    expect(zoomForSearchedPoint(7.9)).toBe(10);
    expect(zoomForSearchedPoint(8)).toBe(8);
    expect(zoomForSearchedPoint(14)).toBe(14);
    expect(zoomForSearchedPoint(16)).toBe(16);
    expect(zoomForSearchedPoint(16.5)).toBe(10);
    expect(zoomForSearchedPoint(18)).toBe(10);
    expect(zoomForSearchedPoint(undefined)).toBe(10);
  });
});

describe('fitMaxZoom', () => {
  it('goes no closer than the searched-point zoom for a point, 16 for an area, or a lower cap', () => {
    expect(fitMaxZoom([5, 5, 5, 5], 2)).toBe(10);
    expect(fitMaxZoom([5, 5, 5, 5], 18)).toBe(10);
    expect(fitMaxZoom([5, 5, 5, 5], 12)).toBe(12);
    expect(fitMaxZoom([0, 0, 10, 10], 3)).toBe(16);
    expect(fitMaxZoom([0, 0, 10, 10], 3, 13)).toBe(13);
  });
});
