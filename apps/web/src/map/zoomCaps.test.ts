import View from 'ol/View';
import { expect, it } from 'vitest';
import { ZoomCaps } from './zoomCaps';

it('holds the lowest cap while any is set and steps a closer view back at once', () => {
  const view = new View({ center: [0, 0], zoom: 21, maxZoom: 24 });
  const caps = new ZoomCaps(() => view, 24);
  caps.set('myData', 18);
  expect(view.getMaxZoom()).toBe(18);
  expect(view.getZoom()).toBe(18);
  caps.set('hd', 12);
  expect(caps.current()).toBe(12);
  expect(view.getZoom()).toBe(12);
  caps.set('hd', null);
  expect(view.getMaxZoom()).toBe(18);
  caps.set('myData', null);
  expect(view.getMaxZoom()).toBe(24);
  // Lifting a cap never zooms in by itself.
  expect(view.getZoom()).toBe(12);
});
