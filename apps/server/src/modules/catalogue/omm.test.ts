import { json2satrec, type OMMJsonObject, sgp4, twoline2satrec } from 'satellite.js';
import { describe, expect, it } from 'vitest';
import { OmmFormatError, parseOmmCsv, parseOmmJson } from './omm';
import { epochField, exponentField, ommToTleLines } from './omm-tle';
import { parseCatalogueNumber, parseTle } from './tle';

// A real set (CelesTrak, data/tle/celestrak-active-2026-06-26-excerpt.tle) and the same set as
// CelesTrak's OMM JSON gives it (FORMAT=json): the conversion must give back the very lines.
const superview = [
  'SUPERVIEW-1 03',
  '1 43099U 18002A   26177.98116353  .00019800  00000+0  48485-3 0  9994',
  '2 43099  97.3139 262.8046 0047505 144.8650 215.5745 15.39597626469872',
];
const superviewOmm = {
  OBJECT_NAME: 'SUPERVIEW-1 03',
  OBJECT_ID: '2018-002A',
  EPOCH: '2026-06-26T23:32:52.528992',
  MEAN_MOTION: 15.39597626,
  ECCENTRICITY: 0.0047505,
  INCLINATION: 97.3139,
  RA_OF_ASC_NODE: 262.8046,
  ARG_OF_PERICENTER: 144.865,
  MEAN_ANOMALY: 215.5745,
  EPHEMERIS_TYPE: 0,
  CLASSIFICATION_TYPE: 'U',
  NORAD_CAT_ID: 43099,
  ELEMENT_SET_NO: 999,
  REV_AT_EPOCH: 46987,
  BSTAR: 0.00048485,
  MEAN_MOTION_DOT: 0.000198,
  MEAN_MOTION_DDOT: 0,
};
const csvHeader =
  'OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT';
const csvRow = (o: Record<string, unknown>) =>
  csvHeader
    .split(',')
    .map((k) => {
      const v = String(o[k]);
      return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
    })
    .join(',');

describe('OMM as TLE lines', () => {
  it("writes CelesTrak's OMM of a set as that set's own two lines", () => {
    const { line1, line2 } = ommToTleLines({ ...superviewOmm });
    expect(line1).toBe(superview[1]);
    expect(line2).toBe(superview[2]);
  });

  it('propagates as satellite.js reads the OMM itself (json2satrec) to within metres a day later', () => {
    const { line1, line2 } = ommToTleLines({ ...superviewOmm });
    const fromTle = twoline2satrec(line1, line2);
    const fromOmm = json2satrec(superviewOmm as unknown as OMMJsonObject);
    for (const minutes of [0, 720, 1440]) {
      const a = sgp4(fromTle, minutes);
      const b = sgp4(fromOmm, minutes);
      if (!a || !b) throw new Error('SGP4 failed');
      const d = Math.hypot(
        a.position.x - b.position.x,
        a.position.y - b.position.y,
        a.position.z - b.position.z,
      );
      expect(d, `at ${minutes} min`).toBeLessThan(0.01); // km
    }
  });

  it('writes the epoch from the text to the 8th decimal of the day, UTC with or without a zone', () => {
    expect(epochField('2026-06-26T23:32:52.528992')).toBe('26177.98116353');
    expect(epochField('2026-06-26T23:32:52.528992Z')).toBe('26177.98116353');
    expect(epochField('2024-12-31T12:00:00')).toBe('24366.50000000'); // a leap year's last day
    expect(epochField('1999-01-01T00:00:00')).toBe('99001.00000000');
    expect(() => epochField('2026-02-30T00:00:00')).toThrow(/not a valid time/);
    expect(() => epochField('2026-06-26T23:32:52+08:00')).toThrow(/UTC/);
    expect(() => epochField('yesterday')).toThrow(/ISO 8601/);
    expect(() => epochField('2080-01-01T00:00:00')).toThrow(/1957–2056/);
  });

  it("writes the TLE's assumed-decimal exponents, rounding into the next power", () => {
    expect(exponentField(0.00048485, 'BSTAR')).toBe(' 48485-3');
    expect(exponentField(-1.2345e-5, 'BSTAR')).toBe('-12345-4');
    expect(exponentField(0, 'BSTAR')).toBe(' 00000+0');
    expect(exponentField(9.999995e-4, 'BSTAR')).toBe(' 10000-2');
    expect(exponentField(1e-12, 'BSTAR')).toBe(' 00000+0');
    expect(() => exponentField(2e10, 'BSTAR')).toThrow(/does not fit/);
  });

  it('writes catalogue numbers above 99999 in Alpha-5', () => {
    const { line1, line2 } = ommToTleLines({ ...superviewOmm, NORAD_CAT_ID: 270_001 });
    expect(line1.slice(2, 7)).toBe('T0001');
    expect(parseCatalogueNumber(line2.slice(2, 7))).toBe(270_001);
  });
});

describe('OMM JSON', () => {
  it('reads each record as the ElementSet its TLE gives, named by OBJECT_NAME', () => {
    const { elementSets, rejected } = parseOmmJson(JSON.stringify([superviewOmm]));
    const tle = parseTle(superview.join('\n')).elementSets[0]!;
    expect(rejected).toEqual([]);
    expect(elementSets).toEqual([{ ...tle, lineNumber: 1 }]);
    expect(elementSets[0]!.epoch.toISOString()).toBe('2026-06-26T23:32:52.529Z');
  });

  it("reads numbers given as text (Space-Track's JSON)", () => {
    const asText = Object.fromEntries(Object.entries(superviewOmm).map(([k, v]) => [k, String(v)]));
    const { elementSets } = parseOmmJson(JSON.stringify([asText]));
    expect(elementSets[0]!.line2).toBe(superview[2]);
  });

  it('refuses records out of range or incomplete, naming the record, and keeps the others', () => {
    const bad = [
      { ...superviewOmm, ECCENTRICITY: 1.2 },
      { ...superviewOmm, INCLINATION: 200 },
      { ...superviewOmm, MEAN_MOTION: -1 },
      { ...superviewOmm, MEAN_MOTION: undefined },
      { ...superviewOmm, EPOCH: 'soon' },
      { ...superviewOmm, NORAD_CAT_ID: 400_000 },
      { ...superviewOmm, BSTAR: 'NaN' },
      { ...superviewOmm, MEAN_ANOMALY: 361 },
      'not a record',
      superviewOmm,
    ];
    const { elementSets, rejected } = parseOmmJson(JSON.stringify(bad));
    expect(elementSets.map((e) => e.lineNumber)).toEqual([10]);
    expect(rejected.map((r) => r.reason)).toEqual([
      'record 1: ECCENTRICITY 1.2 is not in [0, 1)',
      'record 2: INCLINATION 200 is not 0–180°',
      'record 3: MEAN_MOTION -1 is not above 0 and below 20 revolutions a day',
      'record 4: MEAN_MOTION is missing',
      'record 5: EPOCH "soon" is not an ISO 8601 UTC time',
      'record 6: NORAD_CAT_ID 400000 is not a catalogue number 1–339999',
      'record 7: BSTAR "NaN" is not a number',
      'record 8: MEAN_ANOMALY 361 is not 0–360°',
      'record 9: not an object',
    ]);
    expect(rejected[0]!.name).toBe('SUPERVIEW-1 03');
  });

  it('refuses a document that is not a JSON array as a whole', () => {
    expect(() => parseOmmJson(JSON.stringify([superviewOmm]).slice(0, 50))).toThrow(OmmFormatError);
    expect(() => parseOmmJson('{"error":"not found"}')).toThrow(/not a JSON array/);
    expect(() => parseOmmJson('No GP data found')).toThrow(/not JSON/);
  });
});

describe('OMM CSV', () => {
  it('reads rows by the header, quoted fields and CRLF included', () => {
    const named = { ...superviewOmm, OBJECT_NAME: 'SUPERVIEW-1 03, "SV-1"' };
    const { elementSets, rejected } = parseOmmCsv(`\uFEFF${csvHeader}\r\n${csvRow(named)}\r\n\r\n`);
    expect(rejected).toEqual([]);
    expect(elementSets.map((e) => [e.name, e.line1, e.line2, e.lineNumber])).toEqual([
      ['SUPERVIEW-1 03, "SV-1"', superview[1], superview[2], 2],
    ]);
  });

  it('refuses rows with the wrong number of fields or values out of range, naming the line', () => {
    const text = [
      csvHeader,
      csvRow(superviewOmm),
      '1,2,3',
      csvRow({ ...superviewOmm, ECCENTRICITY: 'x' }),
    ].join('\n');
    const { elementSets, rejected } = parseOmmCsv(text);
    expect(elementSets).toHaveLength(1);
    expect(rejected.map((r) => r.reason)).toEqual([
      'line 3: 3 fields; the header has 17',
      'line 4: ECCENTRICITY "x" is not a number',
    ]);
  });

  it('refuses a document without the keywords SGP4 needs, or with an open quote', () => {
    expect(() => parseOmmCsv('name,line1,line2\nA,B,C')).toThrow(/the header has no EPOCH, MEAN_MOTION/);
    expect(() => parseOmmCsv('')).toThrow(/no header row/);
    expect(() => parseOmmCsv(`${csvHeader}\n"SUPERVIEW,`)).toThrow(/not closed/);
  });
});
