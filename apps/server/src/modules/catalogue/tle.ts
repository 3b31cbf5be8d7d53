/**
 * Two-line element sets (NORAD TLE), as CelesTrak and Space-Track publish them:
 * an optional title line, then line 1 and line 2 of 69 characters each, each
 * ending with a modulo-10 checksum. Column positions follow the format's
 * definition (https://celestrak.org/columns/v04n03/).
 */

export interface ElementSet {
  noradId: number;
  /** The title line (without Space-Track's `0 ` prefix); empty for a bare two-line set. */
  name: string;
  epoch: Date;
  line1: string;
  line2: string;
  /** Line number of line 1 in the file (1-based), for messages. */
  lineNumber: number;
}

export interface RejectedElementSet {
  /** The line at fault (1-based). */
  line: number;
  /** The title of the entry, when it had one. */
  name: string;
  reason: string;
}

export interface TleParseResult {
  elementSets: ElementSet[];
  rejected: RejectedElementSet[];
}

const lineLength = 69;

/** Modulo-10 sum over the first 68 characters: digits count their value, a minus sign counts 1. */
export function tleChecksum(line: string): number {
  let sum = 0;
  for (const ch of line.slice(0, lineLength - 1)) {
    if (ch >= '0' && ch <= '9') sum += ch.charCodeAt(0) - 48;
    else if (ch === '-') sum += 1;
  }
  return sum % 10;
}

/** The line with its last character replaced by the right checksum (for building test data). */
export function withChecksum(line: string): string {
  const body = line.slice(0, lineLength - 1).padEnd(lineLength - 1, ' ');
  return `${body}${tleChecksum(body)}`;
}

/**
 * Catalogue number of columns 3–7. Numbers above 99999 use the Alpha-5 scheme
 * (a leading letter A–Z without I and O stands for 10–33), which Space-Track
 * introduced for the growing catalogue.
 */
export function parseCatalogueNumber(field: string): number | undefined {
  const f = field.trim();
  if (/^\d{1,5}$/.test(f)) return Number(f);
  const m = /^([A-HJ-NP-Z])(\d{4})$/.exec(f);
  if (!m) return undefined;
  const letter = m[1]!.charCodeAt(0) - 65;
  const value = 10 + letter - (letter > 8 ? 1 : 0) - (letter > 14 ? 1 : 0);
  return value * 10_000 + Number(m[2]);
}

/**
 * Epoch of columns 19–32: two-digit year (57–99 → 19xx, 00–56 → 20xx, the
 * format's own rule since Sputnik) and day of year with its fraction, in UTC.
 */
export function parseEpoch(line1: string): Date | undefined {
  const field = line1.slice(18, 32);
  const m = /^(\d{2})([ \d]{2}\d\.\d+) *$/.exec(field);
  if (!m) return undefined;
  const yy = Number(m[1]);
  const dayOfYear = Number(m[2]!.trim());
  const year = yy < 57 ? 2000 + yy : 1900 + yy;
  const daysInYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
  if (!(dayOfYear >= 1 && dayOfYear < daysInYear + 1)) return undefined;
  return new Date(Date.UTC(year, 0, 1) + Math.round((dayOfYear - 1) * 86_400_000));
}

function checkLine(line: string, number: 1 | 2, at: number): string | undefined {
  if (line.length !== lineLength) {
    return `line ${at}: ${line.length} characters; a line ${number} of a TLE has ${lineLength}`;
  }
  const found = line[lineLength - 1]!;
  const expected = tleChecksum(line);
  if (found !== String(expected)) {
    return `line ${at}: checksum ${JSON.stringify(found)} does not match the computed ${expected}`;
  }
  return undefined;
}

/** The fields the pass predictor relies on, checked once here rather than failing in SGP4 later. */
function checkElements(line2: string, at: number): string | undefined {
  const inclination = Number(line2.slice(8, 16));
  if (!Number.isFinite(inclination) || inclination < 0 || inclination > 180) {
    return `line ${at}: inclination ${JSON.stringify(line2.slice(8, 16).trim())} is not 0–180°`;
  }
  if (!/^\d{7}$/.test(line2.slice(26, 33))) {
    return `line ${at}: eccentricity ${JSON.stringify(line2.slice(26, 33))} is not 7 digits`;
  }
  const meanMotion = Number(line2.slice(52, 63));
  if (!Number.isFinite(meanMotion) || meanMotion <= 0) {
    return `line ${at}: mean motion ${JSON.stringify(line2.slice(52, 63).trim())} is not a positive number`;
  }
  return undefined;
}

/**
 * Parses a TLE file: three-line sets (title + line 1 + line 2) and bare two-line
 * sets, mixed freely. Bad entries are reported with their line number and the
 * rest are kept, so one corrupt set never blocks a whole file.
 */
export function parseTle(text: string): TleParseResult {
  const lines = text.split(/\r\n|\n|\r/).map((l) => l.replace(/\s+$/, ''));
  const elementSets: ElementSet[] = [];
  const rejected: RejectedElementSet[] = [];
  let title: { name: string; at: number } | undefined;

  const reject = (line: number, reason: string) => {
    rejected.push({ line, name: title?.name ?? '', reason });
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = i + 1;
    if (!line.trim()) continue;

    if (line.startsWith('1 ')) {
      const next = lines[i + 1];
      if (next === undefined || !next.startsWith('2 ')) {
        reject(at, `line ${at}: line 1 is not followed by a line 2`);
        title = undefined;
        continue;
      }
      i++;
      const problem =
        checkLine(line, 1, at) ??
        checkLine(next, 2, at + 1) ??
        checkElements(next, at + 1) ??
        checkIdentity(line, next, at);
      if (problem) {
        reject(problem.startsWith(`line ${at + 1}:`) ? at + 1 : at, problem);
      } else {
        elementSets.push({
          noradId: parseCatalogueNumber(line.slice(2, 7))!,
          name: title?.name ?? '',
          epoch: parseEpoch(line)!,
          line1: line,
          line2: next,
          lineNumber: at,
        });
      }
      title = undefined;
      continue;
    }

    if (line.startsWith('2 ')) {
      reject(at, `line ${at}: line 2 without a line 1 before it`);
      title = undefined;
      continue;
    }

    if (title) reject(title.at, `line ${title.at}: title "${title.name}" is not followed by element lines`);
    title = { name: line.replace(/^0 /, '').trim(), at };
  }
  if (title) reject(title.at, `line ${title.at}: title "${title.name}" is not followed by element lines`);
  return { elementSets, rejected };
}

function checkIdentity(line1: string, line2: string, at: number): string | undefined {
  const n1 = parseCatalogueNumber(line1.slice(2, 7));
  const n2 = parseCatalogueNumber(line2.slice(2, 7));
  if (n1 === undefined)
    return `line ${at}: catalogue number ${JSON.stringify(line1.slice(2, 7))} is not valid`;
  if (n1 !== n2) {
    return `line ${at + 1}: catalogue number ${JSON.stringify(line2.slice(2, 7).trim())} differs from line 1's ${n1}`;
  }
  if (!parseEpoch(line1)) return `line ${at}: epoch ${JSON.stringify(line1.slice(18, 32))} is not valid`;
  return undefined;
}
