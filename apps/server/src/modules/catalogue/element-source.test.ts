import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSource, formatOf, implausibility, parseElements } from './element-source';
import { OmmFormatError } from './omm';
import { parseTle, withChecksum } from './tle';

const superview = parseTle(
  [
    'SUPERVIEW-1 03',
    '1 43099U 18002A   26177.98116353  .00019800  00000+0  48485-3 0  9994',
    '2 43099  97.3139 262.8046 0047505 144.8650 215.5745 15.39597626469872',
  ].join('\n'),
).elementSets[0]!;

describe('the format of an answer', () => {
  const url = 'http://127.0.0.1/NORAD/elements/gp.php?GROUP=resource&FORMAT=tle';
  it('is the media type when it names JSON or CSV, else what the text starts with', () => {
    expect(formatOf('whatever', 'application/json; charset=utf-8', url)).toBe('json');
    expect(formatOf('whatever', 'text/csv', url)).toBe('csv');
    expect(formatOf('  [{"OBJECT_NAME":"X"}]', 'text/plain', url)).toBe('json');
    expect(formatOf('OBJECT_NAME,OBJECT_ID,EPOCH,NORAD_CAT_ID\r\n', 'text/plain', url)).toBe('csv');
    expect(formatOf('SUPERVIEW-1 03\n1 43099U …', 'text/plain', url)).toBe('tle');
    expect(formatOf('<?xml version="1.0"?><ndm/>', '', url)).toBe('xml');
  });

  it("falls back on the address's FORMAT when the text says nothing (and then fails to read as it)", () => {
    expect(formatOf('No GP data found', 'text/plain', url.replace('tle', 'json'))).toBe('json');
    expect(() => parseElements('No GP data found', 'json')).toThrow(OmmFormatError);
    expect(formatOf('No GP data found', 'text/plain', url)).toBe('tle');
    expect(parseElements('No GP data found', 'tle').elementSets).toEqual([]);
    expect(() => parseElements('<ndm/>', 'xml')).toThrow(/XML is not read/);
  });
});

describe('a set that looks wrong', () => {
  const now = new Date('2026-06-28T00:00:00Z');
  it('passes a current set of a satellite near its catalogue altitude', () => {
    expect(implausibility(superview, now, 530)).toBeUndefined();
  });

  it('is refused with an epoch in the future', () => {
    expect(implausibility(superview, new Date('2026-06-25T00:00:00Z'), 530)).toMatch(/in the future/);
  });

  it("is refused with a mean altitude far from the satellite's (another object's orbit)", () => {
    expect(implausibility(superview, now, 35_786)).toMatch(
      /mean altitude 447 km is far from the satellite's 35786 km/,
    );
  });

  it('is refused when SGP4 cannot start from it', () => {
    // Eccentricity 0.9 at this mean motion puts the perigee 5,700 km below the ground, and the
    // satellite at its perigee at the epoch.
    const line2 = withChecksum(
      `${superview.line2.slice(0, 26)}9000000${superview.line2.slice(33, 43)}  0.0000${superview.line2.slice(51)}`,
    );
    const broken = { ...superview, line2 };
    expect(implausibility(broken, now, null)).toMatch(/SGP4/);
  });
});

describe('fetching a source', () => {
  let server: Server;
  let base: string;
  const limits = { timeoutMs: 500, maxBytes: 1000, userAgent: 'test' };
  let lastUserAgent = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      lastUserAgent = req.headers['user-agent'] ?? '';
      if (req.url === '/ok') res.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      else if (req.url === '/error') res.writeHead(500).end('internal error');
      else if (req.url === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('1 ');
        // never ends: the deadline covers the body's read too
      } else if (req.url === '/large') res.writeHead(200).end('x'.repeat(5000));
      else if (req.url === '/large-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 50; i++) res.write('y'.repeat(100));
        res.end();
      } else res.writeHead(302, { location: '/ok' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('answers the text, its status and media type, following a redirect', async () => {
    expect(await fetchSource(`${base}/moved`, limits)).toEqual({
      ok: true,
      status: 200,
      contentType: 'text/plain',
      text: 'hello',
    });
    expect(lastUserAgent).toBe('test');
  });

  it('says what went wrong instead of throwing: HTTP status, deadline, size cap, connection', async () => {
    expect(await fetchSource(`${base}/error`, limits)).toEqual({
      ok: false,
      status: 500,
      problem: 'http',
      error: 'HTTP 500',
    });
    expect(await fetchSource(`${base}/slow`, limits)).toMatchObject({ ok: false, problem: 'timeout' });
    expect(await fetchSource(`${base}/large`, limits)).toMatchObject({ ok: false, problem: 'tooLarge' });
    expect(await fetchSource(`${base}/large-chunked`, limits)).toMatchObject({
      ok: false,
      problem: 'tooLarge',
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await fetchSource(`http://127.0.0.1:${port}/`, limits)).toMatchObject({
      ok: false,
      problem: 'network',
    });
  });
});
