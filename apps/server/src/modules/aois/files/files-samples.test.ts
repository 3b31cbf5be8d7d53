import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type AoiCandidate, type Candidate, cleanName } from '../shapes';
import { fixture, islandWithLake, maxDifference, normalised, refusal } from '../test-helpers';
import { exportFile } from './export';
import { type ReadResult, readUploadedFile } from './read-file';

// The real sample files, exported files read back and names from hostile files; the limits and
// hostile inputs of the readers are in files.test.ts.

const summary = (r: ReadResult) => {
  const aois = r.candidates.filter((c): c is AoiCandidate => c.kind === 'aoi');
  const pois = r.candidates.filter((c) => c.kind === 'poi');
  return {
    aois: aois.filter((a) => a.parts.length).length,
    parts: aois.reduce((n, a) => n + a.parts.length, 0),
    failedParts: aois.reduce((n, a) => n + a.failures.length, 0),
    pois: pois.filter((p) => p.kind === 'poi' && p.position).length,
    failedPois: pois.filter((p) => p.kind === 'poi' && !p.position).length,
    ignored: r.ignored.length,
  };
};

const read = (name: string, data: Uint8Array | string) => {
  const bytes = typeof data === 'string' ? strToU8(data) : data;
  const ext = name.split('.').pop() as 'kml';
  return readUploadedFile(bytes, ext);
};

describe('the real sample files', () => {
  // [AOIs, their parts, failed parts, POIs, failed POIs, ignored] as read; PostGIS validity is
  // checked on top of this by the upload tests on the database.
  const counts = (r: ReadResult) => {
    const s = summary(r);
    return [s.aois, s.parts, s.failedParts, s.pois, s.failedPois, s.ignored];
  };

  it('reads every KML with the expected counts', () => {
    const expected: Record<string, number[] | string> = {
      'addresses.kml': [0, 0, 0, 5, 0, 10], // one-position tracks are places; empty points skipped
      'bad.kml': [0, 0, 1, 0, 1, 1], // "no,no" coordinates: the polygon and the point fail
      'cdata.kml': [0, 0, 0, 1, 0, 0],
      'extended_data.kml': [0, 0, 0, 1, 0, 0],
      'ground_overlay.kml': [0, 0, 0, 0, 0, 1],
      'ground_overlay_quad.kml': [0, 0, 0, 0, 0, 1],
      'gxmultitrack.kml': [0, 0, 0, 2, 0, 1],
      'gxtrack.kml': [0, 0, 0, 0, 0, 1],
      'inline_style.kml': [0, 0, 0, 0, 0, 3],
      'inline_style_mini.kml': [0, 0, 0, 0, 0, 1],
      'linear_ring.kml': [0, 0, 0, 0, 0, 1],
      'linestring.kml': [0, 0, 0, 0, 0, 2],
      'literal_color.kml': [0, 0, 0, 0, 0, 1],
      'multigeometry.kml': [0, 0, 0, 0, 0, 1],
      'multigeometry_discrete.kml': [0, 0, 0, 1, 0, 1],
      'multigeometry_sibling.kml': [0, 0, 0, 0, 0, 1],
      'multitrack.kml': [0, 0, 0, 2, 0, 1],
      'networklink.kml': [0, 0, 0, 0, 0, 1], // never fetched
      'nogeomplacemark.kml': [0, 0, 0, 0, 0, 1],
      'non_gx_multitrack.kml': [0, 0, 0, 2, 0, 1],
      'noname.kml': [0, 0, 0, 0, 0, 1],
      'null_geometry.kml': [0, 0, 0, 0, 0, 1],
      'opacity_override.kml': [0, 0, 0, 0, 0, 1],
      'point.kml': [0, 0, 0, 1, 0, 0],
      'point_extra_coordinates.kml': [0, 0, 0, 1, 0, 0],
      'point_id.kml': [0, 0, 0, 1, 0, 0],
      'polygon.kml': [1, 1, 0, 0, 0, 0], // a polygon with a hole: one part
      'schema.kml': [1, 1, 0, 0, 0, 0],
      'selfclosing.kml': [0, 0, 0, 0, 0, 1],
      'simpledata.kml': [0, 0, 0, 2, 0, 0],
      'style.kml': [0, 0, 0, 3, 0, 0],
      'style_url.kml': [1, 1, 0, 0, 0, 0],
      'styles.kml': [1, 1, 0, 1, 0, 0],
      'timespan.kml': [0, 0, 1, 0, 0, 0], // an open triangle: not closed silently
      'twopoints.kml': [0, 0, 0, 2, 0, 0],
    };
    const dir = join(import.meta.dirname, '../fixtures/kml');
    const seen: Record<string, number[] | string> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.kml'))) {
      const outcome = refusal(() => (seen[f] = counts(read(f, fixture('kml', f)))));
      if (outcome !== 'accepted') seen[f] = outcome;
    }
    expect(seen).toEqual(expected);
    expect(read('t.kml', fixture('kml', 'timespan.kml')).candidates[0]).toMatchObject({
      failures: [{ reason: 'aoi.ringNotClosed' }],
    });
  });

  it('reads every shapefile with the expected counts, or refuses it clearly', () => {
    const expected: Record<string, (number | boolean | string | undefined)[] | string> = {
      'badzip.zip': 'upload.badZip',
      'noshp.zip': 'upload.noShp',
      // counts, then whether the .prj was missing, then the first names
      'codepage.zip': [0, 0, 0, 2, 0, 0, false, '??', 'Hněvošický háj'], // .cpg 1250
      'counties.zip': [14, 719, 0, 0, 0, 0, true, 'MIDDLESEX', 'BERKSHIRE'], // islands kept with their county
      'qgis.zip': [2, 2, 0, 0, 0, 0, false, undefined, undefined],
      'senate.zip': [40, 278, 0, 0, 0, 0, false, 'First Worcester', 'Second Worcester'], // state plane → WGS 84
      'utf.zip': [0, 0, 0, 2, 0, 0, false, '💩', 'Hněvošický háj'],
    };
    const dir = join(import.meta.dirname, '../fixtures/shapefile');
    const seen: Record<string, unknown> = {};
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.zip'))) {
      const outcome = refusal(() => {
        const r = read(f, fixture('shapefile', f));
        seen[f] = [...counts(r), r.noPrjAssumedWgs84, ...r.candidates.slice(0, 2).map((c) => c.name)];
      });
      if (outcome !== 'accepted') seen[f] = outcome;
    }
    expect(seen).toEqual(expected);
    // reprojected from Massachusetts state plane (metres) to longitude/latitude
    const senate = read('senate.zip', fixture('shapefile', 'senate.zip')).candidates[0] as AoiCandidate;
    const [lon, lat] = senate.parts[0]?.[0]?.[0] ?? [];
    expect(lon).toBeCloseTo(-71.6247, 3);
    expect(lat).toBeCloseTo(42.3505, 3);
  });
});

describe('export files read back', () => {
  const shapes = [
    {
      name: '北京 with a hole',
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [116.123456789012, 39.8],
            [116.7, 39.8],
            [116.7, 40.1],
            [116.123456789012, 39.8],
          ],
          [
            [116.5, 39.85],
            [116.6, 39.95],
            [116.65, 39.85],
            [116.5, 39.85],
          ],
        ],
      },
    },
    {
      name: 'Islands <&>',
      geometry: {
        type: 'MultiPolygon' as const,
        coordinates: [
          [
            [
              [-10, -10],
              [-9, -10],
              [-9, -9],
              [-10, -9],
              [-10, -10],
            ],
          ],
          islandWithLake,
        ],
      },
    },
    {
      name: 'Point',
      geometry: { type: 'Point' as const, coordinates: [-122.0822035425683, 37.42228990140251] },
    },
  ];

  for (const format of ['kml', 'geojson', 'shp'] as const) {
    it(`gives the same shapes and names back from ${format}`, () => {
      const file = exportFile(shapes, format, 'aois');
      const r = readUploadedFile(file.body, format === 'shp' ? 'zip' : format);
      expect(r.candidates.map((c) => c.name)).toEqual(shapes.map((s) => s.name));
      shapes.forEach((shape, i) => {
        const c = r.candidates[i] as Candidate;
        const back =
          c.kind === 'aoi'
            ? { type: 'MultiPolygon', coordinates: c.parts }
            : { type: 'Point', coordinates: c.position as number[] };
        const original =
          shape.geometry.type === 'Polygon'
            ? { type: 'MultiPolygon', coordinates: [shape.geometry.coordinates] }
            : shape.geometry;
        expect(maxDifference(normalised(back), normalised(original))).toBe(0);
      });
    });
  }
});

describe('names from hostile files', () => {
  it('lose control and bidi characters; a name of nothing else is no name', () => {
    expect(cleanName('Gate\u0000 one\u0007')).toBe('Gate one');
    expect(cleanName('\u202Egpj.exe')).toBe('gpj.exe');
    expect(cleanName('a\u2066b\u2069\u007F')).toBe('ab');
    expect(cleanName('\u0000\u202E')).toBeUndefined();
    expect(cleanName('北京\tnorth\r\n')).toBe('北京 north');
  });

  it('numbers features by their position in the file, through the layers of a zip', () => {
    const r = readUploadedFile(fixture('shapefile', 'senate.zip'), 'zip');
    expect(r.candidates.map((c) => c.index)).toEqual(r.candidates.map((_, i) => i));
  });
});
