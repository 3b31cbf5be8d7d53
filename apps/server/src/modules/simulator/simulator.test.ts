import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTle } from '../catalogue/tle';
import {
  acquisitionPlan,
  MAX_DAY_SUN_ZENITH_DEG,
  MIN_NIGHT_SUN_ZENITH_DEG,
  type SimulatorSatellite,
} from '../orbits/acquisition';
import { landsatFixtureItems } from '../orbits/fixtures/landsat-items';
import { footprintParts, isCounterClockwise } from '../orbits/footprint';
import { greatCircleKm, groundDistanceForOffNadir } from '../orbits/geodesy';
import { isSunSynchronous, localMeanSolarTimeHours, nodeCrossingNear, Orbit } from '../orbits/orbit';
import { landMask } from './land-mask';
import { constellationSatellites } from './satellites';
import { densityForTarget, type SimulatedScene, type SimulateOptions, simulateScenes } from './simulator';
import { elementsLookupFromSets, elementsLookupFromTleDir } from './tle-elements';

const satellites = constellationSatellites();
const byId = new Map(satellites.map((s) => [s.id, s]));
const elementsFor = elementsLookupFromTleDir();
const mask = landMask();

async function collect(options: SimulateOptions): Promise<SimulatedScene[]> {
  const out: SimulatedScene[] = [];
  for await (const batch of simulateScenes(options)) out.push(...batch);
  return out;
}

/** The orbit the simulator used for a scene: the lookup's elements for noon UTC of its day. */
const orbitCache = new Map<string, Orbit>();
async function orbitOf(scene: SimulatedScene, lookup = elementsFor): Promise<Orbit> {
  const day = Math.floor(scene.acquiredAt.getTime() / 86_400_000);
  const set = (await lookup(scene.noradId, new Date(day * 86_400_000 + 43_200_000)))!;
  const key = set.line1 + set.line2;
  let orbit = orbitCache.get(key);
  if (!orbit) {
    orbit = Orbit.fromTle(set.line1, set.line2);
    orbitCache.set(key, orbit);
  }
  return orbit;
}

const world: SimulateOptions = {
  satellites,
  elementsFor,
  from: new Date('2025-03-18T00:00:00Z'),
  to: new Date('2025-03-20T00:00:00Z'),
  density: 0.15,
  seed: 7,
  batchSize: 1000,
};

let scenes: SimulatedScene[];

beforeAll(async () => {
  scenes = await collect(world);
});

describe('the simulated archive: shape', () => {
  it('holds a few thousand scenes of optical, hyperspectral, radar and video sensors, marked as simulated', () => {
    expect(scenes.length).toBeGreaterThan(1500);
    const types = new Set(scenes.map((s) => s.sensorType));
    // Night-light scenes need the dark that Jilin-1 03's dawn-dusk orbit finds in polar winter: below.
    expect([...types].sort()).toEqual([1, 3, 4, 5]);
    for (const s of scenes) {
      expect(s.provenance).toBe('simulated');
      expect(byId.get(s.satelliteId)!.noradId).toBe(s.noradId);
      expect(s.acquiredAt.getTime()).toBeGreaterThanOrEqual(world.from.getTime());
      expect(s.acquiredAt.getTime()).toBeLessThan(world.to.getTime());
    }
  });

  it('orders scenes by time and gives each a unique id in its operator’s style', () => {
    for (let i = 1; i < scenes.length; i++) {
      expect(scenes[i]!.acquiredAt.getTime()).toBeGreaterThanOrEqual(scenes[i - 1]!.acquiredAt.getTime());
    }
    expect(new Set(scenes.map((s) => s.id)).size).toBe(scenes.length);
    const styles: [RegExp, RegExp][] = [
      [/^SuperView-1 03/, /^SV1-03_\d{8}_L1A\d{9}$/],
      [/^Pléiades Neo 4/, /^DS_PNEO4_\d{15}_FR1_PX_[EW]\d{3}[NS]\d{2}_\d{4}_\d{5}$/],
      [/^WorldView-3/, /^104001[0-9A-F]{8}00$/],
      [/^GeoEye-1/, /^105001[0-9A-F]{8}00$/],
      [/^Gaofen-2/, /^GF2_PMS[12]_[EW]\d+\.\d_[NS]\d+\.\d_\d{8}_L1A\d{10}$/],
      [/^Sentinel-2A/, /^S2A_MSIL1C_\d{8}T\d{6}_N0511_R\d{3}_T\d{2}[C-X][A-Z]{2}_\d{8}T\d{6}$/],
      [/^Sentinel-1A/, /^S1A_IW_GRDH_1SDV_\d{8}T\d{6}_\d{8}T\d{6}_\d{6}_[0-9A-F]{6}_[0-9A-F]{4}$/],
      [/^Landsat 9/, /^LC09_L1TP_\d{6}_\d{8}_\d{8}_02_T1$/],
      [/^Jilin-1 07/, /^JL1-07_VIDEO_\d{8}T\d{6}_L1A\d{9}$/],
    ];
    for (const [name, style] of styles) {
      const own = scenes.filter((s) => name.test(s.properties.satelliteName));
      expect(own.length, name.source).toBeGreaterThan(0);
      for (const s of own) expect(s.id).toMatch(style);
    }
  });

  it('carries the capability’s bands and stereo modes, radar without cloud, mostly quality A', () => {
    for (const s of scenes) {
      const sat = byId.get(s.satelliteId)!;
      const cap = sat.cap.caps.find((c) => c.type === s.sensorType)!;
      expect(cap, s.id).toBeDefined();
      expect(s.bands).toEqual(cap.bands);
      if (cap.stereos.length === 0) expect(s.stereoMode).toBeNull();
      else expect(cap.stereos).toContain(s.stereoMode);
      if (s.sensorType === 4) expect(s.cloudCover).toBe(0);
      expect(s.cloudCover).toBeGreaterThanOrEqual(0);
      expect(s.cloudCover).toBeLessThanOrEqual(100);
      expect([1, 2]).toContain(s.orbitDirection);
    }
    const a = scenes.filter((s) => s.productQuality === 'A').length / scenes.length;
    expect(a).toBeGreaterThan(0.75);
    expect(a).toBeLessThan(0.95);
    expect(scenes.some((s) => s.stereoMode === 'STEREO')).toBe(true);
  });
});

describe('the simulated archive: physical rules', () => {
  it('puts every scene centre on land', () => {
    for (const s of scenes) {
      const [lon, lat] = s.properties.centre;
      expect(mask.isLand(lat, lon), s.id).toBe(true);
    }
  });

  it('images by daylight (sun zenith < 80°) for optical, hyperspectral and video, in darkness (> 102°) for night-light, any light for radar', async () => {
    const winter = await collect({
      satellites: satellites.filter((s) => s.name === 'Jilin-1 03'),
      elementsFor,
      from: new Date('2024-06-01T00:00:00Z'),
      to: new Date('2024-06-03T00:00:00Z'),
      density: 0.5,
    });
    const night = winter.filter((s) => s.sensorType === 2);
    expect(night.length).toBeGreaterThan(0);
    expect(winter.some((s) => s.sensorType === 5)).toBe(true);
    // Sun angles are rounded to 0.01°: the limits hold up to that.
    for (const s of [...scenes, ...winter]) {
      if (s.sensorType === 2) expect(s.sunZenith, s.id).toBeGreaterThanOrEqual(MIN_NIGHT_SUN_ZENITH_DEG);
      else if (s.sensorType !== 4) expect(s.sunZenith, s.id).toBeLessThanOrEqual(MAX_DAY_SUN_ZENITH_DEG);
    }
    const radar = scenes.filter((s) => s.sensorType === 4);
    expect(radar.some((s) => s.sunZenith > 90)).toBe(true);
    expect(radar.some((s) => s.sunZenith < 90)).toBe(true);
  });

  it('looks within each satellite’s agility; systematic optical missions at nadir', () => {
    for (const s of scenes) {
      const sat = byId.get(s.satelliteId)!;
      expect(s.offNadir, s.id).toBeLessThanOrEqual(sat.maxOffNadirDeg + 0.01);
      const plan = acquisitionPlan(sat);
      if (plan.mode === 'systematic' && !plan.radar) expect(s.offNadir).toBe(0);
      if (plan.radar && plan.mode === 'pointed') expect(s.offNadir).toBeGreaterThanOrEqual(15);
    }
    // Agile optical satellites use their agility: some scenes beyond half of it.
    const agile = scenes.filter((s) => s.properties.acquisitionMode === 'pointed' && s.sensorType === 1);
    const wide = agile.filter((s) => s.offNadir > byId.get(s.satelliteId)!.maxOffNadirDeg / 2);
    expect(wide.length / agile.length).toBeGreaterThan(0.15);
  });

  it('grows the GSD with the look angle: about gsd / cos(off-nadir)^1.5 for optical sensors', () => {
    const neo = scenes.filter((s) => /^Pléiades Neo/.test(s.properties.satelliteName));
    expect(neo.length).toBeGreaterThan(10);
    for (const s of neo) {
      const flat = 0.3 / Math.cos((s.offNadir * Math.PI) / 180) ** 1.5;
      // Earth curvature adds to it (≈ 10 % at 40°, 25 % at 52°); the orbit's height differs
      // from the nominal 620 km by a few km.
      expect(s.gsd, s.id).toBeGreaterThan(flat * 0.97);
      expect(s.gsd, s.id).toBeLessThan(flat * 1.3);
      expect(s.properties.gsdCrossTrack).toBeGreaterThanOrEqual(s.properties.gsdAlongTrack);
    }
  });

  it('places every footprint on the ground track: centre within swath/2 + off-nadir reach of the sub-satellite point', async () => {
    for (const s of scenes) {
      const sat = byId.get(s.satelliteId)!;
      const orbit = await orbitOf(s);
      const state = orbit.state(s.acquiredAt)!;
      const { lat, lon, heightKm } = state.geodetic;
      const reach = groundDistanceForOffNadir(heightKm, s.offNadir);
      const [clon, clat] = s.properties.centre;
      // The look centre lies at the off-nadir reach (sphere vs ellipsoid: 2 %).
      expect(Math.abs(greatCircleKm(lat, lon, clat, clon) - reach), s.id).toBeLessThan(0.02 * reach + 1);
      // The footprint's vertices average within reach + half the swath (wider for radar swaths).
      const ring = footprintParts(s.footprint)[0]!.slice(0, -1);
      const unwrapped = ring.map(([x, y]) => [x - 360 * Math.round((x - clon) / 360), y] as const);
      const mlon = unwrapped.reduce((a, p) => a + p[0], 0) / unwrapped.length;
      const mlat = unwrapped.reduce((a, p) => a + p[1], 0) / unwrapped.length;
      if (s.footprint.type === 'Polygon') {
        expect(greatCircleKm(lat, lon, mlat, mlon), s.id).toBeLessThan(reach + sat.swathKm / 2 + 5);
      }
    }
  });

  it('keeps the satellites’ real local time: the track within 30 min of the node’s local time up to 40° of latitude', async () => {
    const checked = new Set<string>();
    const minutesApart = (a: number, b: number) => Math.abs(((a - b + 36) % 24) - 12) * 60;
    for (const s of scenes) {
      const orbit = await orbitOf(s);
      if (!isSunSynchronous(orbit)) continue;
      const [lon, lat] = s.properties.centre;
      if (Math.abs(lat) > 40) continue;
      const time = s.acquiredAt.getTime();
      const node = nodeCrossingNear(orbit, time, s.orbitDirection === 1 ? 'ascending' : 'descending')!;
      const sub = orbit.state(time)!.geodetic;
      // The track departs from the node's local time by ≤ 25 min up to 40° of latitude (i ≈ 98°).
      expect(minutesApart(localMeanSolarTimeHours(time, sub.lon), node.localTimeHours), s.id).toBeLessThan(
        30,
      );
      // The scene centre adds the longitude of its off-nadir reach: 4 min per degree.
      const reachDeg =
        groundDistanceForOffNadir(sub.heightKm, s.offNadir) / (111.32 * Math.cos((lat * Math.PI) / 180));
      expect(minutesApart(localMeanSolarTimeHours(time, lon), node.localTimeHours), s.id).toBeLessThan(
        30 + 4 * reachDeg,
      );
      checked.add(s.properties.satelliteName);
    }
    expect(checked.size).toBeGreaterThan(20);
  });

  it('matches the published node times of the maintained sun-synchronous orbits (track within 40 min up to 30°)', async () => {
    // Satellites whose orbits are kept at their published local time; the others drift
    // (SuperView-1 01/02, Jilin-1, KOMPSAT-3A, Gaofen-5/6) or differ from the catalogue figure.
    const maintained: Record<string, [number, 'descending' | 'ascending']> = {
      'Sentinel-2A': [10.5, 'descending'],
      'Sentinel-2B': [10.5, 'descending'],
      'Landsat 8': [10, 'descending'],
      'Landsat 9': [10, 'descending'],
      'Pléiades 1A': [10.5, 'descending'],
      'Pléiades Neo 3': [10.5, 'descending'],
      'SPOT 6': [10, 'descending'],
      'WorldView-2': [10.5, 'descending'],
      'GeoEye-1': [10.5, 'descending'],
      'Sentinel-1A': [18, 'ascending'],
      'KOMPSAT-5': [6, 'ascending'],
    };
    let n = 0;
    for (const s of scenes) {
      const published = maintained[s.properties.satelliteName];
      if (!published) continue;
      const time = s.acquiredAt.getTime();
      const sub = (await orbitOf(s)).state(time)!.geodetic;
      if (Math.abs(sub.lat) > 30) continue;
      const ascending = s.orbitDirection === 1;
      const expected = (published[0] + (ascending === (published[1] === 'ascending') ? 0 : 12)) % 24;
      const local = localMeanSolarTimeHours(time, sub.lon);
      const diff = Math.abs(((local - expected + 36) % 24) - 12);
      // The real node within 15 min of the published time (Landsat: 10:12); the track departs
      // from the node's local time by up to 20 min at 30° of latitude.
      expect(diff * 60, `${s.id}: ${local.toFixed(2)} h vs ${expected} h`).toBeLessThan(40);
      n++;
    }
    expect(n).toBeGreaterThan(50);
  });
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
