import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LandsatFixtureItem, landsatFixtureItems } from './fixtures/landsat-items';
import {
  ecefToGeodetic,
  geodeticToEcef,
  greatCircleKm,
  groundDistanceForOffNadir,
  groundPointAtLook,
  lookAnglesTo,
  offNadirForGroundDistance,
} from './geodesy';
import {
  isSunSynchronous,
  localMeanSolarTimeHours,
  lookFrameOf,
  nodeCrossingNear,
  Orbit,
  orbitDirection,
  propagateTrack,
} from './orbit';
import { sunAngles } from './sun';

const tleText = readFileSync(
  resolve(import.meta.dirname, '../../../../../data/tle/s2-landsat-2024-07-22.tle'),
  'utf8',
);

function orbitOf(name: string): Orbit {
  const lines = tleText.split(/\r?\n/);
  const i = lines.findIndex((l) => l.trim() === name);
  return Orbit.fromTle(lines[i + 1]!, lines[i + 2]!);
}

const landsat8 = orbitOf('LANDSAT 8');
const landsat9 = orbitOf('LANDSAT 9');

const items = landsatFixtureItems;

/** Scene centre: mean of the four corners of the (closed) footprint ring. */
function centreOf(item: LandsatFixtureItem): { lat: number; lon: number } {
  const corners = item.footprint.slice(0, 4);
  return {
    lat: corners.reduce((a, p) => a + p[1], 0) / corners.length,
    lon: corners.reduce((a, p) => a + p[0], 0) / corners.length,
  };
}

/** Closest approach of the ground track to a point within ±10 min: 1 s scan, then 10 ms. */
function closestApproach(orbit: Orbit, around: number, lat: number, lon: number) {
  const distanceAt = (t: number) => {
    const s = orbit.state(t)!;
    return greatCircleKm(s.geodetic.lat, s.geodetic.lon, lat, lon);
  };
  let best = { time: around, km: Number.POSITIVE_INFINITY };
  for (let t = around - 600_000; t <= around + 600_000; t += 1000) {
    const km = distanceAt(t);
    if (km < best.km) best = { time: t, km };
  }
  for (let t = best.time - 1000; t <= best.time + 1000; t += 10) {
    const km = distanceAt(t);
    if (km < best.km) best = { time: t, km };
  }
  return best;
}

describe('geodesy', () => {
  it('converts geodetic ⇄ ECEF on WGS-84 within a millimetre, poles and heights included', () => {
    for (const [lat, lon, h] of [
      [0, 0, 0],
      [45, 90, 0.5],
      [-33.9, 151.2, 700],
      [89.999, -120, 35786],
      [-90, 0, 0],
      [12.3, -179.99, 400],
    ] as const) {
      const e = geodeticToEcef(lat, lon, h);
      const g = ecefToGeodetic(e.x, e.y, e.z);
      const back = geodeticToEcef(g.lat, g.lon, g.heightKm);
      expect(Math.hypot(back.x - e.x, back.y - e.y, back.z - e.z)).toBeLessThan(1e-6);
      expect(g.heightKm).toBeCloseTo(h, 6);
    }
    // a = 6378.137 km at the equator, b = 6356.752 km at the pole
    expect(geodeticToEcef(0, 0).x).toBeCloseTo(6378.137, 6);
    expect(geodeticToEcef(90, 0).z).toBeCloseTo(6356.752314, 6);
  });

  it('sees the sub-satellite point at nadir, and a point at θ off nadir back at θ on the right side', () => {
    const s = landsat8.state(Date.parse('2024-07-22T17:36:54Z'))!;
    const frame = lookFrameOf(s);
    const nadir = groundPointAtLook(frame, 0)!;
    expect(greatCircleKm(nadir.lat, nadir.lon, s.geodetic.lat, s.geodetic.lon)).toBeLessThan(0.001);
    expect(nadir.slantRangeKm).toBeCloseTo(s.geodetic.heightKm, 3);
    for (const theta of [-45, -20, -5, 5, 20, 45]) {
      const g = groundPointAtLook(frame, theta)!;
      const look = lookAnglesTo(frame, g.lat, g.lon);
      expect(look.offNadirDeg).toBeCloseTo(Math.abs(theta), 6);
      expect(look.crossTrackDeg).toBeCloseTo(theta, 6);
      expect(Math.abs(look.alongTrackDeg)).toBeLessThan(1e-6);
      // The spherical estimate of the ground distance agrees within 1 %.
      const km = greatCircleKm(g.lat, g.lon, s.geodetic.lat, s.geodetic.lon);
      expect(km / groundDistanceForOffNadir(s.geodetic.heightKm, theta)).toBeCloseTo(1, 1);
      expect(offNadirForGroundDistance(s.geodetic.heightKm, km)).toBeCloseTo(Math.abs(theta), 0);
      // Incidence exceeds off-nadir (Earth curvature), by ≈ 6° at 45° from 700 km.
      expect(g.incidenceDeg).toBeGreaterThan(Math.abs(theta));
    }
    // Descending over Colorado (moving south-south-west): the right side is west.
    expect(orbitDirection(s)).toBe('descending');
    expect(groundPointAtLook(frame, 20)!.lon).toBeLessThan(s.geodetic.lon);
    expect(groundPointAtLook(frame, -20)!.lon).toBeGreaterThan(s.geodetic.lon);
    // Beyond the horizon (≈ 64° from 705 km) the line of sight misses the Earth.
    expect(groundPointAtLook(frame, 70)).toBeNull();
  });
});

describe('propagation', () => {
  it('gives the same states one by one and in a batch over a time grid', () => {
    const from = Date.parse('2024-07-22T00:00:00Z');
    const track = propagateTrack(landsat9, from, from + 3_600_000, 60);
    expect(track.times.length).toBe(61);
    for (const i of [0, 17, 60]) {
      const s = landsat9.state(track.times[i]!)!;
      expect(track.lat[i]).toBeCloseTo(s.geodetic.lat, 10);
      expect(track.lon[i]).toBeCloseTo(s.geodetic.lon, 10);
      expect(track.ecef[3 * i + 2]).toBeCloseTo(s.ecef.position.z, 8);
      expect(track.ok[i]).toBe(1);
    }
    // Landsat 9: a ≈ 7083 km, so ≈ 705 km above the equator and ≈ 726 km above the poles (b is 21 km less).
    for (const h of track.heightKm) expect(h).toBeGreaterThan(690);
    for (const h of track.heightKm) expect(h).toBeLessThan(735);
    // The Earth-fixed velocity is ≈ 7.5 km/s less the Earth's rotation.
    const v = landsat9.state(from)!.ecef.velocity;
    expect(Math.hypot(v.x, v.y, v.z)).toBeGreaterThan(7.0);
    expect(Math.hypot(v.x, v.y, v.z)).toBeLessThan(7.6);
  });

  it('knows Landsat’s sun-synchronous orbit: descending node near 10:00 local mean solar time', () => {
    expect(isSunSynchronous(landsat8)).toBe(true);
    const node = nodeCrossingNear(landsat8, Date.parse('2024-07-22T17:36:54Z'), 'descending')!;
    // The USGS figure is 10:00 ± 15 min; these elements give 10:12.
    expect(node.localTimeHours).toBeGreaterThan(10);
    expect(node.localTimeHours).toBeLessThan(10.25);
    expect(localMeanSolarTimeHours(Date.parse('2024-07-22T12:00:00Z'), -90)).toBeCloseTo(6, 10);
  });

  it('counts revolutions like line 2: the epoch’s number, one more per ascending node', () => {
    const asc = nodeCrossingNear(landsat8, landsat8.epochMs + 5 * 86_400_000, 'ascending')!;
    const before = landsat8.revolutionAt(asc.time - 60_000);
    expect(landsat8.revolutionAt(asc.time + 60_000)).toBe(before + 1);
    // 14.571 revolutions a day.
    expect(
      landsat8.revolutionAt(landsat8.epochMs + 10 * 86_400_000) - landsat8.revolutionAtEpoch,
    ).toBeGreaterThanOrEqual(145);
    expect(
      landsat8.revolutionAt(landsat8.epochMs + 10 * 86_400_000) - landsat8.revolutionAtEpoch,
    ).toBeLessThanOrEqual(146);
  });
});

describe('Landsat 8/9 against real acquisitions (STAC items within 15 days of the elements)', () => {
  it('has the six items of the fixture', () => {
    expect(items).toHaveLength(6);
  });

  for (const item of items) {
    it(`${item.id}: the ground track passes within 5 km and 15 s of the scene centre`, () => {
      const orbit = item.platform === 'landsat-8' ? landsat8 : landsat9;
      const { lat, lon } = centreOf(item);
      const at = Date.parse(item.datetime);
      const pass = closestApproach(orbit, at, lat, lon);
      expect(pass.km).toBeLessThan(5);
      expect(Math.abs(pass.time - at)).toBeLessThan(15_000);
      // Landsat looks straight down: the scene centre is under 0.5° across the track.
      const look = lookAnglesTo(lookFrameOf(orbit.state(pass.time)!), lat, lon);
      expect(Math.abs(look.crossTrackDeg)).toBeLessThan(0.5);
      expect(item.offNadir).toBe(0);
    });

    it(`${item.id}: the Sun stands where USGS says, within 0.1°`, () => {
      const { lat, lon } = centreOf(item);
      const sun = sunAngles(Date.parse(item.datetime), lat, lon);
      expect(Math.abs(sun.elevationDeg - item.sunElevation)).toBeLessThan(0.1);
      expect(Math.abs(sun.azimuthDeg - item.sunAzimuth)).toBeLessThan(0.1);
      expect(sun.zenithDeg).toBeCloseTo(90 - sun.elevationDeg, 10);
    });
  }
});

describe('sun', () => {
  it('puts the Sun overhead at the subsolar point and below the horizon on the night side', () => {
    // June solstice 2024 (20 June 20:51 UTC): declination +23.44°.
    const solstice = Date.parse('2024-06-20T20:51:00Z');
    // At 20:51 UTC the Sun culminates near 132.7° W (the equation of time is −1.6 min).
    const noon = sunAngles(solstice, 23.44, -132.35);
    expect(noon.zenithDeg).toBeLessThan(0.3);
    const night = sunAngles(solstice, 0, 47.65);
    expect(night.zenithDeg).toBeGreaterThan(150);
  });
});
