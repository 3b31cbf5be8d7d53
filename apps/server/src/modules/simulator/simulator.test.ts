import { beforeAll, describe, expect, it } from 'vitest';
import { acquisitionPlan, MAX_DAY_SUN_ZENITH_DEG, MIN_NIGHT_SUN_ZENITH_DEG } from '../orbits/acquisition';
import { footprintParts } from '../orbits/footprint';
import { greatCircleKm, groundDistanceForOffNadir } from '../orbits/geodesy';
import { isSunSynchronous, localMeanSolarTimeHours, nodeCrossingNear, Orbit } from '../orbits/orbit';
import { landMask } from './land-mask';
import type { SimulatedScene } from './simulator';
import { collect, elementsFor, satellites, world } from './test-world';

const byId = new Map(satellites.map((s) => [s.id, s]));
const mask = landMask();

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
