import { type OmmElements, OmmRangeError, ommToTleLines } from './omm-tle';
import { type ElementSet, parseTle, type RejectedElementSet, type TleParseResult } from './tle';

/**
 * CCSDS Orbit Mean-Elements Messages as CelesTrak's GP API serves them (FORMAT=json and
 * FORMAT=csv; https://celestrak.org/NORAD/documentation/gp-data-formats.php): one record per
 * object with the keywords as names. Each record becomes the same ElementSet a TLE file gives,
 * so every format is stored and propagated alike. Like the TLE parser, a bad record is reported
 * with where it was and the others are kept; a document that is not OMM at all is an error.
 */

export class OmmFormatError extends Error {}

/** Keywords without which SGP4 cannot run; the others (designator, set and revolution numbers) default. */
const requiredKeys = [
  'EPOCH',
  'MEAN_MOTION',
  'ECCENTRICITY',
  'INCLINATION',
  'RA_OF_ASC_NODE',
  'ARG_OF_PERICENTER',
  'MEAN_ANOMALY',
  'NORAD_CAT_ID',
  'BSTAR',
  'MEAN_MOTION_DOT',
  'MEAN_MOTION_DDOT',
] as const;

/** Numbers arrive as JSON numbers (CelesTrak) or as text (CSV, Space-Track's JSON): both are read. */
function numberOf(value: unknown, key: string): number {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim()
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(n)) throw new OmmRangeError(`${key} ${JSON.stringify(value ?? null)} is not a number`);
  return n;
}

const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

function optionalInteger(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isInteger(n) ? n : -1;
}

/** One record as OMM elements; throws OmmRangeError naming the keyword at fault. */
export function ommElementsOf(record: Record<string, unknown>): OmmElements {
  for (const key of requiredKeys) {
    if (record[key] === undefined || record[key] === null || record[key] === '')
      throw new OmmRangeError(`${key} is missing`);
  }
  if (typeof record.EPOCH !== 'string') throw new OmmRangeError('EPOCH is not text');
  return {
    OBJECT_NAME: textOf(record.OBJECT_NAME).trim().slice(0, 100),
    OBJECT_ID: textOf(record.OBJECT_ID),
    EPOCH: record.EPOCH,
    MEAN_MOTION: numberOf(record.MEAN_MOTION, 'MEAN_MOTION'),
    ECCENTRICITY: numberOf(record.ECCENTRICITY, 'ECCENTRICITY'),
    INCLINATION: numberOf(record.INCLINATION, 'INCLINATION'),
    RA_OF_ASC_NODE: numberOf(record.RA_OF_ASC_NODE, 'RA_OF_ASC_NODE'),
    ARG_OF_PERICENTER: numberOf(record.ARG_OF_PERICENTER, 'ARG_OF_PERICENTER'),
    MEAN_ANOMALY: numberOf(record.MEAN_ANOMALY, 'MEAN_ANOMALY'),
    CLASSIFICATION_TYPE: textOf(record.CLASSIFICATION_TYPE),
    NORAD_CAT_ID: numberOf(record.NORAD_CAT_ID, 'NORAD_CAT_ID'),
    ELEMENT_SET_NO: optionalInteger(record.ELEMENT_SET_NO),
    REV_AT_EPOCH: optionalInteger(record.REV_AT_EPOCH),
    BSTAR: numberOf(record.BSTAR, 'BSTAR'),
    MEAN_MOTION_DOT: numberOf(record.MEAN_MOTION_DOT, 'MEAN_MOTION_DOT'),
    MEAN_MOTION_DDOT: numberOf(record.MEAN_MOTION_DDOT, 'MEAN_MOTION_DDOT'),
  };
}

/**
 * The record as an ElementSet. The lines written are read back by the TLE parser, so a record
 * passes exactly the checks a TLE file's entry passes (checksums, epoch, the fields SGP4 needs).
 */
function elementSetOf(record: Record<string, unknown>, at: number): ElementSet {
  const omm = ommElementsOf(record);
  const { line1, line2 } = ommToTleLines(omm);
  const parsed = parseTle(`${line1}\n${line2}`);
  const set = parsed.elementSets[0];
  if (!set)
    throw new OmmRangeError(parsed.rejected[0]?.reason.replace(/^line \d+: /, '') ?? 'not a valid set');
  return { ...set, name: omm.OBJECT_NAME, lineNumber: at };
}

function rejectedOf(
  record: Record<string, unknown> | undefined,
  at: number,
  where: string,
  e: unknown,
): RejectedElementSet {
  if (!(e instanceof OmmRangeError)) throw e;
  return {
    line: at,
    name: record ? textOf(record.OBJECT_NAME).trim().slice(0, 100) : '',
    reason: `${where} ${at}: ${e.message}`,
  };
}

/** FORMAT=json: an array of OMM records. Anything else as a whole is an OmmFormatError. */
export function parseOmmJson(text: string): TleParseResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new OmmFormatError(`not JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(doc)) throw new OmmFormatError('not a JSON array of OMM records');
  const elementSets: ElementSet[] = [];
  const rejected: RejectedElementSet[] = [];
  doc.forEach((record, i) => {
    const at = i + 1;
    if (!record || typeof record !== 'object' || Array.isArray(record)) {
      rejected.push({ line: at, name: '', reason: `record ${at}: not an object` });
      return;
    }
    try {
      elementSets.push(elementSetOf(record as Record<string, unknown>, at));
    } catch (e) {
      rejected.push(rejectedOf(record as Record<string, unknown>, at, 'record', e));
    }
  });
  return { elementSets, rejected };
}

/** RFC 4180 rows: quoted fields with "" for a quote, CRLF or LF ends a row; blank rows dropped. */
export function csvRows(text: string): { row: string[]; line: number }[] {
  const rows: { row: string[]; line: number }[] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0]!.trim()) rows.push({ row, line: rowLine });
    row = [];
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === '"' && !field) quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else field += ch;
  }
  if (quoted) throw new OmmFormatError(`line ${rowLine}: a quoted field is not closed`);
  if (field || row.length) endRow();
  return rows;
}

/** FORMAT=csv: a header row of OMM keywords, then a record per row. */
export function parseOmmCsv(text: string): TleParseResult {
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  const header = rows[0];
  if (!header) throw new OmmFormatError('no header row');
  const names = header.row.map((n) => n.trim().toUpperCase());
  const missing = requiredKeys.filter((k) => !names.includes(k));
  if (missing.length) throw new OmmFormatError(`the header has no ${missing.join(', ')}`);
  const elementSets: ElementSet[] = [];
  const rejected: RejectedElementSet[] = [];
  for (const { row, line } of rows.slice(1)) {
    if (row.length !== names.length) {
      rejected.push({
        line,
        name: '',
        reason: `line ${line}: ${row.length} fields; the header has ${names.length}`,
      });
      continue;
    }
    const record = Object.fromEntries(names.map((n, i) => [n, row[i]!.trim()]));
    try {
      elementSets.push(elementSetOf(record, line));
    } catch (e) {
      rejected.push(rejectedOf(record, line, 'line', e));
    }
  }
  return { elementSets, rejected };
}
