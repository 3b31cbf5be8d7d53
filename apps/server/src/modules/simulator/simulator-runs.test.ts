import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTle } from '../catalogue/tle';
import type { SimulatorSatellite } from '../orbits/acquisition';
import { landsatFixtureItems } from '../orbits/fixtures/landsat-items';
import { footprintParts, isCounterClockwise } from '../orbits/footprint';
import { greatCircleKm } from '../orbits/geodesy';
import { densityForTarget, type SimulatedScene, simulateScenes } from './simulator';
import { collect, elementsFor, satellites, world } from './test-world';
import { elementsLookupFromSets } from './tle-elements';

// Determinism, scale, elements and launches, real acquisitions and the antimeridian; the shape and
// physical rules of the simulated archive are in simulator.test.ts.

let scenes: SimulatedScene[];

beforeAll(async () => {
  scenes = await collect(world);
});

describe('determinism', () => {
  it('gives identical scenes for identical inputs', async () => {
    const again = await collect(world);
    expect(JSON.stringify(again)).toBe(JSON.stringify(scenes));
  });

  it('gives the same scenes when the window is generated in pieces, cut anywhere', async () => {
    const cuts = [
      world.from,
      new Date('2025-03-18T07:13:27.500Z'),
      new Date('2025-03-19T00:00:00Z'),
      new Date('2025-03-19T13:00:00.001Z'),
      world.to,
    ];
    const pieces: SimulatedScene[] = [];
    for (let i = 0; i + 1 < cuts.length; i++) {
      pieces.push(...(await collect({ ...world, from: cuts[i]!, to: cuts[i + 1]!, batchSize: 333 })));
    }
    expect(pieces.map((s) => s.id)).toEqual(scenes.map((s) => s.id));
    expect(JSON.stringify(pieces)).toBe(JSON.stringify(scenes));
  });

  it('draws another archive from another seed', async () => {
    const other = await collect({ ...world, seed: 8, to: new Date('2025-03-18T06:00:00Z') });
    const mine = new Set(scenes.map((s) => s.id));
    expect(other.length).toBeGreaterThan(50);
    expect(other.filter((s) => mine.has(s.id)).length / other.length).toBeLessThan(0.5);
  });
});

describe('scale', () => {
  it('scales with the density and reaches a target count within 20 %', async () => {
    const day = { ...world, to: new Date('2025-03-19T00:00:00Z') };
    const thin = await collect({ ...day, density: 0.05 });
    const thick = scenes.filter((s) => s.acquiredAt < day.to);
    const ratio = thick.length / thin.length;
    expect(ratio).toBeGreaterThan(2.3);
    expect(ratio).toBeLessThan(3.7);
    const { density, reachable } = await densityForTarget({ ...day, targetCount: 800 });
    expect(reachable).toBe(true);
    const targeted = await collect({ ...day, density });
    expect(targeted.length).toBeGreaterThan(640);
    expect(targeted.length).toBeLessThan(960);
  });

  it('yields batches of the requested size', async () => {
    const sizes: number[] = [];
    for await (const batch of simulateScenes({
      ...world,
      to: new Date('2025-03-18T12:00:00Z'),
      batchSize: 100,
    })) {
      sizes.push(batch.length);
    }
    expect(sizes.length).toBeGreaterThan(3);
    expect(sizes.slice(0, -1).every((n) => n === 100)).toBe(true);
  });
});

describe('elements and launches', () => {
  it('simulates nothing before a launch nor from elements older than the limit', async () => {
    const s2c = satellites.filter((s) => s.name === 'Sentinel-2C');
    const around = await collect({
      satellites: s2c,
      elementsFor,
      from: new Date('2024-09-03T00:00:00Z'),
      to: new Date('2024-09-08T00:00:00Z'),
      density: 0.5,
    });
    expect(around.length).toBeGreaterThan(0);
    for (const s of around)
      expect(s.acquiredAt.getTime()).toBeGreaterThanOrEqual(Date.parse('2024-09-05T00:00:00Z'));
    const stale = await collect({
      satellites: s2c,
      elementsFor,
      from: new Date('2024-09-10T00:00:00Z'),
      to: new Date('2024-09-11T00:00:00Z'),
      maxElementAgeDays: 30,
    });
    expect(stale).toHaveLength(0);
  });
});

describe('against real acquisitions', () => {
  const tle = readFileSync(
    resolve(import.meta.dirname, '../../../../../data/tle/s2-landsat-2024-07-22.tle'),
    'utf8',
  );
  const lookup = elementsLookupFromSets(parseTle(tle).elementSets);
  const named = (n: string): SimulatorSatellite => satellites.find((s) => s.name === n)!;

  it('cuts Landsat frames on the real WRS-2 path and row of the real scenes', async () => {
    const items = landsatFixtureItems;
    for (const item of items) {
      const at = Date.parse(item.datetime);
      const sat = named(item.platform === 'landsat-8' ? 'Landsat 8' : 'Landsat 9');
      const frames = await collect({
        satellites: [sat],
        elementsFor: lookup,
        from: new Date(at - 60_000),
        to: new Date(at + 60_000),
        density: 1,
      });
      const corners = item.footprint.slice(0, 4);
      const lat = corners.reduce((a, p) => a + p[1], 0) / 4;
      const lon = corners.reduce((a, p) => a + p[0], 0) / 4;
      const nearest = frames
        .map((f) => ({ f, km: greatCircleKm(lat, lon, f.properties.centre[1], f.properties.centre[0]) }))
        .sort((a, b) => a.km - b.km)[0]!;
      // Frames are 170 km on a time grid, the real scenes on WRS-2 rows 161 km apart.
      expect(nearest.km, item.id).toBeLessThan(90);
      const m = /_L1TP_(\d{3})(\d{3})_/.exec(nearest.f.id)!;
      expect(Number(m[1]), nearest.f.id).toBe(item.wrsPath);
      expect(Math.abs(Number(m[2]) - item.wrsRow), nearest.f.id).toBeLessThanOrEqual(1);
      expect(nearest.f.offNadir).toBe(0);
      expect(nearest.f.orbitDirection).toBe(2);
    }
  });

  it('names Sentinel-2 frames with the real relative orbit of the datatakes', async () => {
    const items: {
      id: string;
      platform: string;
      datetime: string;
      relativeOrbit: number;
      point: [number, number];
    }[] = JSON.parse(
      readFileSync(resolve(import.meta.dirname, 'fixtures/sentinel-2-items-2024.json'), 'utf8'),
    ).items;
    const seen = new Set<string>();
    for (const item of items) {
      const key = `${item.platform} ${item.datetime}`;
      if (seen.has(key) || seen.size >= 8) continue;
      seen.add(key);
      // `datetime` is the datatake start; the tile is imaged up to 30 minutes later.
      const at = Date.parse(item.datetime);
      const frames = await collect({
        satellites: [named(item.platform)],
        elementsFor: lookup,
        from: new Date(at - 60_000),
        to: new Date(at + 1_800_000),
        density: 1,
      });
      const [lon, lat] = item.point;
      const nearest = frames
        .map((f) => ({ f, km: greatCircleKm(lat, lon, f.properties.centre[1], f.properties.centre[0]) }))
        .sort((a, b) => a.km - b.km)[0]!;
      expect(nearest.km, item.id).toBeLessThan(150);
      expect(nearest.f.id, item.id).toContain(`_R${String(item.relativeOrbit).padStart(3, '0')}_`);
    }
  });
});

describe('antimeridian', () => {
  it('splits footprints crossing ±180° into valid MultiPolygons', async () => {
    const mappers = satellites.filter((s) => ['Sentinel-2A', 'Sentinel-1A', 'Landsat 8'].includes(s.name));
    const frames = await collect({
      satellites: mappers,
      elementsFor,
      from: new Date('2025-03-12T00:00:00Z'),
      to: new Date('2025-03-13T00:00:00Z'),
      density: 1,
    });
    const split = frames.filter((f) => f.footprint.type === 'MultiPolygon');
    expect(split.length).toBeGreaterThan(0);
    for (const f of frames) {
      const parts = footprintParts(f.footprint);
      for (const ring of parts) {
        expect(ring[0]).toEqual(ring.at(-1));
        expect(isCounterClockwise(ring), f.id).toBe(true);
        for (let i = 1; i < ring.length; i++) {
          expect(Math.abs(ring[i]![0] - ring[i - 1]![0]), f.id).toBeLessThan(180);
        }
        for (const [x, y] of ring) {
          expect(x).toBeGreaterThanOrEqual(-180);
          expect(x).toBeLessThanOrEqual(180);
          expect(Math.abs(y)).toBeLessThanOrEqual(90);
        }
      }
      if (f.footprint.type === 'MultiPolygon') {
        expect(parts).toHaveLength(2);
        expect(Math.max(...parts[0]!.map((p) => p[0]))).toBe(180);
        expect(Math.min(...parts[1]!.map((p) => p[0]))).toBe(-180);
      }
    }
  });
});
