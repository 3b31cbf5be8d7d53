/** Shapes the map's tests share (test data only; nothing in the application imports it). */

/** A 2° × 1° box east of Fiji as the server stores it: split at the antimeridian into two parts. */
export const eastOfAntimeridian = [
  [
    [179, -16],
    [180, -16],
    [180, -17],
    [179, -17],
    [179, -16],
  ],
];
export const westOfAntimeridian = [
  [
    [-180, -16],
    [-179, -16],
    [-179, -17],
    [-180, -17],
    [-180, -16],
  ],
];
export const splitAtAntimeridian = {
  type: 'MultiPolygon' as const,
  coordinates: [eastOfAntimeridian, westOfAntimeridian],
};

/** A 2° square at 0°, 0° with a 1° hole in its middle (outer ring, then the hole). */
export const squareWithHole = [
  [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
    [0, 0],
  ],
  [
    [0.5, 0.5],
    [0.5, 1.5],
    [1.5, 1.5],
    [1.5, 0.5],
    [0.5, 0.5],
  ],
];
