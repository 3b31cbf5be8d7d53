import { write as writeShapefile } from '@mapbox/shp-write';
import { toKML } from '@placemarkio/tokml';
import { type AoiExportFormat, type AoiGeoJson, stripBidiControls } from '@satportal/contract';
import { strToU8, zipSync } from 'fflate';
import type { Position, Ring } from '../shapes';

/**
 * Export of AOIs and POIs as KML (@placemarkio/tokml), GeoJSON, or a zipped shapefile
 * (@mapbox/shp-write's writer; the zip is made here). Coordinates are written as the shortest
 * decimal that reads back to the same double, so a re-upload gives the very same shapes.
 */

export interface ExportShape {
  name: string;
  geometry: AoiGeoJson;
}

export interface ExportFile {
  body: Uint8Array;
  contentType: string;
  extension: string;
}

export function exportFile(shapes: ExportShape[], format: AoiExportFormat, baseName: string): ExportFile {
  const collection = {
    type: 'FeatureCollection' as const,
    features: shapes.map((s) => ({
      type: 'Feature' as const,
      properties: { name: s.name },
      geometry: s.geometry,
    })),
  };
  switch (format) {
    case 'geojson':
      return {
        body: strToU8(JSON.stringify(collection)),
        contentType: 'application/geo+json',
        extension: 'geojson',
      };
    case 'kml':
      return {
        body: strToU8(kmlOf(shapes)),
        contentType: 'application/vnd.google-earth.kml+xml',
        extension: 'kml',
      };
    case 'shp':
      return { body: shapefileZip(shapes, baseName), contentType: 'application/zip', extension: 'zip' };
  }
}

/**
 * The KML of the shapes, every name readable back as it was (issue 26: a name holding `]]>` made
 * the file no XML at all). tokml escapes `&` and `<` in text but not the `>` of `]]>`, which XML
 * forbids in content. Its output holds no CDATA, comment or DOCTYPE (it is given names and
 * geometries only) and its markup is ASCII, so every `]]>` and every non-ASCII character in it is
 * a name's: `]]>` is written `]]&gt;`, NEL and the line and paragraph separators as references (an
 * XML 1.1 reader, xmldom too, takes them raw for line ends). Characters XML 1.0 cannot hold at all
 * (U+FFFE, U+FFFF; C0 controls and lone surrogates, which no stored name has) become U+FFFD.
 */
function kmlOf(shapes: ExportShape[]): string {
  const features = shapes.map((s) => ({
    type: 'Feature' as const,
    properties: { name: s.name.replace(notXmlCharacters, '\uFFFD') },
    geometry: s.geometry,
  }));
  const kml = toKML({ type: 'FeatureCollection', features } as Parameters<typeof toKML>[0]);
  return kml
    .replaceAll(']]>', ']]&gt;')
    .replace(/[\u0085\u2028\u2029]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

const notXmlCharacters = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["Degree",0.017453292519943295]]';

/**
 * Polygons (all written as multi-part polygons) and points in two layers, each with a .prj
 * (WGS 84) and a .cpg: shp-write's dBASE writer puts one byte per character, so names are
 * handed to it as their UTF-8 bytes and the .cpg says so.
 */
function shapefileZip(shapes: ExportShape[], baseName: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const layer = (suffix: string, type: 'POLYGON' | 'POINT', rows: object[], geometries: unknown[]) => {
    if (!geometries.length) return;
    writeShapefile(rows, type, geometries as object[], (_err, out) => {
      const name = `${baseName}_${suffix}`;
      files[`${name}.shp`] = viewBytes(out.shp);
      files[`${name}.shx`] = viewBytes(out.shx);
      files[`${name}.dbf`] = viewBytes(out.dbf);
      files[`${name}.prj`] = strToU8(WGS84_PRJ);
      files[`${name}.cpg`] = strToU8('UTF-8');
    });
  };
  const polygons = shapes.filter((s) => s.geometry.type !== 'Point');
  const points = shapes.filter((s) => s.geometry.type === 'Point');
  layer(
    'polygons',
    'POLYGON',
    polygons.map((s) => ({ name: utf8Bytes(s.name) })),
    polygons.map((s) => shapefileRings(s.geometry)),
  );
  layer(
    'points',
    'POINT',
    points.map((s) => ({ name: utf8Bytes(s.name) })),
    points.map((s) => (s.geometry as { coordinates: number[] }).coordinates.slice(0, 2)),
  );
  return zipSync(files, { level: 6 });
}

const viewBytes = (v: DataView) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice();
const utf8Bytes = (s: string) => String.fromCharCode(...new TextEncoder().encode(s));

/** Twice the signed area on the longitude/latitude plane: positive when counter-clockwise. */
function signedArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i] as Position;
    const [x2, y2] = ring[i + 1] as Position;
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

/** Shapefile winding (ESRI): outer rings clockwise, holes counter-clockwise. */
function shapefileRings(geometry: AoiGeoJson): Ring[][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
  return polygons.map((rings) =>
    rings.map((ring, i) => {
      const clockwise = signedArea(ring) < 0;
      return clockwise === (i === 0) ? ring : [...ring].reverse();
    }),
  );
}

/**
 * A file name for `content-disposition`: the single shape's name, or a dated collection name.
 * Bidi controls are dropped, also from names stored before names were cleaned.
 */
export function exportBaseName(shapes: ExportShape[], today: Date): string {
  const single = shapes.length === 1 ? shapes[0]?.name : undefined;
  const safe = stripBidiControls(single ?? '')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .trim();
  return safe || `aois-${today.toISOString().slice(0, 10)}`;
}

/** RFC 6266: an ASCII fallback and the UTF-8 name (without bidi controls: the name must read as it is). */
export function contentDisposition(name: string): string {
  const fileName = stripBidiControls(name);
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
