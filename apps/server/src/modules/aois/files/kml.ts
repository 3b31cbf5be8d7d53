import { kml as kmlToGeoJson } from '@tmcw/togeojson';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import {
  type Candidate,
  candidatesOf,
  cleanName,
  fileRange,
  type Ignored,
  type ReadLimits,
  type ReadResult,
} from '../shapes';
import { countKmlPlacemarks, refuseTooManyFeatures } from './count-features';
import { nameFromProperties } from './names';
import { UploadRefused } from './upload-refused';

/**
 * KML (and the doc.kml of a KMZ). Hostile-input rules first, on the text: no DTD at all (so
 * no external entities and no entity expansion), and the Placemarks and positions counted before
 * any DOM is built. Then `@xmldom/xmldom` parses and `@tmcw/togeojson` reads each Placemark's properties
 * (name, ExtendedData). The geometry is read here, strictly, from the same Placemark elements:
 * togeojson repairs quietly (closes open rings, drops unreadable positions and short rings),
 * and a repaired shape is not the customer's shape. Placemarks map one to one to togeojson's
 * features (it keeps null geometries unless asked not to).
 */

export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let label = declared?.toLowerCase() ?? 'utf-8';
  if (label === 'utf8') label = 'utf-8';
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    throw new UploadRefused('upload.badEncoding', { encoding: declared ?? 'utf-8' });
  }
}

/** Features and positions already read from the other documents of the same upload (a KMZ's links). */
export interface KmlTally {
  placemarks: number;
  positions: number;
}

/**
 * Refuses what must never reach an XML parser, too many Placemarks and too many positions (counted
 * on top of `before`, the upload's other documents), and answers the new totals.
 */
export function screenXml(
  text: string,
  { maxVertices, maxFeatures }: ReadLimits,
  before: KmlTally = { placemarks: 0, positions: 0 },
): KmlTally {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UploadRefused('upload.xmlDoctype');
  const placemarks = before.placemarks + countKmlPlacemarks(text);
  refuseTooManyFeatures(placemarks, maxFeatures);
  let count = before.positions;
  for (const m of text.matchAll(/<(?:[\w.-]+:)?coordinates\b[^>]*>([^<]*)</gi)) {
    const body = (m[1] ?? '').replace(/\s*,\s*/g, ',').trim();
    if (body) count += body.split(/\s+/).length;
    if (count > maxVertices) throw new UploadRefused('upload.tooManyVertices', { limit: maxVertices });
  }
  for (const _ of text.matchAll(/<(?:[\w.-]+:)?coord\b/gi)) {
    if (++count > maxVertices) throw new UploadRefused('upload.tooManyVertices', { limit: maxVertices });
  }
  return { placemarks, positions: count };
}

/** A NetworkLink: its name and the address it points to (`Link/href`, KML 2.0's `Url/href`). */
export interface KmlLink {
  name: string | undefined;
  href: string | undefined;
}

/** One KML document read: its shapes (indexes from `before.placemarks`), its links, the totals so far. */
export interface KmlDocumentRead extends ReadResult {
  links: KmlLink[];
  tally: KmlTally;
}

/** A link that is not followed: listed, never fetched (an upload must not make the server reach out). */
export const linkIgnored = (link: KmlLink): Ignored => ({
  index: null,
  name: link.name,
  reason: 'upload.networkLinkIgnored',
});

/** A KML file: its NetworkLinks are listed as ignored. */
export function readKml(bytes: Uint8Array, limits: ReadLimits): ReadResult {
  const { links, tally: _, ...read } = readKmlDocument(bytes, limits);
  return { ...read, ignored: [...read.ignored, ...links.map(linkIgnored)] };
}

export function readKmlDocument(bytes: Uint8Array, limits: ReadLimits, before?: KmlTally): KmlDocumentRead {
  const text = decodeXml(bytes);
  const tally = screenXml(text, limits, before);
  const firstIndex = before?.placemarks ?? 0;

  let doc: ReturnType<DOMParser['parseFromString']>;
  // The parser's own words ("missing root element"), not the error it wraps them in.
  let problem: string | undefined;
  try {
    doc = new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        problem ??= message;
        throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (e) {
    throw new UploadRefused('upload.badKml', { detail: firstLine(problem ?? (e as Error).message) });
  }
  const root = doc.documentElement;
  if (!root || localName(root) !== 'kml') {
    throw new UploadRefused('upload.badKml', { detail: 'the document is not KML' });
  }

  const features = kmlToGeoJson(doc).features;
  const placemarks = Array.from(doc.getElementsByTagName('Placemark'));
  const result: { candidates: Candidate[]; ignored: Ignored[] } = { candidates: [], ignored: [] };
  placemarks.forEach((placemark, i) => {
    const name = nameFromProperties(features[i]?.properties, false);
    candidatesOf(geometryOf(placemark), name, fileRange, result, firstIndex + i);
  });
  for (const overlay of Array.from(doc.getElementsByTagName('GroundOverlay'))) {
    const name = cleanName(childText(overlay, 'name'));
    result.ignored.push({ index: null, name, reason: 'upload.overlayIgnored' });
  }
  const links = Array.from(doc.getElementsByTagName('NetworkLink')).map((link) => {
    const target = childElements(link).find((c) => ['Link', 'Url'].includes(localName(c)));
    return { name: cleanName(childText(link, 'name')), href: target && childText(target, 'href') };
  });
  return { ...result, noPrjAssumedWgs84: false, links, tally };
}

const firstLine = (s: string) => (s.split('\n')[0] ?? '').slice(0, 200);
const localName = (el: XmlElement) => el.localName ?? el.tagName.replace(/^.*:/, '');

function childElements(el: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as XmlElement);
  return out;
}

function childText(el: XmlElement, name: string): string | undefined {
  const child = childElements(el).find((c) => localName(c) === name);
  return child?.textContent?.trim() || undefined;
}

/** A number as written in KML; anything else (`no`, `1.5abc`, empty) is NaN, never a guess. */
const strictNumber = (s: string) =>
  /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s) ? Number(s) : Number.NaN;

/** Positions of a `<coordinates>` text; an unreadable tuple stays as [NaN] so that it is reported. */
function positions(el: XmlElement | undefined): number[][] {
  const coordinates = el && childElements(el).find((c) => localName(c) === 'coordinates');
  const body = (coordinates?.textContent ?? '').replace(/\s*,\s*/g, ',').trim();
  if (!body) return [];
  return body.split(/\s+/).map((tuple) => {
    const parts = tuple.split(',');
    const numbers = parts.map(strictNumber);
    // lon,lat[,alt]; a fourth value seen in the wild is ignored like the altitude
    return parts.length < 2 || numbers.some(Number.isNaN) ? [Number.NaN] : numbers.slice(0, 2);
  });
}

/** The Placemark's geometry as GeoJSON, read without repair. */
function geometryOf(placemark: XmlElement): unknown {
  const geometries: unknown[] = [];
  const visit = (el: XmlElement): void => {
    switch (localName(el)) {
      case 'MultiGeometry':
      case 'MultiTrack':
        for (const c of childElements(el)) visit(c);
        break;
      case 'Point': {
        // `<coordinates/>`: an empty point (location histories write them), not a broken one
        const [position] = positions(el);
        if (position) geometries.push({ type: 'Point', coordinates: position });
        break;
      }
      case 'LineString':
      case 'LinearRing':
        geometries.push({ type: 'LineString' });
        break;
      case 'Track': {
        // a track of one position is a place (location histories write visits so), as togeojson reads it
        const coords = childElements(el).filter((c) => localName(c) === 'coord');
        if (coords.length === 1) {
          const numbers = (coords[0]?.textContent ?? '').trim().split(/\s+/).map(strictNumber);
          geometries.push({ type: 'Point', coordinates: numbers.length >= 2 ? numbers.slice(0, 2) : [] });
        } else if (coords.length > 1) {
          geometries.push({ type: 'LineString' });
        }
        break;
      }
      case 'Polygon': {
        const ringOf = (boundary: string) =>
          childElements(el)
            .filter((c) => localName(c) === boundary)
            .map((b) => childElements(b).find((c) => localName(c) === 'LinearRing'))
            .filter((r): r is XmlElement => r !== undefined)
            .map((r) => positions(r));
        const outer = ringOf('outerBoundaryIs');
        const inner = ringOf('innerBoundaryIs');
        // exactly one outer ring; anything else is not a polygon we can store faithfully
        if ([...outer, ...inner].every((ring) => ring.length === 0)) break;
        geometries.push({ type: 'Polygon', coordinates: outer.length === 1 ? [...outer, ...inner] : [] });
        break;
      }
      default:
        break;
    }
  };
  for (const c of childElements(placemark)) visit(c);
  if (geometries.length === 0) return null;
  return geometries.length === 1 ? geometries[0] : { type: 'GeometryCollection', geometries };
}
