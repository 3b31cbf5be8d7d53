import { withChecksum } from './tle';

/**
 * OMM mean elements written as a two-line element set. The orbits module, the stored elements
 * and every consumer of them speak TLE; CelesTrak's GP data in OMM is the same SGP4 mean-element
 * set (their OMM is made from, and for most objects at, TLE precision), so writing it in TLE
 * columns keeps one path for all three formats. A value the columns cannot hold is refused, never
 * clipped: satellite.js's json2satrec reads OMM with the same meaning of each field, which the
 * unit test checks by propagating both.
 */

/** The OMM fields SGP4 needs, as numbers and text (CelesTrak's names). */
export interface OmmElements {
  OBJECT_NAME: string;
  OBJECT_ID: string;
  EPOCH: string;
  MEAN_MOTION: number;
  ECCENTRICITY: number;
  INCLINATION: number;
  RA_OF_ASC_NODE: number;
  ARG_OF_PERICENTER: number;
  MEAN_ANOMALY: number;
  CLASSIFICATION_TYPE: string;
  NORAD_CAT_ID: number;
  ELEMENT_SET_NO: number;
  REV_AT_EPOCH: number;
  BSTAR: number;
  MEAN_MOTION_DOT: number;
  MEAN_MOTION_DDOT: number;
}

export class OmmRangeError extends Error {}

const alpha5Letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Columns 3–7: five digits, or Alpha-5 (a letter for 10–33 ten-thousands) above 99999. */
function catalogueField(noradId: number): string {
  if (!Number.isInteger(noradId) || noradId < 1 || noradId > 339_999)
    throw new OmmRangeError(`NORAD_CAT_ID ${noradId} is not a catalogue number 1–339999`);
  if (noradId <= 99_999) return String(noradId).padStart(5, '0');
  return `${alpha5Letters[Math.floor(noradId / 10_000) - 10]}${String(noradId % 10_000).padStart(4, '0')}`;
}

/** Columns 10–17 from "2018-002A"; blank when absent or not in that shape (SGP4 does not use it). */
function designatorField(objectId: string): string {
  const m = /^\d{2}(\d{2})-(\d{3})([A-Z]{1,3})$/.exec(objectId.trim());
  return m ? `${m[1]}${m[2]}${m[3]!.padEnd(3, ' ')}` : '        ';
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * Columns 19–32 (yyddd.dddddddd) from the OMM epoch, UTC. CelesTrak writes it without a zone
 * and with microseconds; the day fraction is taken from the text, not a Date, so no digit is lost
 * that the TLE field can hold.
 */
export function epochField(epoch: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]00:?00)?$/.exec(
    epoch.trim(),
  );
  if (!m) throw new OmmRangeError(`EPOCH "${epoch}" is not an ISO 8601 UTC time`);
  const [year, month, day, hours, minutes] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const seconds = Number(m[6]);
  const startOfDay = Date.UTC(year!, month! - 1, day!);
  const check = new Date(startOfDay);
  if (check.getUTCMonth() !== month! - 1 || hours! > 23 || minutes! > 59 || seconds >= 61)
    throw new OmmRangeError(`EPOCH "${epoch}" is not a valid time`);
  if (year! < 1957 || year! > 2056) throw new OmmRangeError(`EPOCH year ${year} is outside 1957–2056`);
  const dayOfYear =
    (startOfDay - Date.UTC(year!, 0, 1)) / 86_400_000 +
    1 +
    (hours! * 3600 + minutes! * 60 + seconds) / 86_400;
  let text = dayOfYear.toFixed(8);
  // Rounding the last microseconds of a year may not carry into a day the year does not have.
  if (Number(text) >= (isLeap(year!) ? 367 : 366))
    text = (isLeap(year!) ? 366.99999999 : 365.99999999).toFixed(8);
  return `${String(year! % 100).padStart(2, '0')}${text.padStart(12, '0')}`;
}

/** A decimal below 1 in magnitude as " .dddddddd" (column 34–43: the first derivative over 2). */
function firstDerivativeField(value: number): string {
  const digits = Math.round(Math.abs(value) * 1e8);
  if (!Number.isFinite(value) || digits >= 1e8)
    throw new OmmRangeError(`MEAN_MOTION_DOT ${value} does not fit ±.99999999`);
  return `${value < 0 && digits ? '-' : ' '}.${String(digits).padStart(8, '0')}`;
}

/**
 * The TLE's assumed-decimal exponent form (" 12345-5" = 0.12345e-5) of columns 45–52 and 54–61.
 * Values below what one exponent digit reaches are 0; above it, refused.
 */
export function exponentField(value: number, name: string): string {
  if (!Number.isFinite(value)) throw new OmmRangeError(`${name} ${value} is not a number`);
  const sign = value < 0 ? '-' : ' ';
  const magnitude = Math.abs(value);
  if (magnitude === 0) return ' 00000+0';
  let exponent = Math.floor(Math.log10(magnitude)) + 1;
  let mantissa = Math.round((magnitude / 10 ** exponent) * 1e5);
  if (mantissa >= 100_000) {
    mantissa = 10_000;
    exponent += 1;
  }
  if (exponent < -9) return ' 00000+0';
  if (exponent > 9) throw new OmmRangeError(`${name} ${value} does not fit the TLE's exponent field`);
  return `${sign}${String(mantissa).padStart(5, '0')}${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
}

function angleField(value: number, name: string, max: number): string {
  if (!Number.isFinite(value) || value < 0 || value > max)
    throw new OmmRangeError(`${name} ${value} is not 0–${max}°`);
  return value.toFixed(4).padStart(8, ' ');
}

/** The ranges in which SGP4's mean elements mean anything; anything else is refused, not stored. */
function checkRanges(o: OmmElements): void {
  if (!(Number.isFinite(o.MEAN_MOTION) && o.MEAN_MOTION > 0 && o.MEAN_MOTION < 20))
    throw new OmmRangeError(`MEAN_MOTION ${o.MEAN_MOTION} is not above 0 and below 20 revolutions a day`);
  if (!(Number.isFinite(o.ECCENTRICITY) && o.ECCENTRICITY >= 0 && o.ECCENTRICITY < 1))
    throw new OmmRangeError(`ECCENTRICITY ${o.ECCENTRICITY} is not in [0, 1)`);
  if (!(Math.abs(o.BSTAR) < 1)) throw new OmmRangeError(`BSTAR ${o.BSTAR} is not below 1 in magnitude`);
  if (!(Math.abs(o.MEAN_MOTION_DDOT) < 1))
    throw new OmmRangeError(`MEAN_MOTION_DDOT ${o.MEAN_MOTION_DDOT} is not below 1 in magnitude`);
}

/** The two element lines of an OMM set, checksums included; throws OmmRangeError for a value out of range. */
export function ommToTleLines(o: OmmElements): { line1: string; line2: string } {
  checkRanges(o);
  const catalogue = catalogueField(o.NORAD_CAT_ID);
  const classification = /^[UCS]$/.test(o.CLASSIFICATION_TYPE) ? o.CLASSIFICATION_TYPE : 'U';
  const setNumber =
    Number.isInteger(o.ELEMENT_SET_NO) && o.ELEMENT_SET_NO >= 0 ? o.ELEMENT_SET_NO % 10_000 : 999;
  const revolution = Number.isInteger(o.REV_AT_EPOCH) && o.REV_AT_EPOCH >= 0 ? o.REV_AT_EPOCH % 100_000 : 0;
  const eccentricity = Math.round(o.ECCENTRICITY * 1e7);
  if (eccentricity >= 1e7) throw new OmmRangeError(`ECCENTRICITY ${o.ECCENTRICITY} rounds to 1`);
  const line1 = [
    `1 ${catalogue}${classification} ${designatorField(o.OBJECT_ID)} ${epochField(o.EPOCH)} `,
    `${firstDerivativeField(o.MEAN_MOTION_DOT)} ${exponentField(o.MEAN_MOTION_DDOT, 'MEAN_MOTION_DDOT')} `,
    `${exponentField(o.BSTAR, 'BSTAR')} 0 ${String(setNumber).padStart(4, ' ')}0`,
  ].join('');
  const line2 = [
    `2 ${catalogue} ${angleField(o.INCLINATION, 'INCLINATION', 180)} `,
    `${angleField(o.RA_OF_ASC_NODE, 'RA_OF_ASC_NODE', 360)} ${String(eccentricity).padStart(7, '0')} `,
    `${angleField(o.ARG_OF_PERICENTER, 'ARG_OF_PERICENTER', 360)} `,
    `${angleField(o.MEAN_ANOMALY, 'MEAN_ANOMALY', 360)} `,
    `${o.MEAN_MOTION.toFixed(8).padStart(11, ' ')}${String(revolution).padStart(5, ' ')}0`,
  ].join('');
  return { line1: withChecksum(line1), line2: withChecksum(line2) };
}
