import { setTimeout as sleep } from 'node:timers/promises';
import type { OrbitalElementsStatus, SatelliteElementsAge } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startElementsRefresh } from '../../jobs/orbital-elements.jobs';
import { JobQueue } from '../../jobs/queue';
import { runCliWith } from '../../test/cli';
import { type Harness, startHarness } from '../../test/harness';
import { defaultConstellation } from './constellation';
import {
  type ElementsFixture,
  type FixtureSet,
  ommCsv,
  ommRecord,
  startElementsFixture,
  withEpoch,
} from './test-helpers';
import { withChecksum } from './tle';

/**
 * The elements job against a local fixture server in CelesTrak's GP formats (never the internet):
 * a fresh set in OMM JSON, OMM CSV and TLE, then a malformed set, then HTTP 500s — and after
 * each, the epochs and ages the API and the operator CLI show. A failed fetch stores nothing, so
 * the fresh elements stay in use (and the predictor uses them).
 */

// Real sets of three satellites of the catalogue (data/tle), served at epochs near now.
const superview: FixtureSet = {
  name: 'SUPERVIEW-1 03',
  line1: '1 43099U 18002A   26177.98116353  .00019800  00000+0  48485-3 0  9994',
  line2: '2 43099  97.3139 262.8046 0047505 144.8650 215.5745 15.39597626469872',
};
const kompsat5: FixtureSet = {
  name: 'ARIRANG-5 (KOMPSAT-5)',
  line1: '1 39227U 13042A   26150.60789678  .00002275  00000+0  16669-3 0  9994',
  line2: '2 39227  97.6185 337.5554 0003461 174.5302 185.5963 15.04529459701211',
};
const gaofen5: FixtureSet = {
  name: 'GAOFEN-5 01',
  line1: '1 43461U 18043A   26150.45583162  .00000426  00000+0  97802-4 0  9993',
  line2: '2 43461  98.4560 121.6710 0002789 115.4380 244.7108 14.60591520429103',
};
// An object outside the catalogue (the ISS) in every answer: never stored.
const iss: FixtureSet = {
  name: 'ISS (ZARYA)',
  line1: withChecksum('1 25544U 98067A   26150.50000000  .00016717  00000+0  30270-3 0  9990'),
  line2: withChecksum('2 25544  51.6416 247.4627 0006703 130.5360 325.0288 15.50377579 12340'),
};
const dayMs = 86_400_000;

let h: Harness;
let offline: Harness;
let fixture: ElementsFixture;
let env: Record<string, string>;
const started = new Date();
const ago = (days: number) => new Date(started.getTime() - days * dayMs);
// JSON gives SuperView-1 03 1.5 days old, CSV KOMPSAT-5 2 days old, TLE Gaofen-5 01 half a day old.
const fresh = { json: ago(1.5), csv: ago(2), tle: ago(0.5) };
// A later fetch's newer set of SuperView-1 03.
const newer = ago(0.2);

function serveFresh() {
  fixture.answers = {
    json: {
      status: 200,
      type: 'application/json',
      body: JSON.stringify([ommRecord(superview, fresh.json), ommRecord(iss, ago(1))]),
    },
    // CelesTrak serves CSV as text/plain: told apart by its header.
    csv: { status: 200, type: 'text/plain', body: ommCsv([ommRecord(kompsat5, fresh.csv)]) },
    tle: {
      status: 200,
      type: 'text/plain',
      body: [withEpoch(gaofen5, fresh.tle), withEpoch(iss, ago(1))]
        .flatMap((s) => [s.name, s.line1, s.line2])
        .join('\r\n'),
    },
  };
}

beforeAll(async () => {
  fixture = await startElementsFixture();
  const urls = [fixture.url('json'), fixture.url('csv'), fixture.url('tle')].join(',');
  h = await startHarness({ env: { ORBITAL_ELEMENTS_URL: urls, ORBITAL_ELEMENTS_TIMEOUT_SECONDS: '5' } });
  offline = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  env = { DATABASE_URL: h.url, ORBITAL_ELEMENTS_URL: urls, ORBITAL_ELEMENTS_TIMEOUT_SECONDS: '5' };
});

// The shared test database keeps no trace of this file: later files predict from their own elements.
afterAll(async () => {
  await h.pool.query('DELETE FROM orbital_elements WHERE source_file LIKE $1', [
    `http://127.0.0.1:${fixture.port}/%`,
  ]);
  await h.pool.query('DELETE FROM orbital_element_fetches');
  await fixture.close();
});

async function status(harness = h): Promise<OrbitalElementsStatus> {
  const { token } = await harness.signedIn();
  const r = await harness.call('GET', '/satellites/elements', { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const byNorad = (s: OrbitalElementsStatus, noradId: number): SatelliteElementsAge => {
  const found = s.satellites.find((x) => x.noradId === noradId);
  if (!found) throw new Error(`no satellite ${noradId}`);
  return found;
};

/** The CLI's `tle status` row of a satellite: its epoch and age columns. */
function statusRow(lines: string[], name: string): { epoch: string; age: number; from: string } {
  const row = lines.find((l) => l.startsWith(name.padEnd(25)));
  if (!row) throw new Error(`no row for ${name} in:\n${lines.join('\n')}`);
  const [, epoch, age, from] = /^.{25} +\d+ +(\S+) +([\d.]+) +(.*)$/.exec(row) ?? [];
  return { epoch: epoch!, age: Number(age), from: from! };
}

const days = (d: Date) => (Date.now() - d.getTime()) / dayMs;

/** The three satellites' ages as the API and `tle status` show them, checked against the epochs served. */
async function expectAges(epochs: { json: Date; csv: Date; tle: Date }) {
  const s = await status();
  const cli = await runCliWith(env, ['tle', 'status']);
  for (const [set, epoch, name] of [
    [superview, epochs.json, 'SuperView-1 03'],
    [kompsat5, epochs.csv, 'KOMPSAT-5'],
    [gaofen5, epochs.tle, 'Gaofen-5 01'],
  ] as const) {
    const sat = byNorad(s, Number(set.line1.slice(2, 7)));
    // TLE epochs hold the 8th decimal of a day: within a millisecond of what was served.
    expect(Math.abs(new Date(sat.epoch!).getTime() - epoch.getTime())).toBeLessThanOrEqual(1);
    expect(sat.ageDays).toBeCloseTo(days(epoch), 1);
    expect(sat.origin).toBe('source');
    expect(sat.satName).toBe(name);
    const row = statusRow(cli.lines, name);
    expect(row.epoch).toBe(new Date(sat.epoch!).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(row.age).toBeCloseTo(days(epoch), 1);
    expect(row.from).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${fixture.port}/NORAD/elements/gp\\.php\\?GROUP=resource&FORMAT=`),
    );
  }
  return { s, cli };
}

describe('orbital elements from a configured source', () => {
  it('says when no source is configured (the offline demo): nothing fetched, the loaded ages shown', async () => {
    const s = await status(offline);
    expect(s.sourceConfigured).toBe(false);
    expect(s.refreshHours).toBeNull();
    expect(s.lastFetch).toBeNull();
    const cli = await runCliWith({ DATABASE_URL: h.url, ORBITAL_ELEMENTS_URL: '' }, ['tle', 'status']);
    expect(cli.lines[0]).toBe(
      'source: none configured (ORBITAL_ELEMENTS_URL); the elements are those loaded from files',
    );
    await expect(
      runCliWith({ DATABASE_URL: h.url, ORBITAL_ELEMENTS_URL: '' }, ['tle', 'fetch']),
    ).rejects.toThrow(/no source is configured/);
  });

  it('(1) a fresh set in OMM JSON, OMM CSV and TLE: stored for our satellites, ages shown', async () => {
    serveFresh();
    const fetch = await runCliWith(env, ['tle', 'fetch']);
    expect(fetch.code, fetch.text).toBe(0);
    expect(fetch.lines[0]).toMatch(/^fetch: ok \(operator\), .*; 3 new sets for 3 satellites$/);
    expect(fetch.lines.slice(1)).toEqual([
      `  ${fixture.url('json')} [json, HTTP 200] 2 sets read, 0 refused, 1 of the catalogue's satellites`,
      `  ${fixture.url('csv')} [csv, HTTP 200] 1 sets read, 0 refused, 1 of the catalogue's satellites`,
      `  ${fixture.url('tle')} [tle, HTTP 200] 2 sets read, 0 refused, 1 of the catalogue's satellites`,
    ]);
    const { s, cli } = await expectAges(fresh);
    expect(s.sourceConfigured).toBe(true);
    expect(s.refreshHours).toBe(6);
    expect(s.lastFetch).toMatchObject({ outcome: 'ok', problem: null, stored: 3, satellites: 3 });
    expect(s.lastRefreshedAt).toBe(s.lastFetch!.finishedAt);
    expect(cli.code).toBe(0);
    expect(cli.lines).toContainEqual(expect.stringMatching(/^last fetch: ok \(operator\)/));
    // Only satellites of the catalogue are stored.
    const { rows } = await h.pool.query('SELECT 1 FROM orbital_elements WHERE norad_id = 25544');
    expect(rows).toEqual([]);
  });

  it('predictions use the fetched elements: no staleness warning, each pass names their epoch', async () => {
    const sat = byNorad(await status(), 43099);
    const satellites = await h.services.archiveGeneration.satellites();
    const satId = satellites.find((x) => x.noradId === 43099)!.id;
    expect(sat.satId).toBe(satId);
    const prediction = await h.services.tasking.predictWindow({
      aois: [
        {
          type: 'Polygon',
          coordinates: [
            [
              [116, 39.5],
              [117, 39.5],
              [117, 40.5],
              [116, 40.5],
              [116, 39.5],
            ],
          ],
        },
      ],
      from: new Date(),
      to: new Date(Date.now() + 4 * dayMs),
      satIds: [satId],
      maxOffNadirDeg: 45,
      maxSunZenithDeg: 0,
      taskableOnly: false,
    });
    expect(prediction.staleElements).toEqual([]);
    expect(prediction.total).toBeGreaterThan(0);
    for (const day of prediction.list)
      for (const pass of day.item) expect(pass.elementsEpoch).toBe(sat.epoch);
  });

  it('(2) a malformed set: nothing stored, the previous elements kept, the failure shown', async () => {
    const before = await status();
    fixture.answers = {
      json: {
        status: 200,
        type: 'application/json',
        body: JSON.stringify([ommRecord(superview, ago(0.1))]).slice(0, 120),
      },
      csv: { status: 200, type: 'text/plain', body: 'name,line1,line2\r\nKOMPSAT-5,garbage,garbage\r\n' },
      tle: {
        status: 200,
        type: 'text/plain',
        // Every line's last digit off by one: every checksum fails.
        body: [withEpoch(gaofen5, ago(0.1))]
          .flatMap((s) => [
            s.name,
            s.line1.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
            s.line2.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
          ])
          .join('\n'),
      },
    };
    const fetch = await runCliWith(env, ['tle', 'fetch']);
    expect(fetch.code).toBe(1);
    expect(fetch.lines[0]).toMatch(/^fetch: failed \(operator\), .*; 0 new sets for 0 satellites$/);
    expect(fetch.lines[1]).toBe('  nothing stored: the previous elements stay in use');
    expect(fetch.lines[2]).toMatch(/\[json, HTTP 200\] malformed: not OMM JSON: not JSON/);
    expect(fetch.lines[3]).toMatch(/\[csv, HTTP 200\] malformed: not OMM CSV: the header has no EPOCH/);
    expect(fetch.lines[4]).toMatch(/\[tle, HTTP 200\] malformed: no valid element set: line 2: checksum/);
    const { s, cli } = await expectAges(fresh);
    expect(s.lastFetch).toMatchObject({ outcome: 'failed', problem: 'malformed', stored: 0, satellites: 0 });
    expect(s.lastRefreshedAt).toBe(before.lastRefreshedAt);
    expect(cli.code).toBe(1);
    expect(cli.lines).toContainEqual(expect.stringMatching(/^last fetch: failed \(operator\)/));
    expect(cli.lines).toContainEqual(
      `last successful fetch: ${before.lastRefreshedAt!.replace(/\.\d{3}Z$/, 'Z')}`,
    );
  });

  it('(3) HTTP 500: nothing stored, the previous elements kept, the failure shown', async () => {
    const before = await status();
    fixture.answers = {
      json: { status: 500, body: 'internal error' },
      csv: { status: 500, body: 'internal error' },
      tle: { status: 500, body: 'internal error' },
    };
    const fetch = await runCliWith(env, ['tle', 'fetch']);
    expect(fetch.code).toBe(1);
    expect(fetch.lines.slice(2)).toEqual([
      `  ${fixture.url('json')} [?, HTTP 500] http: HTTP 500`,
      `  ${fixture.url('csv')} [?, HTTP 500] http: HTTP 500`,
      `  ${fixture.url('tle')} [?, HTTP 500] http: HTTP 500`,
    ]);
    const { s } = await expectAges(fresh);
    expect(s.lastFetch).toMatchObject({ outcome: 'failed', problem: 'http', stored: 0 });
    expect(s.lastRefreshedAt).toBe(before.lastRefreshedAt);
  });

  it('an empty answer and one with none of our satellites store nothing either', async () => {
    fixture.answers = {
      json: { status: 200, type: 'application/json', body: JSON.stringify([ommRecord(iss, ago(1))]) },
      csv: { status: 200, type: 'text/csv', body: '' },
      tle: { status: 200, type: 'text/plain', body: '\r\n\r\n' },
    };
    const fetch = await runCliWith(env, ['tle', 'fetch']);
    expect(fetch.code).toBe(1);
    expect(fetch.lines.slice(2)).toEqual([
      `  ${fixture.url('json')} [json, HTTP 200] noCatalogueSatellites: none of the 1 sets is of a satellite of the catalogue`,
      `  ${fixture.url('csv')} [?, HTTP 200] empty: the answer is empty`,
      `  ${fixture.url('tle')} [?, HTTP 200] empty: the answer is empty`,
    ]);
    const { s } = await expectAges(fresh);
    expect(s.lastFetch).toMatchObject({ outcome: 'failed', problem: 'noCatalogueSatellites', stored: 0 });
  });

  it('a partial fetch stores what was good: a newer set taken, a set from the future refused', async () => {
    fixture.answers = {
      json: { status: 200, type: 'application/json', body: JSON.stringify([ommRecord(superview, newer)]) },
      csv: {
        status: 200,
        type: 'text/csv',
        body: ommCsv([ommRecord(kompsat5, new Date(Date.now() + 5 * dayMs))]),
      },
      tle: { status: 503 },
    };
    const fetch = await runCliWith(env, ['tle', 'fetch']);
    expect(fetch.code).toBe(0);
    expect(fetch.lines[0]).toMatch(/^fetch: partial .*; 1 new sets for 1 satellites$/);
    expect(fetch.lines[2]).toMatch(
      /\[csv, HTTP 200\] rejected: KOMPSAT-5 \(NORAD 39227\): epoch .* is in the future$/,
    );
    const { s } = await expectAges({ ...fresh, json: newer });
    expect(s.lastFetch).toMatchObject({ outcome: 'partial', problem: 'rejected', stored: 1, satellites: 1 });
    expect(s.lastRefreshedAt).toBe(s.lastFetch!.finishedAt);
  });
});

describe('the scheduled job', () => {
  it('fetches when due on one worker, takes over a fetch cut by kill -9, and does not fetch again until due', async () => {
    serveFresh();
    // What a process killed in the middle of a fetch leaves: a running attempt, long past its lease.
    await h.pool.query('DELETE FROM orbital_element_fetches');
    await h.pool.query(
      `INSERT INTO orbital_element_fetches (trigger, started_at) VALUES ('schedule', now() - interval '1 hour')`,
    );
    expect((await h.services.elementsRefresh.dueAt())!.getTime()).toBeLessThan(Date.now());
    const queue = await JobQueue.open(h.pool, { supervise: false });
    // Two servers on one database: both sweep, one job waits, one fetch runs.
    const workers = await Promise.all(
      [1, 2].map(() =>
        startElementsRefresh(queue, h.services.elementsRefresh, {
          sweepSeconds: 0.5,
          pollingIntervalSeconds: 0.5,
        }),
      ),
    );
    const served = fixture.served.length;
    try {
      for (let i = 0; i < 60; i++) {
        const s = await status();
        if (s.lastFetch?.outcome === 'ok') break;
        await sleep(500);
      }
      await sleep(2000); // sweeps meanwhile find nothing due
    } finally {
      for (const w of workers) w.stop();
      await queue.stop();
    }
    const { rows } = await h.pool.query(
      'SELECT trigger, outcome, problem FROM orbital_element_fetches ORDER BY started_at, id',
    );
    expect(rows).toEqual([
      { trigger: 'schedule', outcome: 'failed', problem: 'interrupted' },
      { trigger: 'schedule', outcome: 'ok', problem: null },
    ]);
    expect(fixture.served.length - served).toBe(3); // one fetch: each source once
    await expectAges({ ...fresh, json: newer });
    expect(await h.services.elementsRefresh.refresh('schedule')).toEqual({ kind: 'skipped' });
    expect((await h.services.elementsRefresh.dueAt())!.getTime()).toBeGreaterThan(
      Date.now() + 5.9 * 3600_000,
    );
  });
});
