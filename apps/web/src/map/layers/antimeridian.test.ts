import { describe, expect, it } from 'vitest';
import { drawableAcrossAntimeridian, unwrapRing } from './antimeridian';

// A small island spanning the antimeridian, as spherical data stores it.
const acrossAntimeridian = [
  [179, -16],
  [-179, -16],
  [-179, -17],
  [179, -17],
  [179, -16],
];

describe('unwrapRing', () => {
  it('undoes the jump over ±180°', () => {
    expect(unwrapRing(acrossAntimeridian)).toEqual([
      [179, -16],
      [181, -16],
      [181, -17],
      [179, -17],
      [179, -16],
    ]);
  });

  it('leaves an ordinary ring unchanged', () => {
    const ring = [
      [10, 10],
      [20, 10],
      [20, 20],
      [10, 10],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('gives up on a ring round a pole', () => {
    // Antarctica's coast goes once round the world, then closes along the pole.
    const aroundThePole = [
      [-90, -70],
      [0, -70],
      [90, -70],
      [179, -70],
      [-179, -70],
      [-90, -70],
    ];
    expect(unwrapRing(aroundThePole)).toBeNull();
  });
});

describe('drawableAcrossAntimeridian', () => {
  it('draws a polygon across the antimeridian on both sides of the map', () => {
    const drawn = drawableAcrossAntimeridian([[acrossAntimeridian]]);
    expect(drawn).toHaveLength(2);
    expect(drawn[0]?.[0]?.[1]).toEqual([181, -16]);
    expect(drawn[1]?.[0]?.[1]).toEqual([-179, -16]);
    expect(drawn[1]?.[0]?.[0]).toEqual([-181, -16]);
  });

  it('keeps other polygons as they are', () => {
    const square = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ];
    expect(drawableAcrossAntimeridian([square])).toEqual([square]);
  });
});
