/**
 * The hostile set of `npm run bench:hostile` (issue 26 "Done when"): the attack probe's files and
 * the classic bombs, each at most 5 MB (the upload's size limit, so that each reaches the reader),
 * built the same way on every run (seeded). `expect` is what the server must answer now: refused
 * whole, or bounded (stored, within the limits).
 */
import { strToU8, zipSync } from 'fflate';
import { exportFile } from '../apps/server/src/modules/aois/files/export';
import { rng } from './stats';

export interface HostileFile {
  name: string;
  what: string;
  bytes: Uint8Array;
  expect: 'refused' | 'bounded';
}

const kmlOf = (placemarks: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${placemarks}</Document></kml>`;

/**
 * `n` points on a grid of 0.01° over China's box (small files compress well: the probe's 200,000
 * points made a 575 KB KMZ), each moved by up to 0.005° (seeded) so that no two are the same.
 */
function points(n: number, seed: number): [number, number][] {
  const random = rng(seed);
  return Array.from({ length: n }, (_, i) => [
    Math.round((75 + (i % 6000) * 0.01 + random() * 0.005) * 1e3) / 1e3,
    Math.round((18 + Math.floor(i / 6000) * 0.01 + random() * 0.005) * 1e3) / 1e3,
  ]);
}

/** The probe's KMZ: 200,000 Placemarks of one Point each (~0.6 MB zipped). */
export function pointsKmz(n: number): Uint8Array {
  const body = points(n, 1)
    .map(([x, y]) => `<Placemark><Point><coordinates>${x},${y}</coordinates></Point></Placemark>`)
    .join('');
  return zipSync({ 'doc.kml': strToU8(kmlOf(body)) }, { level: 9 });
}

/** A FeatureCollection of `n` named points (60,000: ~4 MB). */
export function pointsGeoJson(n: number): Uint8Array {
  // The shortest features a writer makes (2 decimals, no properties): the probe's 60,000 in 4 MB.
  const features = points(n, 2).map(([x, y]) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [Math.round(x * 100) / 100, Math.round(y * 100) / 100] },
  }));
  return strToU8(JSON.stringify({ type: 'FeatureCollection', features }));
}

/** A ring of `n` positions (closed) around (x, y), radius 0.004°, 3 decimals. */
function ring(x: number, y: number, n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n - 1; i++) {
    const a = (2 * Math.PI * i) / (n - 1);
    out.push([
      Math.round((x + 0.004 * Math.cos(a)) * 1e3) / 1e3,
      Math.round((y + 0.004 * Math.sin(a)) * 1e3) / 1e3,
    ]);
  }
  out.push(out[0] as number[]);
  return out;
}

/** A FeatureCollection of `n` small triangles: many AOIs, few positions each. */
export function polygonsGeoJson(n: number): Uint8Array {
  const features = points(n, 3).map(([x, y], i) => ({
    type: 'Feature',
    properties: { name: `County ${i + 1}` },
    geometry: { type: 'Polygon', coordinates: [ring(x, y, 4)] },
  }));
  return strToU8(JSON.stringify({ type: 'FeatureCollection', features }));
}

/**
 * A zipped shapefile of `polygons` circles of `vertices` positions each (1,000 × 1,000: 16 MB of
 * .shp, 3 MB zipped), written here: the export's writer takes minutes for a million positions.
 * Positions on a 1/1024° grid, as a digitiser snapping to a grid writes them.
 */
export function verticesShapefile(polygons: number, vertices: number): Uint8Array {
  const recordBytes = 8 + 44 + 4 + 16 * vertices;
  const shp = new Uint8Array(100 + polygons * recordBytes);
  const view = new DataView(shp.buffer);
  view.setInt32(0, 9994); // file code, big-endian
  view.setInt32(24, shp.length / 2); // file length in 16-bit words
  view.setInt32(28, 1000, true); // version
  view.setInt32(32, 5, true); // polygons
  let at = 100;
  for (let k = 0; k < polygons; k++) {
    view.setInt32(at, k + 1);
    view.setInt32(at + 4, (recordBytes - 8) / 2);
    const c = at + 8;
    view.setInt32(c, 5, true);
    view.setInt32(c + 36, 1, true); // one part
    view.setInt32(c + 40, vertices, true);
    view.setInt32(c + 44, 0, true); // the part starts at 0
    const [x0, y0] = [75 + (k % 50), 18 + Math.floor(k / 50)];
    for (let i = 0; i < vertices; i++) {
      // clockwise (a shapefile's outer ring), the last position the first
      const a = (-2 * Math.PI * (i % (vertices - 1))) / (vertices - 1);
      view.setFloat64(c + 48 + 16 * i, x0 + Math.round(Math.cos(a) * 409.6) / 1024, true);
      view.setFloat64(c + 56 + 16 * i, y0 + Math.round(Math.sin(a) * 409.6) / 1024, true);
    }
    for (const [i, v] of [x0 - 0.4, y0 - 0.4, x0 + 0.4, y0 + 0.4].entries())
      view.setFloat64(c + 4 + 8 * i, v, true);
    at += recordBytes;
  }
  const prj = strToU8(
    'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]',
  );
  return zipSync({ 'vertices.shp': shp, 'vertices.prj': prj }, { level: 6 });
}

/** A zipped shapefile of `n` points. */
export function pointsShapefile(n: number): Uint8Array {
  const shapes = points(n, 5).map(([x, y], i) => ({
    name: `S${i + 1}`,
    geometry: { type: 'Point' as const, coordinates: [x, y] },
  }));
  return exportFile(shapes, 'shp', 'points').body;
}

/** `megabytes` of zeros deflated (~1/1000), under an entry name the reader looks at. */
const zerosZip = (entry: string, megabytes: number) =>
  zipSync({ [entry]: new Uint8Array(megabytes * 1024 * 1024) }, { level: 9 });

/** Billion laughs: ten levels of ten entities, 10⁹ "lol"s once expanded. */
export function billionLaughs(): Uint8Array {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) {
    const previous = i === 1 ? 'lol' : `lol${i - 1}`;
    entities.push(`<!ENTITY lol${i} "${`&${previous};`.repeat(10)}">`);
  }
  return strToU8(
    `<?xml version="1.0"?><!DOCTYPE kml [${entities.join('')}]><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&lol9;</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>`,
  );
}

/** The set, in the order uploaded. */
export function hostileSet(): HostileFile[] {
  return [
    { name: 'points-200k.kmz', what: 'KMZ, 200,000 Points', bytes: pointsKmz(200_000), expect: 'refused' },
    {
      name: 'points-60k.geojson',
      what: 'GeoJSON, 60,000 points',
      bytes: pointsGeoJson(60_000),
      expect: 'refused',
    },
    {
      name: 'polygons-25k.geojson',
      what: 'GeoJSON, 25,000 triangles (100,000 positions)',
      bytes: polygonsGeoJson(25_000),
      expect: 'refused',
    },
    {
      name: 'points-100k-shp.zip',
      what: 'shapefile, 100,000 points',
      bytes: pointsShapefile(100_000),
      expect: 'refused',
    },
    {
      name: 'vertices-1m-shp.zip',
      what: 'shapefile, 1,000 polygons × 1,000 positions',
      bytes: verticesShapefile(1000, 1000),
      expect: 'refused',
    },
    {
      name: 'bomb.kmz',
      what: 'KMZ bomb, 100 MB of zeros',
      bytes: zerosZip('doc.kml', 100),
      expect: 'refused',
    },
    { name: 'bomb.zip', what: 'zip bomb, 100 MB of zeros', bytes: zerosZip('a.shp', 100), expect: 'refused' },
    { name: 'laughs.kml', what: 'billion laughs', bytes: billionLaughs(), expect: 'refused' },
  ];
}
