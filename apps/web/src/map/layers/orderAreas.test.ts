import type Feature from 'ol/Feature';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import type Point from 'ol/geom/Point';
import { toLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { createOrderAreaLayer, orderAreaColours, orderAreaFeatures, orderAreaStyle } from './orderAreas';

const box = (west: number, south: number, east: number, north: number) => [
  [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ],
];

/** Two pieces of a gap: a large one and a small one. */
const gap = {
  geojson: { type: 'MultiPolygon' as const, coordinates: [box(10, 0, 12, 2), box(20, 0, 20.5, 0.5)] },
  label: 'Gap 123.45 km²',
};

const idsOf = (layer: ReturnType<typeof createOrderAreaLayer>) =>
  (layer.layer.getSource()?.getFeatures() ?? []).map((f) => String(f.getId())).sort();

describe('order areas on the map', () => {
  it('draw every part of the gap, and its label once, on the largest part', () => {
    const [outline, label] = orderAreaFeatures('gap', gap) as [Feature<MultiPolygon>, Feature<Point>];
    expect(outline?.getGeometry()?.getType()).toBe('MultiPolygon');
    expect(outline.getGeometry()?.getPolygons()).toHaveLength(2);
    expect(label.get('label')).toBe('Gap 123.45 km²');
    const [lon = 0, lat = 0] = toLonLat(label.getGeometry()?.getCoordinates() ?? []);
    expect(lon).toBeGreaterThan(10);
    expect(lon).toBeLessThan(12);
    expect(lat).toBeGreaterThan(0);
    expect(lat).toBeLessThan(2);
  });

  it('put parts split at ±180° side by side', () => {
    const [outline] = orderAreaFeatures('gap', {
      geojson: { type: 'MultiPolygon', coordinates: [box(179, 0, 180, 1), box(-180, 0, -179, 1)] },
    });
    const extent = outline?.getGeometry()?.getExtent() ?? [];
    const [west = 0] = toLonLat([extent[0] ?? 0, 0]);
    const width = ((extent[2] ?? 0) - (extent[0] ?? 0)) / 111_319.49;
    expect(west).toBeCloseTo(179, 6);
    expect(width).toBeCloseTo(2, 3);
  });

  it('hatch the gap in red and dash the enlarged AOI', () => {
    const gapStyle = orderAreaStyle('gap');
    expect(gapStyle.getStroke()?.getColor()).toBe(orderAreaColours.gap);
    expect(gapStyle.getFill()).not.toBeNull();
    const enlarged = orderAreaStyle('enlargedAoi');
    expect(enlarged.getStroke()?.getLineDash()?.length).toBeGreaterThan(0);
    expect(enlarged.getFill()).toBeNull();
    expect(orderAreaStyle('gap', 'Gap 1 km²').getText()?.getText()).toBe('Gap 1 km²');
  });

  it('replace each role on its own; null clears it, a role left out stays', () => {
    const layer = createOrderAreaLayer(38);
    layer.show({ gap });
    layer.show({ enlargedAoi: { geojson: { type: 'Polygon', coordinates: box(9, -1, 13, 3) } } });
    expect(idsOf(layer)).toEqual(['enlargedAoi', 'gap', 'gap-label']);
    expect(layer.shown()).toEqual({ gap: 'Gap 123.45 km²', enlargedAoi: '', orderedScenes: null });
    layer.show({ gap: { ...gap, label: 'Gap 2 km²' } });
    expect(idsOf(layer)).toEqual(['enlargedAoi', 'gap', 'gap-label']);
    expect(layer.shown().gap).toBe('Gap 2 km²');
    layer.show({ gap: null });
    expect(idsOf(layer)).toEqual(['enlargedAoi']);
    layer.show({ enlargedAoi: null });
    expect(idsOf(layer)).toEqual([]);
    expect(layer.shown()).toEqual({ gap: null, enlargedAoi: null, orderedScenes: null });
  });

  it('outline the order centre’s scene footprints in blue beside the cart’s areas, and know where they are', () => {
    const layer = createOrderAreaLayer(38);
    layer.show({ gap });
    expect(layer.extentOf('orderedScenes')).toBeUndefined();
    layer.show({ orderedScenes: { geojson: { type: 'MultiPolygon', coordinates: [box(30, 0, 31, 1)] } } });
    expect(idsOf(layer)).toEqual(['gap', 'gap-label', 'orderedScenes']);
    expect(layer.shown().orderedScenes).toBe('');
    const [west = 0, south = 0] = toLonLat((layer.extentOf('orderedScenes') ?? []).slice(0, 2));
    expect(west).toBeCloseTo(30, 6);
    expect(south).toBeCloseTo(0, 6);
    expect(orderAreaStyle('orderedScenes').getStroke()?.getColor()).toBe(orderAreaColours.ordered);
    layer.show({ orderedScenes: null });
    expect(idsOf(layer)).toEqual(['gap', 'gap-label']);
  });
});
