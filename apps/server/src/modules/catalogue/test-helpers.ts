import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { epochField } from './omm-tle';
import { withChecksum } from './tle';

/**
 * A local stand-in for CelesTrak's GP API (tests only: the tests never reach the internet). It
 * serves `gp.php?GROUP=…&FORMAT=json|csv|tle` on 127.0.0.1 at a random port, with whatever the
 * test puts in `answers` for each FORMAT: a body with its media type, or an HTTP status.
 */

/** A real element set as the fixture serves it: its TLE lines and name, at an epoch of the test's choosing. */
export interface FixtureSet {
  name: string;
  line1: string;
  line2: string;
}

const omm = (epoch: Date) => epoch.toISOString().replace(/Z$/, '');

/** The set's lines with another epoch (and the checksum made right again). */
export function withEpoch(set: FixtureSet, epoch: Date): FixtureSet {
  return {
    ...set,
    line1: withChecksum(`${set.line1.slice(0, 18)}${epochField(omm(epoch))}${set.line1.slice(32)}`),
  };
}

function exponent(field: string): number {
  const f = field.trim();
  if (!f) return 0;
  const m = /^([+-]?)(\d{5})([+-]\d)$/.exec(f);
  if (!m) throw new Error(`not an exponent field: ${field}`);
  return Number(`${m[1]}0.${m[2]}e${m[3]}`);
}

/** The set as CelesTrak's OMM record (FORMAT=json, and the columns of FORMAT=csv). */
export function ommRecord(set: FixtureSet, epoch: Date): Record<string, string | number> {
  const l1 = set.line1;
  const l2 = set.line2;
  const yy = Number(l1.slice(9, 11));
  return {
    OBJECT_NAME: set.name,
    OBJECT_ID: `${yy < 57 ? 2000 + yy : 1900 + yy}-${l1.slice(11, 14)}${l1.slice(14, 17).trim()}`,
    EPOCH: omm(epoch),
    MEAN_MOTION: Number(l2.slice(52, 63)),
    ECCENTRICITY: Number(`0.${l2.slice(26, 33)}`),
    INCLINATION: Number(l2.slice(8, 16)),
    RA_OF_ASC_NODE: Number(l2.slice(17, 25)),
    ARG_OF_PERICENTER: Number(l2.slice(34, 42)),
    MEAN_ANOMALY: Number(l2.slice(43, 51)),
    EPHEMERIS_TYPE: 0,
    CLASSIFICATION_TYPE: 'U',
    NORAD_CAT_ID: Number(l1.slice(2, 7)),
    ELEMENT_SET_NO: Number(l1.slice(64, 68)),
    REV_AT_EPOCH: Number(l2.slice(63, 68)),
    BSTAR: exponent(l1.slice(53, 61)),
    MEAN_MOTION_DOT: Number(l1.slice(33, 43)),
    MEAN_MOTION_DDOT: exponent(l1.slice(44, 52)),
  };
}

export const ommCsvHeader = [
  'OBJECT_NAME',
  'OBJECT_ID',
  'EPOCH',
  'MEAN_MOTION',
  'ECCENTRICITY',
  'INCLINATION',
  'RA_OF_ASC_NODE',
  'ARG_OF_PERICENTER',
  'MEAN_ANOMALY',
  'EPHEMERIS_TYPE',
  'CLASSIFICATION_TYPE',
  'NORAD_CAT_ID',
  'ELEMENT_SET_NO',
  'REV_AT_EPOCH',
  'BSTAR',
  'MEAN_MOTION_DOT',
  'MEAN_MOTION_DDOT',
];

export function ommCsv(records: Record<string, string | number>[]): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [ommCsvHeader.join(','), ...records.map((r) => ommCsvHeader.map((k) => cell(r[k] ?? '')).join(','))]
    .map((row) => `${row}\r\n`)
    .join('');
}

export type FixtureAnswer = { status: number; type?: string; body?: string };

export interface ElementsFixture {
  /** The address of each format, CelesTrak's query style. */
  url(format: 'json' | 'csv' | 'tle'): string;
  /** What each format answers now (a missing one: 404). */
  answers: Partial<Record<'json' | 'csv' | 'tle', FixtureAnswer>>;
  /** Requests served, as "FORMAT". */
  served: string[];
  port: number;
  close(): Promise<void>;
}

export async function startElementsFixture(): Promise<ElementsFixture> {
  const fixture = { answers: {}, served: [] as string[] } as ElementsFixture;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const format = (url.searchParams.get('FORMAT') ?? '').toLowerCase() as 'json' | 'csv' | 'tle';
    fixture.served.push(format);
    const answer = url.pathname === '/NORAD/elements/gp.php' ? fixture.answers[format] : undefined;
    if (!answer) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(answer.status, answer.type ? { 'content-type': answer.type } : {}).end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fixture.port = port;
  fixture.url = (format) => `http://127.0.0.1:${port}/NORAD/elements/gp.php?GROUP=resource&FORMAT=${format}`;
  fixture.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fixture;
}
