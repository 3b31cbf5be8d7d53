import { expect, it } from 'vitest';
import { navigationOptions } from './navigation';

// The interactions themselves need a DOM (the shift-drag zoom box); their options are what matters.
it('pans and zooms but neither rotates nor zooms on double click', () => {
  expect(navigationOptions).toMatchObject({
    altShiftDragRotate: false,
    pinchRotate: false,
    doubleClickZoom: false,
  });
  expect(navigationOptions.dragPan).not.toBe(false);
  expect(navigationOptions.mouseWheelZoom).not.toBe(false);
});
