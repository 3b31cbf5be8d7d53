import { afterAll, describe, expect, it } from 'vitest';
import type { Footprint } from './footprint';
import { blankPng, QuicklookRenderer, type QuicklookScene, renderQuicklook } from './quicklook';
import {
  binaryAlpha,
  box,
  decodePng,
  mercatorRequest,
  opaqueCount,
  pixel,
  simulatedScene,
} from './test-helpers';

const renderer = new QuicklookRenderer();
afterAll(() => renderer.close());

// Congo basin rain forest: dark green in the NASA image, so white is cloud.
const congo = box(21.5, -0.5, 22.5, 0.5);
const congoRequest = mercatorRequest(21.5, -0.5, 22.5, 0.5, 256);
// A slanted swath over the Amazon, drawn in a box larger than itself.
const amazon: Footprint = {
  type: 'Polygon',
  coordinates: [
    [
      [-62, -6],
      [-60.8, -6.2],
      [-60.4, -4.2],
      [-61.6, -4],
      [-62, -6],
    ],
  ],
};
const amazonRequest = mercatorRequest(-62.2, -6.4, -60.2, -3.8, 300);

describe('simulated quicklooks', () => {
  it('are opaque inside the footprint and fully transparent outside', async () => {
    const png = await renderQuicklook(
      simulatedScene('SIM-MASK', congo, 30),
      mercatorRequest(21, -1, 23, 1, 128),
      renderer,
    );
    const image = await decodePng(png);
    expect([image.width, image.height]).toEqual([128, 128]);
    expect(pixel(image, 64, 64)[3]).toBe(255);
    expect(pixel(image, 33, 33)[3]).toBe(255);
    expect(pixel(image, 94, 94)[3]).toBe(255);
    for (const [c, r] of [
      [0, 0],
      [127, 127],
      [31, 64],
      [96, 64],
      [64, 31],
      [64, 96],
    ] as const) {
      expect(pixel(image, c, r)).toEqual([0, 0, 0, 0]);
    }
    expect(opaqueCount(image)).toBe(64 * 64);
    expect(binaryAlpha(image)).toBe(true);
  });

  it('draw a footprint crossing the antimeridian on both sides, without a seam', async () => {
    const split: Footprint = {
      type: 'MultiPolygon',
      coordinates: [box(176, -3, 180, 3).coordinates, box(-180, -3, -176, 3).coordinates],
    };
    const scene = simulatedScene('SIM-ANTIMERIDIAN', split, 50);
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(175, -4, 185, 4, 200), renderer),
    );
    expect(pixel(image, 60, 100)[3]).toBe(255); // 178°
    expect(pixel(image, 140, 100)[3]).toBe(255); // −178°
    expect(pixel(image, 5, 100)[3]).toBe(0); // 175.25°
    expect(pixel(image, 195, 100)[3]).toBe(0); // −175.25°
    // Columns 99 | 100 meet at 180°: they differ no more than neighbours elsewhere do.
    const columnStep = (c: number) => {
      let sum = 0;
      for (let r = 30; r < 170; r++) {
        const a = pixel(image, c, r);
        const b = pixel(image, c + 1, r);
        sum += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
      }
      return sum / 140;
    };
    const typical = (columnStep(60) + columnStep(80) + columnStep(120) + columnStep(140)) / 4;
    expect(columnStep(99)).toBeLessThan(typical * 3 + 3);
    // Seen from the other world copy, the same picture.
    const west = await decodePng(
      await renderQuicklook(scene, mercatorRequest(-185, -4, -175, 4, 200), renderer),
    );
    expect(Buffer.from(west.data).equals(Buffer.from(image.data))).toBe(true);
    // Zoomed in to 55 m pixels, where the ground texture shows: no seam either.
    // (Over Chukotka's tundra, whose ground is bright enough for the texture to show.)
    const chukotka: Footprint = {
      type: 'MultiPolygon',
      coordinates: [box(176, 66, 180, 68).coordinates, box(-180, 66, -176, 68).coordinates],
    };
    const clear = simulatedScene('SIM-ANTIMERIDIAN-CLEAR', chukotka, 0);
    const close = await decodePng(
      await renderQuicklook(clear, mercatorRequest(179.95, 66.95, 180.05, 67.05, 200), renderer),
    );
    const closeStep = (c: number) => {
      let sum = 0;
      for (let r = 0; r < 200; r++) {
        const a = pixel(close, c, r);
        const b = pixel(close, c + 1, r);
        sum += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
      }
      return sum / 200;
    };
    const closeTypical = (closeStep(40) + closeStep(70) + closeStep(130) + closeStep(160)) / 4;
    expect(closeTypical).toBeGreaterThan(0.1);
    expect(closeStep(99)).toBeLessThan(closeTypical * 3 + 3);
  });

  /** Share of the footprint's pixels that are white-ish (cloud over the dark forest). */
  const cloudyShare = async (id: string, cloudCover: number, footprint = congo, request = congoRequest) => {
    const png = await renderQuicklook(simulatedScene(id, footprint, cloudCover), request, renderer);
    const image = await decodePng(png);
    let inside = 0;
    let white = 0;
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i + 3] !== 255) continue;
      inside++;
      if (Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) >= 128) white++;
    }
    expect(inside).toBeGreaterThan(20_000);
    return (100 * white) / inside;
  };

  it('show no cloud at 0 % (the ground alone is never white-ish here)', async () => {
    expect(await cloudyShare('SIM-CLEAR', 0)).toBe(0);
  });

  it.each([
    ['SIM-CC-A', 5],
    ['SIM-CC-B', 20],
    ['SIM-CC-C', 35],
    ['SIM-CC-D', 50],
    ['SIM-CC-E', 65],
    ['SIM-CC-F', 80],
    ['SIM-CC-G', 95],
    ['SIM-CC-H', 100],
  ])('%s with %d % cloud cover is that cloudy (±5 points)', async (id, cloudCover) => {
    const share = await cloudyShare(id, cloudCover);
    console.log(`${id}: cloud cover ${cloudCover} %, white-ish ${share.toFixed(1)} % of the footprint`);
    expect(Math.abs(share - cloudCover)).toBeLessThanOrEqual(5);
  });

  it.each([
    ['SIM-AMAZON-A', 15],
    ['SIM-AMAZON-B', 45],
    ['SIM-AMAZON-C', 75],
  ])(
    '%s, a slanted swath with %d % cloud cover, is that cloudy inside its footprint',
    async (id, cloudCover) => {
      const share = await cloudyShare(id, cloudCover, amazon, amazonRequest);
      console.log(`${id}: cloud cover ${cloudCover} %, white-ish ${share.toFixed(1)} % of the footprint`);
      expect(Math.abs(share - cloudCover)).toBeLessThanOrEqual(5);
    },
  );

  it('are deterministic: the same scene gives the same bytes, another id other clouds', async () => {
    const request = mercatorRequest(21.4, -0.6, 22.6, 0.6, 96);
    const fresh = new QuicklookRenderer();
    const a = await renderQuicklook(simulatedScene('SIM-DET', congo, 40), request, renderer);
    const b = await renderQuicklook(simulatedScene('SIM-DET', congo, 40), request, fresh);
    const c = await renderQuicklook(simulatedScene('SIM-DET-2', congo, 40), request, fresh);
    await fresh.close();
    expect(a.equals(b)).toBe(true);
    expect(a.equals(c)).toBe(false);
  });

  it('keep their clouds in place when the map pans or zooms', async () => {
    const scene = simulatedScene('SIM-PAN', congo, 45);
    const whole = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, -0.5, 22.5, 0.5, 200), renderer),
    );
    // The north-west quarter, at twice the scale: each of its pixels is half a pixel of the whole.
    const quarter = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, 0, 22, 0.5, 200), renderer),
    );
    let differ = 0;
    for (let r = 0; r < 100; r++) {
      for (let c = 0; c < 100; c++) {
        const p = pixel(whole, c, r);
        const q = pixel(quarter, 2 * c, 2 * r);
        const cloudyP = Math.min(p[0], p[1], p[2]) >= 128;
        const cloudyQ = Math.min(q[0], q[1], q[2]) >= 128;
        if (cloudyP !== cloudyQ) differ++;
      }
    }
    expect(differ / 10_000).toBeLessThan(0.05);
  });

  it('draw radar scenes grey and cloudless', async () => {
    const scene: QuicklookScene = { ...simulatedScene('SIM-SAR', congo, null), sensorType: 4 };
    const image = await decodePng(
      await renderQuicklook(scene, mercatorRequest(21.5, -0.5, 22.5, 0.5, 32), renderer),
    );
    const [r, g, b, a] = pixel(image, 16, 16);
    expect(a).toBe(255);
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it('fill the outside with BGCOLOR when TRANSPARENT is false', async () => {
    const request = { ...mercatorRequest(21, -1, 23, 1, 64), transparent: false, bgcolor: 0x102030 };
    const image = await decodePng(
      await renderQuicklook(simulatedScene('SIM-BG', congo, 10), request, renderer),
    );
    expect(pixel(image, 0, 0)).toEqual([0x10, 0x20, 0x30, 255]);
    expect(opaqueCount(image)).toBe(64 * 64);
  });

  it('render EPSG:4326 boxes too', async () => {
    const request = {
      crs: 'EPSG:4326' as const,
      bbox: { minX: 21, minY: -1, maxX: 23, maxY: 1 },
      width: 100,
      height: 100,
    };
    const image = await decodePng(
      await renderQuicklook(simulatedScene('SIM-4326', congo, 20), request, renderer),
    );
    expect(opaqueCount(image)).toBe(50 * 50);
    expect(pixel(image, 25, 25)[3]).toBe(255);
    expect(pixel(image, 24, 25)[3]).toBe(0);
  });

  it('refuse impossible requests', async () => {
    const scene = simulatedScene('SIM-BAD', congo, 20);
    const ok = mercatorRequest(21, -1, 23, 1, 16);
    for (const bad of [
      { ...ok, width: 0 },
      { ...ok, width: 2049 },
      { ...ok, height: 1.5 },
      { ...ok, bbox: { ...ok.bbox, minX: Number.NaN } },
      { ...ok, bbox: { ...ok.bbox, minX: ok.bbox.maxX } },
    ]) {
      await expect(renderQuicklook(scene, bad, renderer)).rejects.toThrow();
    }
  });

  it('answer a blank PNG for BLANK exceptions', async () => {
    const image = await decodePng(await blankPng(20, 10));
    expect([image.width, image.height, opaqueCount(image)]).toEqual([20, 10, 0]);
  });
});
