import VectorSource from 'ol/source/Vector';
import { Style } from 'ol/style';
import { expect, it } from 'vitest';
import { createDrawInteraction, minPointsOf, minPolygonVertices } from './drawing';

it('asks 4 corners of a polygon (spec: a polygon needs at least 4 points)', () => {
  expect(minPolygonVertices).toBe(4);
  expect(minPointsOf).toEqual({ polygon: 4, measureArea: 3, measureLength: 2 });
});

it('draws each tool’s kind of shape into the given source', () => {
  const source = new VectorSource();
  const draw = (tool: Parameters<typeof createDrawInteraction>[0]) =>
    createDrawInteraction(tool, source, new Style());
  // OpenLayers keeps the mode privately; the minimum is observable through its option handling.
  expect((draw('polygon') as unknown as { mode_: string; minPoints_: number }).minPoints_).toBe(4);
  expect((draw('polygon') as unknown as { mode_: string }).mode_).toBe('Polygon');
  expect((draw('point') as unknown as { mode_: string }).mode_).toBe('Point');
  expect((draw('measureLength') as unknown as { mode_: string; minPoints_: number }).mode_).toBe(
    'LineString',
  );
  expect((draw('measureArea') as unknown as { minPoints_: number }).minPoints_).toBe(3);
});
