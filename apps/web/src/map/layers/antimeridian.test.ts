import { describe, expect, it } from 'vitest';
import { eastOfAntimeridian, westOfAntimeridian } from '../testShapes';
import {
  drawableAcrossAntimeridian,
  joinAcrossAntimeridian,
  ringIntoWorld,
  unwrapRing,
} from './antimeridian';

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

describe('joinAcrossAntimeridian', () => {
  const [east, west] = [eastOfAntimeridian, westOfAntimeridian];

  it('puts the western part of a shape split at ±180° beside the eastern one', () => {
    const joined = joinAcrossAntimeridian([east, west]);
    expect(joined[0]).toEqual(east);
    expect(joined[1]?.[0]?.map(([lon]) => lon)).toEqual([180, 181, 181, 180, 180]);
  });

  it('leaves parts that only touch one side, or lie apart, as they are', () => {
    expect(joinAcrossAntimeridian([east])).toEqual([east]);
    const far = [
      [
        [-180, 60],
        [-100, 60],
        [-100, 70],
        [-180, 60],
      ],
    ];
    const wide = [
      [
        [100, 0],
        [180, 0],
        [180, 10],
        [100, 0],
      ],
    ];
    // Joined it would span 100°…260°, wider than as it is (−180°…180° is 360°, so joined wins here).
    expect(joinAcrossAntimeridian([wide, far])[1]?.[0]?.[0]).toEqual([180, 60]);
  });
});

describe('ringIntoWorld', () => {
  it('moves a ring drawn a world away back by whole turns', () => {
    expect(
      ringIntoWorld([
        [370, 0],
        [371, 0],
        [371, 1],
        [370, 0],
      ]),
    ).toEqual([
      [10, 0],
      [11, 0],
      [11, 1],
      [10, 0],
    ]);
  });

  it('keeps a ring that crosses +180° as it is', () => {
    const ring = [
      [179, 0],
      [181, 0],
      [181, 1],
      [179, 0],
    ];
    expect(ringIntoWorld(ring)).toEqual(ring);
  });
});
