import { describe, expect, it } from 'vitest';
import { createPassLayer, passFeature, passStyle, withAlpha } from './passes';

const rings = [
  [
    [116, 39],
    [117, 39],
    [117, 40],
    [116, 40],
  ],
];

describe('pass footprints', () => {
  it('keep the pass id and colour on one feature, rings closed', () => {
    const feature = passFeature({ passId: '7@2026-11-23T03:00:00Z', rings, colour: '#fa541c' });
    expect(feature.getId()).toBe('7@2026-11-23T03:00:00Z');
    expect(feature.get('colour')).toBe('#fa541c');
    expect(feature.getGeometry()?.getCoordinates()[0]?.[0]).toHaveLength(5);
  });

  it('stand out when hovered', () => {
    expect(withAlpha('#1677ff', 0.4)).toBe('rgba(22, 119, 255, 0.4)');
    expect(passStyle('#1677ff', true).getStroke()?.getWidth()).toBeGreaterThan(
      passStyle('#1677ff', false).getStroke()?.getWidth() ?? 0,
    );
  });

  it('are replaced as a whole by a new prediction', () => {
    const passes = createPassLayer(33);
    passes.setPasses([{ passId: 'a', rings, colour: '#1677ff' }]);
    passes.setPasses([
      { passId: 'b', rings, colour: '#1677ff' },
      { passId: 'c', rings, colour: '#52c41a' },
    ]);
    const ids = passes.layer
      .getSource()
      ?.getFeatures()
      .map((f) => f.getId());
    expect(ids?.sort()).toEqual(['b', 'c']);
  });
});
