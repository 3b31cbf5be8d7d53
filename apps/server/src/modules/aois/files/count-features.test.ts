import { AoiUploadLimits } from '@satportal/contract';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { countGeoJsonFeatures, countKmlPlacemarks } from './count-features';
import { exportFile } from './export';
import { readUploadedFile } from './read-file';
import { UploadRefused } from './upload-refused';

// Features counted before any DOM or full parse (issue 26: a 575 KB KMZ of 200,000 Points was stored
// whole, and cost minutes and gigabytes).

const limit = AoiUploadLimits.maxFeatures;

/** The refusal of a read: its key and parameters, or "accepted". */
function refusal(f: () => unknown): { key: string; params?: Record<string, unknown> } | 'accepted' {
  try {
    f();
  } catch (e) {
    if (e instanceof UploadRefused) return { key: e.key, params: e.params };
    throw e;
  }
  return 'accepted';
}

const kml = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;
const pointPlacemarks = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `<Placemark><Point><coordinates>${i % 180},1</coordinates></Point></Placemark>`,
  ).join('');
const featureCollection = (n: number) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: Array.from({ length: n }, (_, i) => ({
      type: 'Feature',
      properties: { name: `P${i}` },
      geometry: { type: 'Point', coordinates: [i % 180, 1] },
    })),
  });

describe('counting KML Placemarks on the text', () => {
  it('counts Placemarks with or without a namespace prefix, not their end tags, comments or CDATA', () => {
    expect(countKmlPlacemarks(kml(pointPlacemarks(3)))).toBe(3);
    expect(countKmlPlacemarks('<kml:Placemark/><kml:Placemark id="a"></kml:Placemark>')).toBe(2);
    expect(
      countKmlPlacemarks(
        '<Placemark><description><![CDATA[<Placemark></Placemark>]]></description></Placemark><!-- <Placemark> -->',
      ),
    ).toBe(1);
    // another element whose name begins alike is no Placemark
    expect(countKmlPlacemarks('<PlacemarkStyle/><Placemarks/>')).toBe(0);
  });

  it('refuses a KML and a KMZ of one Placemark too many, naming the count and the limit, before any DOM', () => {
    // The text after the Placemarks is no XML: a DOM would refuse it as badKml. The count comes first.
    const text = kml(pointPlacemarks(limit + 1)).replace('</kml>', '<unclosed>');
    const expected = { key: 'upload.tooManyFeatures', params: { features: limit + 1, limit } };
    expect(refusal(() => readUploadedFile(strToU8(text), 'kml'))).toEqual(expected);
    const kmz = zipSync({ 'doc.kml': strToU8(text) });
    expect(refusal(() => readUploadedFile(kmz, 'kmz'))).toEqual(expected);
    // exactly at the limit: read
    expect(refusal(() => readUploadedFile(strToU8(kml(pointPlacemarks(limit))), 'kml'))).toBe('accepted');
  });

  it("refuses the probe's file: 200,000 Points within the position budget", () => {
    const text = kml(pointPlacemarks(200_000));
    expect(refusal(() => readUploadedFile(strToU8(text), 'kml'))).toEqual({
      key: 'upload.tooManyFeatures',
      params: { features: 200_000, limit },
    });
  });
});

describe('counting GeoJSON features on the text', () => {
  it("counts the root's features array, whatever the elements hold", () => {
    expect(countGeoJsonFeatures(featureCollection(0))).toBe(0);
    expect(countGeoJsonFeatures(featureCollection(7))).toBe(7);
    expect(countGeoJsonFeatures(' { "features" : [ 1 , "a" , null , [ ] , { } ] } ')).toBe(5);
    // "features" as a value, a nested key, inside strings with escaped quotes: not the root's array
    const tricky = JSON.stringify({
      type: 'FeatureCollection',
      name: 'features',
      properties: { features: [1, 2, 3] },
      note: '"features": [1, 2, 3]',
      'odd\\"key': 'x\\',
      features: [{ type: 'Feature', properties: { 'a"b': 'features' }, geometry: null }],
    });
    expect(countGeoJsonFeatures(tricky)).toBe(1);
    // a key given twice: JSON.parse keeps the last
    expect(countGeoJsonFeatures('{"features":[1,2,3],"features":[1]}')).toBe(1);
    // no FeatureCollection: nothing to count here (a Feature or a geometry is one)
    expect(countGeoJsonFeatures('[{"features":[1,2]}]')).toBe(0);
    expect(countGeoJsonFeatures('{"type":"Point","coordinates":[1,2]}')).toBe(0);
  });

  it('counts what a text cut short held, and never throws on text that is not JSON', () => {
    expect(countGeoJsonFeatures('{"features":[{},{},{')).toBe(3);
    expect(countGeoJsonFeatures('}}]]"')).toBe(0);
    expect(countGeoJsonFeatures('')).toBe(0);
  });

  it('refuses a GeoJSON of one feature too many before JSON.parse, naming the count and the limit', () => {
    // Cut short: JSON.parse would refuse it as badJson. The count comes first.
    const text = featureCollection(limit + 1).slice(0, -3);
    expect(refusal(() => readUploadedFile(strToU8(text), 'geojson'))).toEqual({
      key: 'upload.tooManyFeatures',
      params: { features: limit + 1, limit },
    });
    expect(refusal(() => readUploadedFile(strToU8(featureCollection(limit)), 'json'))).toBe('accepted');
  });

  it('refuses one feature making more POIs than the limit (a MultiPoint), naming the POIs', () => {
    const multi = JSON.stringify({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'MultiPoint',
        coordinates: Array.from({ length: limit + 1 }, (_, i) => [i % 180, 2]),
      },
    });
    expect(refusal(() => readUploadedFile(strToU8(multi), 'geojson'))).toEqual({
      key: 'upload.tooManyFeatures',
      params: { features: limit + 1, limit },
    });
  });
});

describe('counting shapefile records on the .shp', () => {
  const pointsZip = (n: number) =>
    exportFile(
      Array.from({ length: n }, (_, i) => ({
        name: `S${i}`,
        geometry: { type: 'Point' as const, coordinates: [i % 180, 3] },
      })),
      'shp',
      'stations',
    ).body;

  it('refuses a shapefile of one record too many before shpjs reads it, naming the count and the limit', () => {
    // Its attribute table cut short: read, it would be refused as badDbf. The count comes first.
    const files = unzipSync(pointsZip(limit + 1));
    const dbf = Object.keys(files).find((name) => name.endsWith('.dbf')) as string;
    files[dbf] = (files[dbf] as Uint8Array).slice(0, 1000);
    const zip = zipSync(files);
    expect(refusal(() => readUploadedFile(zip, 'zip'))).toEqual({
      key: 'upload.tooManyFeatures',
      params: { features: limit + 1, limit },
    });
    expect(refusal(() => readUploadedFile(pointsZip(limit), 'zip'))).toBe('accepted');
  });

  it('counts the records of every layer together', () => {
    const half = Math.ceil((limit + 1) / 2);
    const a = pointsZip(half);
    const b = pointsZip(limit + 1 - half);
    const files = { ...prefixed(unzipSync(a), 'a_'), ...prefixed(unzipSync(b), 'b_') };
    expect(refusal(() => readUploadedFile(zipSync(files), 'zip'))).toEqual({
      key: 'upload.tooManyFeatures',
      params: { features: limit + 1, limit },
    });
  });
});

const prefixed = (files: Record<string, Uint8Array>, prefix: string) =>
  Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`${prefix}${name}`, bytes]));
