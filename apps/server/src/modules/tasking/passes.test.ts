import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTle } from '../catalogue/tle';
import { boxPolygon } from '../orbits/footprint';
import { Orbit } from '../orbits/orbit';
import { normaliseLonLat } from '../scenes/lonlat';
import { constellationSatellites } from '../simulator/satellites';
import { elementsLookupFromSets, elementsLookupFromTleDir } from '../simulator/tle-elements';
import { PassFinder } from './passes';
import { type PredictionConditions, predictPasses } from './prediction';
import { prepareTarget } from './target';

const repo = resolve(import.meta.dirname, '../../../../..');
const satellites = constellationSatellites();
const named = (name: string) => satellites.find((s) => s.name === name)!;
const lookup = elementsLookupFromTleDir();

/** The orbit of the element set nearest an instant, as the service picks it. */
function orbitOf(noradId: number, at: number, elements = lookup): Orbit {
  const set = elements(noradId, new Date(at)) as { line1: string; line2: string };
  return Orbit.fromTle(set.line1, set.line2);
}

const box = boxPolygon;
const targetOf = (geometry: unknown) => prepareTarget(normaliseLonLat(geometry));

interface Interval {
  enter: number;
  leave: number;
  min: number;
}

/** The reference: g(t) at every second, and the runs where it is within the limit. */
function denseScan(finder: PassFinder, from: number, to: number, limit: number): Interval[] {
  const runs: Interval[] = [];
  let run: Interval | null = null;
  for (let t = from; t <= to; t += 1000) {
    const g = finder.offNadirAt(t);
    if (g <= limit) {
      if (!run) run = { enter: t, leave: t, min: g };
      run.leave = t;
      run.min = Math.min(run.min, g);
    } else if (run) {
      runs.push(run);
      run = null;
    }
  }
  if (run) runs.push(run);
  return runs;
}

describe('the pass search against a dense 1 s reference scan', () => {
  const from = Date.parse('2026-06-20T00:00:00Z');
  const to = from + 86_400_000;
  // An AOI over Beijing, a small one in the Amazon, one across the antimeridian (Chukotka),
  // a concave one (an L) in the Alps, and one near the pole (Svalbard).
  const aois = {
    beijing: box(116, 39.5, 117, 40.5),
    amazon: box(-60.2, -3.2, -59.8, -2.8),
    antimeridian: box(179.5, 64, 180.5, 66),
    alpsL: {
      type: 'Polygon',
      coordinates: [
        [
          [6, 45],
          [9, 45],
          [9, 45.5],
          [6.5, 45.5],
          [6.5, 47.5],
          [6, 47.5],
          [6, 45],
        ],
      ],
    },
    svalbard: box(10, 78, 20, 80),
  };
  const cases: [string, keyof typeof aois][] = [
    ['SuperView-1 01', 'beijing'],
    ['SuperView-1 01', 'alpsL'],
    ['WorldView-3', 'antimeridian'],
    ['Pléiades Neo 3', 'amazon'],
    ['Sentinel-2B', 'svalbard'],
    ['Sentinel-1A', 'beijing'],
    ['Jilin-1 03', 'alpsL'],
  ];

  it.each(cases)('%s over %s: every reference pass is found, at the same instants', (satName, aoi) => {
    const sat = named(satName);
    const finder = new PassFinder(orbitOf(sat.noradId, from), targetOf(aois[aoi]));
    const limit = Math.min(45, sat.maxOffNadirDeg);
    const found = finder.find({ fromMs: from, toMs: to, maxOffNadirDeg: limit });
    const reference = denseScan(finder, from, to, limit);
    expect(reference.length).toBeGreaterThan(0);
    for (const r of reference) {
      const p = found.find((x) => x.leave >= r.enter - 1000 && x.enter <= r.leave + 1000);
      expect(p, `${satName} ${new Date(r.enter).toISOString()}`).toBeDefined();
      // The reference knows the crossing to the second: it lies in (sample before, sample].
      expect(r.enter - p!.enter).toBeGreaterThan(-50);
      expect(r.enter - p!.enter).toBeLessThan(1050);
      expect(p!.leave - r.leave).toBeGreaterThan(-50);
      expect(p!.leave - r.leave).toBeLessThan(1050);
      expect(p!.offNadirDeg).toBeLessThanOrEqual(r.min + 1e-6);
    }
    // And nothing the reference does not see.
    expect(found).toHaveLength(reference.length);
  });
});

describe('passes: light, window and geometry', () => {
  const from = Date.parse('2026-06-20T00:00:00Z');
  const to = from + 3 * 86_400_000;
  const target = targetOf(box(116, 39.5, 117, 40.5));
  const conditions: PredictionConditions = {
    fromMs: from,
    toMs: to,
    maxOffNadirDeg: 45,
    maxSunZenithDeg: 0,
    orbitDirection: 0,
  };

  it('gives day sensors daylight (below 80°, or the customer’s limit) and night-light darkness', () => {
    const sat = named('SuperView-1 01');
    const orbit = orbitOf(sat.noradId, from);
    const all = new PassFinder(orbit, target).find({ fromMs: from, toMs: to, maxOffNadirDeg: 45 });
    const day = predictPasses(sat, orbit, target, conditions);
    expect(day.length).toBeGreaterThan(0);
    expect(day.length).toBe(all.filter((p) => p.sunZenithDeg < 80).length);
    const strict = predictPasses(sat, orbit, target, { ...conditions, maxSunZenithDeg: 30 });
    expect(strict.length).toBe(all.filter((p) => p.sunZenithDeg < 30).length);

    const jilin = named('Jilin-1 03'); // video by day, night-light by night
    const night = predictPasses(jilin, orbitOf(jilin.noradId, from), target, {
      ...conditions,
      sensor: { type: 2 },
    });
    for (const p of night) expect(p.sunZenithDeg).toBeGreaterThan(102);
    // Radar has no light rule: every geometric pass whose AOI reaches out to the radar's
    // nearest look angle (15° for KOMPSAT-5) counts, day or night.
    const radar = named('KOMPSAT-5');
    const radarOrbit = orbitOf(radar.noradId, from);
    const geometric = new PassFinder(radarOrbit, target).find({ fromMs: from, toMs: to, maxOffNadirDeg: 40 });
    const radarPasses = predictPasses(radar, radarOrbit, target, conditions);
    expect(radarPasses.length).toBe(geometric.filter((p) => p.farthestOffNadirDeg >= 15).length);
    for (const p of radarPasses) expect(p.lookOffNadirDeg).toBeGreaterThanOrEqual(15);
  });

  it('clips passes to the window and keeps to one orbit direction when asked', () => {
    const sat = named('WorldView-3');
    const orbit = orbitOf(sat.noradId, from);
    const passes = new PassFinder(orbit, target).find({ fromMs: from, toMs: to, maxOffNadirDeg: 45 });
    const p = passes[1]!;
    const mid = Math.round((p.enter + p.leave) / 2);
    const clipped = new PassFinder(orbit, target).find({ fromMs: mid, toMs: mid + 1000, maxOffNadirDeg: 45 });
    expect(clipped).toHaveLength(1);
    expect(clipped[0]!.enter).toBe(mid);
    expect(clipped[0]!.leave).toBe(mid + 1000);
    const ascending = new PassFinder(orbit, target).find({
      fromMs: from,
      toMs: to,
      maxOffNadirDeg: 45,
      orbitDirection: 1,
    });
    expect(ascending.length).toBe(passes.filter((x) => x.state.ascending).length);
    expect(ascending.length).toBeLessThan(passes.length);
  });

  it('reports the GSD at the off-nadir angle and a footprint of the swath there, along the AOI', () => {
    const sat = named('WorldView-3');
    const passes = predictPasses(sat, orbitOf(sat.noradId, from), target, conditions);
    const nominal = sat.cap.caps[0]!.maxResolution;
    for (const p of passes) {
      expect(p.offNadirDeg).toBeLessThanOrEqual(45);
      // Flat-Earth bound below, a generous one above (Earth curvature adds ~20 % at 45°).
      expect(p.gsd).toBeGreaterThanOrEqual(nominal * 0.97);
      expect(p.gsd).toBeLessThan((nominal * 1.1) / Math.cos((p.offNadirDeg * Math.PI) / 180) ** 2);
      expect(p.footprint.type).toBe('Polygon');
      const ring = (p.footprint.coordinates as number[][][])[0]!;
      const lats = ring.map((q) => q[1]!);
      // Along the AOI (39.5–40.5° N), a strip the width of the swath (13.1 km at nadir).
      expect(Math.min(...lats)).toBeLessThan(39.6);
      expect(Math.max(...lats)).toBeGreaterThan(40.4);
      expect(p.lookSide).toBe(p.inside ? 'nadir' : p.crossTrackDeg > 0 ? 'right' : 'left');
    }
    expect(passes.length).toBeGreaterThan(0);
  });
});

/** STAC items of an NDJSON file of data/stac-items. */
function stacItems(file: string) {
  return readFileSync(resolve(repo, 'data/stac-items', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(
      (line) =>
        JSON.parse(line) as {
          id: string;
          geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown };
          properties: { datetime: string; platform: string; 'view:off_nadir'?: number };
        },
    );
}

describe('accuracy against real acquisitions', () => {
  const tleFile = readFileSync(resolve(repo, 'data/tle/s2-landsat-2024-07-22.tle'), 'utf8');
  const sets = parseTle(tleFile).elementSets;
  const epoch = (noradId: number) => sets.find((s) => s.noradId === noradId)!.epoch.getTime();
  const conditions = (at: number): PredictionConditions => ({
    fromMs: at - 3_600_000,
    toMs: at + 3_600_000,
    maxOffNadirDeg: 45,
    maxSunZenithDeg: 0,
    orbitDirection: 0,
  });

  it('finds each Landsat scene within 15 days of the elements: within 60 s, off-nadir within 1°', () => {
    const items = stacItems('100-landsat-items.ndjson').filter((item) => {
      const sat = named(item.properties.platform === 'landsat-8' ? 'Landsat 8' : 'Landsat 9');
      return Math.abs(Date.parse(item.properties.datetime) - epoch(sat.noradId)) <= 15 * 86_400_000;
    });
    expect(items.length).toBe(6);
    const errors: string[] = [];
    for (const item of items) {
      const sat = named(item.properties.platform === 'landsat-8' ? 'Landsat 8' : 'Landsat 9');
      const at = Date.parse(item.properties.datetime);
      const orbit = orbitOf(sat.noradId, at, elementsLookupFromSets(sets));
      const passes = predictPasses(sat, orbit, targetOf(item.geometry), conditions(at));
      const pass = passes.find((p) => Math.abs(p.best - at) <= 60_000);
      expect(pass, item.id).toBeDefined();
      expect(Math.abs(pass!.offNadirDeg - item.properties['view:off_nadir']!)).toBeLessThanOrEqual(1);
      // The scene centre (`datetime` is the scene centre time) must be seen near nadir then.
      const corners = (item.geometry.coordinates as number[][][])[0]!.slice(0, 4);
      const lon = corners.reduce((a, p) => a + p[0]!, 0) / 4;
      const lat = corners.reduce((a, p) => a + p[1]!, 0) / 4;
      const centre = predictPasses(
        sat,
        orbit,
        targetOf(box(lon - 0.01, lat - 0.01, lon + 0.01, lat + 0.01)),
        conditions(at),
      );
      const c = centre.find((p) => Math.abs(p.best - at) <= 60_000);
      expect(c, `${item.id} centre`).toBeDefined();
      expect(c!.offNadirDeg).toBeLessThanOrEqual(1);
      errors.push(
        `${item.id}: footprint pass ${((pass!.best - at) / 1000).toFixed(1)} s, off-nadir ${pass!.offNadirDeg.toFixed(2)}°; ` +
          `centre pass ${((c!.best - at) / 1000).toFixed(1)} s, off-nadir ${c!.offNadirDeg.toFixed(2)}°`,
      );
    }
    console.log(`Landsat accuracy (prediction − item):\n  ${errors.join('\n  ')}`);
  });

  it('finds a pass of the named Sentinel-2 satellite within each item’s 30-minute datatake', () => {
    const items = stacItems('1000-sentinel-2-items.ndjson');
    expect(items.length).toBe(1000);
    const orbits = new Map<string, Orbit>();
    let worst = 0;
    for (const item of items) {
      const sat = named(item.properties.platform);
      const start = Date.parse(item.properties.datetime);
      const key = sat.name;
      if (!orbits.has(key)) orbits.set(key, orbitOf(sat.noradId, start, elementsLookupFromSets(sets)));
      const passes = predictPasses(sat, orbits.get(key)!, targetOf(item.geometry), conditions(start));
      const inDatatake = passes.find((p) => p.leave >= start && p.enter <= start + 1_800_000);
      expect(inDatatake, item.id).toBeDefined();
      worst = Math.max(worst, (inDatatake!.best - start) / 1000);
    }
    console.log(
      `Sentinel-2: 1000 of 1000 items have a pass in their datatake; the latest best instant is ${worst.toFixed(0)} s after the datatake start`,
    );
  });
});
