import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { landsatFixtureItems } from '../orbits/fixtures/landsat-items';
import { argumentOfLatitudeDeg, nodeCrossingNear, nodeOfRevolution, Orbit } from '../orbits/orbit';
import { mgrsSquareLetters, mgrsTile, sentinel2RelativeOrbit, toUtm, utmZone, wrs2PathRow } from './grids';

interface S2Item {
  id: string;
  platform: string;
  datetime: string;
  mgrsTile: string;
  epsg: number;
  ulEasting: number;
  ulNorthing: number;
  relativeOrbit: number;
  absoluteOrbit: number;
  point: [number, number];
}

const s2Items: S2Item[] = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'fixtures/sentinel-2-items-2024.json'), 'utf8'),
).items;
const landsatItems = landsatFixtureItems;

const tle = readFileSync(
  resolve(import.meta.dirname, '../../../../../data/tle/s2-landsat-2024-07-22.tle'),
  'utf8',
).split(/\r?\n/);
const orbitOf = (name: string) => {
  const i = tle.findIndex((l) => l.trim() === name);
  return Orbit.fromTle(tle[i + 1]!, tle[i + 2]!);
};

describe('MGRS tiles (Sentinel-2 granules)', () => {
  it('names Paris’ tile 31UDQ', () => {
    expect(mgrsTile(48.85, 2.35)).toBe('31UDQ');
    expect(utmZone(60, 5)).toBe(32); // Norway exception
    expect(utmZone(78, 15)).toBe(33); // Svalbard exception
  });

  it('gives the 100 km square letters of 54 real tiles from their UTM grid position', () => {
    const tiles = new Set<string>();
    for (const item of s2Items) {
      const zone = item.epsg % 100;
      const letters = mgrsSquareLetters(zone, item.ulEasting + 54_900, item.ulNorthing - 54_900);
      expect(item.mgrsTile.slice(3), item.id).toBe(letters);
      tiles.add(item.mgrsTile);
    }
    expect(tiles.size).toBe(54);
  });

  it('projects to UTM within the real tiles and names the tile of points inside their own square', () => {
    let named = 0;
    for (const item of s2Items) {
      const [lon, lat] = item.point;
      const zone = item.epsg % 100;
      const { easting, northing } = toUtm(lat, lon, zone);
      // Inside the tile's 109.8 km extent (its data footprint lies within it).
      expect(easting, item.id).toBeGreaterThanOrEqual(item.ulEasting);
      expect(easting).toBeLessThanOrEqual(item.ulEasting + 109_800);
      expect(northing).toBeLessThanOrEqual(item.ulNorthing);
      expect(northing).toBeGreaterThanOrEqual(item.ulNorthing - 109_800);
      const ownSquare =
        Math.floor(easting / 100_000) === Math.floor((item.ulEasting + 54_900) / 100_000) &&
        Math.floor(northing / 100_000) === Math.floor((item.ulNorthing - 54_900) / 100_000);
      if (utmZone(lat, lon) === zone && ownSquare) {
        expect(mgrsTile(lat, lon), item.id).toBe(item.mgrsTile);
        named++;
      }
    }
    expect(named).toBeGreaterThan(20);
  });
});

describe('Sentinel-2 relative orbits', () => {
  it('follow from the absolute orbit with ESA’s offsets, for every real datatake', () => {
    for (const item of s2Items) {
      expect(sentinel2RelativeOrbit(item.platform.slice(-1), item.absoluteOrbit), item.id).toBe(
        item.relativeOrbit,
      );
    }
  });

  it('and the absolute orbit is one less than the NORAD revolution number SGP4 counts', () => {
    const orbits: Record<string, Orbit> = {
      'Sentinel-2A': orbitOf('SENTINEL-2A'),
      'Sentinel-2B': orbitOf('SENTINEL-2B'),
    };
    for (const item of s2Items) {
      const orbit = orbits[item.platform]!;
      expect(orbit.revolutionAt(Date.parse(item.datetime)) - 1, item.id).toBe(item.absoluteOrbit);
    }
  });
});

describe('WRS-2 path and row (Landsat)', () => {
  const orbits: Record<string, Orbit> = {
    'landsat-8': orbitOf('LANDSAT 8'),
    'landsat-9': orbitOf('LANDSAT 9'),
  };

  it('finds the path and row of the real Landsat scenes from the orbit at their time', () => {
    for (const item of landsatItems) {
      const orbit = orbits[item.platform]!;
      const state = orbit.state(Date.parse(item.datetime))!;
      const node = nodeOfRevolution(orbit, state, 'descending');
      expect(wrs2PathRow(node.lon, argumentOfLatitudeDeg(state.teme)), item.id).toEqual({
        path: item.wrsPath,
        row: item.wrsRow,
      });
    }
  });

  it('estimates the descending node within 0.1° and 10 s of the propagated crossing', () => {
    for (const item of landsatItems) {
      const orbit = orbits[item.platform]!;
      const at = Date.parse(item.datetime);
      const estimate = nodeOfRevolution(orbit, orbit.state(at)!, 'descending');
      const crossing = nodeCrossingNear(orbit, at, 'descending')!;
      expect(Math.abs(estimate.lon - crossing.lon)).toBeLessThan(0.1);
      expect(Math.abs(estimate.time - crossing.time)).toBeLessThan(10_000);
    }
  });

  it('numbers paths westward from path 1 at 64.6° W, rows from 60 at the descending node', () => {
    expect(wrs2PathRow(-64.6, 180)).toEqual({ path: 1, row: 60 });
    expect(wrs2PathRow(-64.6 - 360 / 233, 180)).toEqual({ path: 2, row: 60 });
    expect(wrs2PathRow(-64.6 + 360 / 233, 180 - 360 / 248)).toEqual({ path: 233, row: 59 });
    // Row 1 at 80.8° N on the way down (59 rows before the node), row 248 just before it.
    expect(wrs2PathRow(0, 180 - (59 * 360) / 248).row).toBe(1);
    expect(wrs2PathRow(0, 180 - (60 * 360) / 248).row).toBe(248);
  });
});
