import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCatalogueNumber, parseEpoch, parseTle, tleChecksum, withChecksum } from './tle';

// Real element sets (CelesTrak, data/tle/celestrak-resource-2026-05-30.tle).
const kompsat5 = [
  'ARIRANG-5 (KOMPSAT-5)   ',
  '1 39227U 13042A   26150.60789678  .00002275  00000+0  16669-3 0  9994',
  '2 39227  97.6185 337.5554 0003461 174.5302 185.5963 15.04529459701211',
];
const gaofen5 = [
  'GAOFEN-5 01             ',
  '1 43461U 18043A   26150.45583162  .00000426  00000+0  97802-4 0  9993',
  '2 43461  98.4560 121.6710 0002789 115.4380 244.7108 14.60591520429103',
];
const tleDir = resolve(import.meta.dirname, '../../../../../data/tle');

describe('checksum', () => {
  it('sums digits, counts a minus sign as 1, modulo 10', () => {
    expect(tleChecksum(kompsat5[1]!)).toBe(4);
    expect(tleChecksum(kompsat5[2]!)).toBe(1);
    // the leading 1 plus three minus signs
    expect(tleChecksum(`1 00000U 00000A   00000.00000000 -.00000000  00000-0  00000-0 0  000`)).toBe(4);
  });

  it('rejects a set whose line fails its checksum, naming the line, and keeps the others', () => {
    const corrupted = kompsat5[2]!.replace('97.6185', '97.6186');
    const { elementSets, rejected } = parseTle([kompsat5[0], kompsat5[1], corrupted, ...gaofen5].join('\n'));
    expect(elementSets.map((e) => e.noradId)).toEqual([43461]);
    expect(rejected).toEqual([
      {
        line: 3,
        name: 'ARIRANG-5 (KOMPSAT-5)',
        reason: 'line 3: checksum "1" does not match the computed 2',
      },
    ]);
  });
});

describe('formats', () => {
  it('reads three-line sets with their titles (trailing blanks trimmed)', () => {
    const { elementSets, rejected } = parseTle([...kompsat5, ...gaofen5].join('\r\n'));
    expect(rejected).toEqual([]);
    expect(elementSets).toMatchObject([
      {
        noradId: 39227,
        name: 'ARIRANG-5 (KOMPSAT-5)',
        lineNumber: 2,
        line1: kompsat5[1],
        line2: kompsat5[2],
      },
      { noradId: 43461, name: 'GAOFEN-5 01', lineNumber: 5 },
    ]);
  });

  it('reads bare two-line sets, also mixed with three-line ones, and Space-Track "0 " titles', () => {
    const text = [kompsat5[1], kompsat5[2], '', `0 ${gaofen5[0]}`, gaofen5[1], gaofen5[2], ''].join('\n');
    const { elementSets, rejected } = parseTle(text);
    expect(rejected).toEqual([]);
    expect(elementSets.map((e) => [e.noradId, e.name])).toEqual([
      [39227, ''],
      [43461, 'GAOFEN-5 01'],
    ]);
  });

  it('reports broken structure with line numbers', () => {
    const text = [
      'LONELY TITLE', // 1: no elements follow (another title does)
      ...kompsat5, // 2–4: fine
      gaofen5[1], // 5: line 1 without its line 2
      'NEXT', // 6
      gaofen5[2], // 7: line 2 without line 1
      'SHORT', // 8
      kompsat5[1]!.slice(0, 60), // 9: truncated
      kompsat5[2], // 10
      'MISMATCH', // 11
      kompsat5[1], // 12
      gaofen5[2], // 13: another satellite's line 2
      'TRAILING TITLE', // 14
    ].join('\n');
    const { elementSets, rejected } = parseTle(text);
    expect(elementSets).toHaveLength(1);
    expect(rejected.map((r) => [r.line, r.reason])).toEqual([
      [1, 'line 1: title "LONELY TITLE" is not followed by element lines'],
      [5, 'line 5: line 1 is not followed by a line 2'],
      [7, 'line 7: line 2 without a line 1 before it'],
      [9, 'line 9: 60 characters; a line 1 of a TLE has 69'],
      [13, `line 13: catalogue number "43461" differs from line 1's 39227`],
      [14, 'line 14: title "TRAILING TITLE" is not followed by element lines'],
    ]);
  });

  it('rejects elements SGP4 could not use', () => {
    const badMeanMotion = withChecksum(`${kompsat5[2]!.slice(0, 52)} 0.00000000${kompsat5[2]!.slice(63)}`);
    const { rejected } = parseTle([kompsat5[1], badMeanMotion].join('\n'));
    expect(rejected[0]?.reason).toBe('line 2: mean motion "0.00000000" is not a positive number');
  });
});

describe('epoch', () => {
  it('converts year and fractional day of year to UTC', () => {
    // 2026 day 150 is 30 May; .60789678 d = 14:35:22.282 (to the millisecond)
    expect(parseEpoch(kompsat5[1]!)?.toISOString()).toBe('2026-05-30T14:35:22.282Z');
    expect(
      parseEpoch(
        withChecksum('1 25544U 98067A   24001.00000000  .00000000  00000-0  00000-0 0  999'),
      )?.toISOString(),
    ).toBe('2024-01-01T00:00:00.000Z');
    // leap year: day 366 of 2024 is 31 December
    expect(
      parseEpoch(
        withChecksum('1 25544U 98067A   24366.50000000  .00000000  00000-0  00000-0 0  999'),
      )?.toISOString(),
    ).toBe('2024-12-31T12:00:00.000Z');
  });

  it('reads two-digit years 57–99 as 19xx and 00–56 as 20xx', () => {
    const at = (yy: string) =>
      parseEpoch(withChecksum(`1 00005U 58002B   ${yy}032.25000000  .00000000  00000-0  00000-0 0  999`));
    expect(at('57')?.toISOString()).toBe('1957-02-01T06:00:00.000Z');
    expect(at('99')?.toISOString()).toBe('1999-02-01T06:00:00.000Z');
    expect(at('00')?.toISOString()).toBe('2000-02-01T06:00:00.000Z');
    expect(at('56')?.toISOString()).toBe('2056-02-01T06:00:00.000Z');
  });

  it('refuses a day of year outside the year', () => {
    expect(
      parseEpoch(withChecksum('1 25544U 98067A   25366.00000000  .00000000  00000-0  00000-0 0  999')),
    ).toBe(undefined);
    expect(
      parseEpoch(withChecksum('1 25544U 98067A   25000.50000000  .00000000  00000-0  00000-0 0  999')),
    ).toBe(undefined);
  });
});

describe('catalogue numbers', () => {
  it('reads five digits and the Alpha-5 scheme above 99999', () => {
    expect(parseCatalogueNumber('39227')).toBe(39227);
    expect(parseCatalogueNumber('A0000')).toBe(100000);
    expect(parseCatalogueNumber('J2931')).toBe(182931);
    expect(parseCatalogueNumber('Z9999')).toBe(339999);
    expect(parseCatalogueNumber('I0000')).toBe(undefined);
  });
});

describe('the bundled files', () => {
  it('parse without a single rejected entry', () => {
    const files = readdirSync(tleDir).filter((f) => f.endsWith('.tle'));
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const file of files) {
      const { elementSets, rejected } = parseTle(readFileSync(join(tleDir, file), 'utf8'));
      expect(rejected, file).toEqual([]);
      expect(elementSets.length, file).toBeGreaterThan(0);
      for (const e of elementSets) expect(e.name, file).not.toBe('');
    }
  });
});
