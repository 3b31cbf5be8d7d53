import type { Candidate, Ignored, ReadLimits, ReadResult } from '../shapes';
import { type KmlLink, type KmlTally, linkIgnored, readKmlDocument } from './kml';
import { UploadRefused } from './upload-refused';
import { extractZipEntry, readZipDirectory, type ZipEntry } from './zip';

/**
 * A KMZ: its main document (doc.kml, else the first .kml at the top level: KML 2.2 §C.2) and every
 * document a NetworkLink names inside the same archive, each read once, in the order they are
 * linked (GDAL's LIBKML driver writes a doc.kml of NetworkLinks to `layers/<layer>.kml`). Features
 * are numbered through the documents and the feature and position limits count the whole archive.
 * A link to anything outside the archive (a URL, an absolute path, a missing entry) is listed as
 * ignored and never fetched.
 */
export function readKmz(bytes: Uint8Array, limits: ReadLimits): ReadResult {
  const entries = readZipDirectory(bytes).filter((e) => !e.name.includes('__MACOSX/'));
  const kmls = entries.filter((e) => /\.kml$/i.test(e.name));
  const main =
    kmls.find((e) => e.name.toLowerCase() === 'doc.kml') ??
    kmls.find((e) => !e.name.includes('/')) ??
    kmls[0];
  if (!main) throw new UploadRefused('upload.kmzNoKml');

  const candidates: Candidate[] = [];
  const ignored: Ignored[] = [];
  const queued = new Set([main.name]);
  const queue: ZipEntry[] = [main];
  let tally: KmlTally = { placemarks: 0, positions: 0 };
  for (let entry = queue.shift(); entry; entry = queue.shift()) {
    const read = readKmlDocument(extractZipEntry(bytes, entry), limits, tally);
    candidates.push(...read.candidates);
    ignored.push(...read.ignored);
    tally = read.tally;
    for (const link of read.links) {
      const target = linkedEntry(entries, entry.name, link);
      if (!target) ignored.push(linkIgnored(link));
      else if (!queued.has(target.name)) {
        queued.add(target.name);
        queue.push(target);
      }
    }
  }
  return { candidates, ignored, noPrjAssumedWgs84: false };
}

/**
 * The archive's KML entry a link names, relative to the linking document's folder (RFC 3986
 * reference resolution without a scheme or authority); undefined for anything else.
 */
export function linkedEntry(entries: ZipEntry[], from: string, link: KmlLink): ZipEntry | undefined {
  const href = link.href?.replace(/[?#].*$/, '');
  if (!href || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(href) || href.startsWith('/') || href.startsWith('\\')) {
    return undefined;
  }
  let path: string[] = from.split('/').slice(0, -1);
  for (const part of safeDecode(href).split('/')) {
    if (part === '..') {
      if (path.length === 0) return undefined;
      path = path.slice(0, -1);
    } else if (part !== '.' && part !== '') path = [...path, part];
  }
  const name = path.join('/');
  if (!/\.kml$/i.test(name)) return undefined;
  return (
    entries.find((e) => e.name === name) ?? entries.find((e) => e.name.toLowerCase() === name.toLowerCase())
  );
}

function safeDecode(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}
