import { UploadRefused } from './upload-refused';

/**
 * Features of an uploaded file counted on its text or bytes, before any DOM or full parse (issue 26:
 * a 575 KB KMZ of 200,000 Points passed the position budget, took minutes to store and left the
 * server gigabytes larger). Each reader refuses a file holding more than the limit at once, naming
 * the count, as it refuses too many positions; what the parse then makes of the features (a
 * MultiPoint is one POI per point) is bounded again by `refuseTooManyFeatures` on its candidates.
 */

/** The refusal of a file holding `count` features, more than `limit`. */
export function refuseTooManyFeatures(count: number, limit: number): void {
  if (count > limit) throw new UploadRefused('upload.tooManyFeatures', { features: count, limit });
}

/**
 * `<Placemark>` elements of a KML text (any namespace prefix), outside comments and CDATA sections
 * (a description may quote KML): what the DOM would find, counted by one scan of the text.
 */
export function countKmlPlacemarks(text: string): number {
  let count = 0;
  for (const m of text.matchAll(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<(?:[\w.-]+:)?Placemark\b/g)) {
    if (m[0].charCodeAt(1) !== 33 /* ! */) count++;
  }
  return count;
}

const QUOTE = 34;
const BACKSLASH = 92;
const FEATURES = 'features';

/**
 * The elements of the root object's `features` array in a JSON text (the last one when the key is
 * repeated, as JSON.parse keeps), found by one scan that builds nothing: strings are skipped with
 * their escapes, nesting is a counter. Zero when the root is no object or has no such array. A text
 * that is no JSON counts what it can; JSON.parse refuses it afterwards.
 */
export function countGeoJsonFeatures(text: string): number {
  let depth = 0;
  let rootIsObject = false;
  /** the last string at depth 1 was "features" and its ':' may follow */
  let featuresKey = false;
  /** the value after `"features":` is next */
  let featuresValue = false;
  /** inside the root's features array (at depth 2) */
  let inFeatures = false;
  let expectElement = false;
  let elements = 0;
  let counted = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (inFeatures && depth === 2 && expectElement && c !== 93 /* ] */ && c !== 44 /* , */) {
      elements++;
      expectElement = false;
    }
    if (c === QUOTE) {
      const start = i + 1;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i += 2;
        else if (d === QUOTE) break;
        else i++;
      }
      featuresKey =
        depth === 1 && !featuresValue && i - start === FEATURES.length && text.startsWith(FEATURES, start);
      featuresValue = false;
      continue;
    }
    if (c === 58 /* : */) {
      featuresValue = featuresKey;
      featuresKey = false;
      continue;
    }
    featuresKey = false;
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth === 0) rootIsObject = c === 123;
      if (depth === 1 && featuresValue && c === 91 && rootIsObject) {
        inFeatures = true;
        expectElement = true;
        elements = 0;
      }
      depth++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      depth--;
      if (inFeatures && depth === 1) {
        inFeatures = false;
        counted = elements;
      }
    } else if (c === 44 /* , */ && inFeatures && depth === 2) {
      expectElement = true;
    }
    featuresValue = false;
  }
  // an array cut short still counts what it held
  return inFeatures ? elements : counted;
}
