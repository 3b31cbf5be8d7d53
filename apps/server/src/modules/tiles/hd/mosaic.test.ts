import { describe, expect, it } from 'vitest';
import { adds, paintUnder, tileLonLatBox } from './mosaic';

const rgba = (...pixels: number[][]) => new Uint8Array(pixels.flat());

describe('mosaic painting', () => {
  it('takes a pixel from the first layer that has it and says when the canvas is covered', () => {
    const canvas = rgba([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]);
    expect(paintUnder(canvas, rgba([1, 1, 1, 255], [0, 0, 0, 0], [2, 2, 2, 255]))).toBe(false);
    expect(paintUnder(canvas, rgba([9, 9, 9, 255], [3, 3, 3, 255], [9, 9, 9, 255]))).toBe(true);
    expect(Array.from(canvas)).toEqual([1, 1, 1, 255, 3, 3, 3, 255, 2, 2, 2, 255]);
  });

  it('a footprint adds something only where the canvas is still empty', () => {
    const canvas = rgba([1, 1, 1, 255], [0, 0, 0, 0]);
    expect(adds(canvas, new Uint8Array([1, 0]))).toBe(false);
    expect(adds(canvas, new Uint8Array([1, 1]))).toBe(true);
    expect(adds(canvas, new Uint8Array([0, 0]))).toBe(false);
  });

  it('boxes tiles of the XYZ grid', () => {
    expect(tileLonLatBox({ z: 0, x: 0, y: 0 }).map((v) => Number(v.toFixed(6)))).toEqual([
      -180, -85.051129, 180, 85.051129,
    ]);
    const [w, s, e, n] = tileLonLatBox({ z: 1, x: 1, y: 0 });
    expect([w, Number(s.toFixed(9)), e]).toEqual([0, 0, 180]);
    expect(n).toBeCloseTo(85.0511, 4);
  });
});
