import { describe, expect, it } from 'vitest';
import { formatMeasure, measureKeyOf, nextPolygonName } from './drawingText';

describe('nextPolygonName', () => {
  it('starts at Polygon1', () => {
    expect(nextPolygonName([])).toBe('Polygon1');
    expect(nextPolygonName(['Field', 'Polygon'])).toBe('Polygon1');
  });

  it('takes the smallest free number', () => {
    expect(nextPolygonName(['Polygon1', 'Polygon2'])).toBe('Polygon3');
    expect(nextPolygonName(['Polygon1', 'Polygon3'])).toBe('Polygon2');
    expect(nextPolygonName([' Polygon1 ', 'Polygon10'])).toBe('Polygon2');
  });

  it('ignores names that only look alike', () => {
    expect(nextPolygonName(['polygon1', 'Polygon1a', 'My Polygon1'])).toBe('Polygon1');
  });
});

describe('formatMeasure', () => {
  it('shows 2 decimals with the language’s grouping', () => {
    expect(formatMeasure(1234.5678, 'en')).toBe('1,234.57');
    expect(formatMeasure(1234.5678, 'zh')).toBe('1,234.57');
    expect(formatMeasure(0.004, 'en')).toBe('0.00');
    expect(formatMeasure(12, 'en')).toBe('12.00');
  });

  it('names the read-out by kind', () => {
    expect(measureKeyOf({ kind: 'length' })).toBe('draw.lengthTip');
    expect(measureKeyOf({ kind: 'area' })).toBe('draw.areaTip');
  });
});
