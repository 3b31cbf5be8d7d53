import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliWith } from '../../test/cli';
import { type Harness, startHarness } from '../../test/harness';
import { defaultConstellation } from './constellation';
import { withChecksum } from './tle';

let h: Harness;
const tleDir = resolve(import.meta.dirname, '../../../../../data/tle');
const scratch = mkdtempSync(join(tmpdir(), 'satportal-tle-'));

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** NORAD ids of made-up satellites, distinct per test: the test database is shared. */
let nextNoradId = 70_000 + Math.floor(Math.random() * 5_000);

/** A valid element set of a made-up satellite at `yy`/`day` (Sentinel-2A's elements otherwise). */
function elementSet(noradId: number, yy: number, day: number, name = `TEST ${noradId}`): string[] {
  const id = String(noradId).padStart(5, '0');
  const epoch = `${String(yy).padStart(2, '0')}${day.toFixed(8).padStart(12, '0')}`;
  return [
    name,
    withChecksum(`1 ${id}U 15028A   ${epoch}  .00000145  00000+0  71806-4 0  999`),
    withChecksum(`2 ${id}  98.5672 282.3407 0001250  93.9036 266.2290 14.3083150055870`),
  ];
}

/** Runs the CLI against the test database, collecting its output. */
async function cli(...args: string[]): Promise<{ code: number; out: string[] }> {
  const { code, lines } = await runCliWith({ DATABASE_URL: h.url }, args);
  return { code, out: lines };
}

describe('tle load', () => {
  it('loads a file, reports counts and rejected entries, and loads nothing new the second time', async () => {
    const norad = nextNoradId++;
    const broken = elementSet(nextNoradId++, 24, 200.5, 'BROKEN');
    broken[2] = broken[2]!.replace('98.5672', '98.5673'); // one more in the sum: the checksum fails
    const found = broken[2].at(-1);
    const file = join(scratch, 'mixed.tle');
    writeFileSync(
      file,
      [
        ...elementSet(norad, 24, 100.25),
        ...elementSet(norad, 24, 110.25),
        ...broken,
        ...elementSet(norad, 24, 120.25),
        '',
      ].join('\n'),
    );

    const first = await cli('tle', 'load', file);
    expect(first.code).toBe(1); // an entry was rejected
    expect(first.out).toEqual([
      'mixed.tle: 3 element sets read, 3 loaded, 0 already known, 1 rejected',
      '  satellites: 0 in the catalogue, 1 not in the catalogue (kept; they link by NORAD id once added)',
      `  rejected line 9: checksum "${found}" does not match the computed ${(Number(found) + 1) % 10} (BROKEN)`,
    ]);

    const second = await cli('tle', 'load', file);
    expect(second.out[0]).toBe('mixed.tle: 3 element sets read, 0 loaded, 3 already known, 1 rejected');

    const { rows } = await h.pool.query(
      `SELECT name, source_file, to_char(epoch AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS epoch
         FROM orbital_elements WHERE norad_id = $1 ORDER BY epoch`,
      [norad],
    );
    expect(rows).toEqual([
      { name: `TEST ${norad}`, source_file: 'mixed.tle', epoch: '2024-04-09 06:00' },
      { name: `TEST ${norad}`, source_file: 'mixed.tle', epoch: '2024-04-19 06:00' },
      { name: `TEST ${norad}`, source_file: 'mixed.tle', epoch: '2024-04-29 06:00' },
    ]);
  });

  it('exits 0 for a clean file', async () => {
    const r = await cli('tle', 'load', join(tleDir, 's2-landsat-2024-07-22.tle'));
    expect(r.code).toBe(0);
    expect(r.out[1]).toBe('  satellites: 4 in the catalogue, 0 not in the catalogue');
  });

  it('needs a file and names a missing one', async () => {
    await expect(cli('tle', 'load')).rejects.toThrow(/FILE/);
    await expect(cli('tle', 'load', join(scratch, 'absent.tle'))).rejects.toThrow(/absent\.tle/);
  });

  it('loads the bundled files idempotently, linking their elements to catalogue satellites', async () => {
    const first = await h.services.orbitalElements.loadFolder(tleDir);
    expect(first.map((r) => r.sourceFile)).toEqual([
      'celestrak-active-2026-06-26-excerpt.tle',
      'celestrak-resource-2026-05-30.tle',
      'eo-subset-2022-08-09-from-satellitejs-catalog.tle',
      's2-landsat-2024-07-22.tle',
    ]);
    for (const r of first) {
      expect(r.rejected, r.sourceFile).toEqual([]);
      expect(r.loaded + r.alreadyKnown, r.sourceFile).toBe(r.read);
    }
    const resource = first.find((r) => r.sourceFile.startsWith('celestrak-resource'))!;
    expect(resource.read).toBe(167);
    expect(resource.catalogueSatellites).toBeGreaterThanOrEqual(20);
    expect(resource.otherSatellites).toBe(167 - resource.catalogueSatellites);

    const second = await h.services.orbitalElements.loadFolder(tleDir);
    for (const r of second) {
      expect(r.loaded, r.sourceFile).toBe(0);
      expect(r.alreadyKnown, r.sourceFile).toBe(r.read);
    }
  });
});

describe('elements nearest an instant', () => {
  it('picks the closer of the sets before and after, the earlier on a tie, the end ones outside', async () => {
    const norad = nextNoradId++;
    await h.services.orbitalElements.load(
      [...elementSet(norad, 24, 100), ...elementSet(norad, 24, 110), ...elementSet(norad, 24, 120)].join(
        '\n',
      ),
      'nearest.tle',
    );
    const day = (d: number) => new Date(Date.UTC(2024, 0, 1) + (d - 1) * 86_400_000);
    const nearest = async (d: number) =>
      (await h.services.orbitalElements.nearest(norad, day(d)))?.epoch.toISOString();

    expect(await nearest(104)).toBe(day(100).toISOString());
    expect(await nearest(106)).toBe(day(110).toISOString());
    expect(await nearest(105)).toBe(day(100).toISOString());
    expect(await nearest(110)).toBe(day(110).toISOString());
    expect(await nearest(1)).toBe(day(100).toISOString());
    expect(await nearest(300)).toBe(day(120).toISOString());
    expect(await h.services.orbitalElements.nearest(nextNoradId++, day(100))).toBeUndefined();
  });

  it('works by satellite of the catalogue, through its NORAD id', async () => {
    await h.services.orbitalElements.loadFolder(tleDir);
    const { sats } = await h.services.catalogue.listSatellites({ taskable: false });
    const s2a = sats.find((s) => s.name === 'Sentinel-2A')!;
    const at = async (iso: string) => h.services.orbitalElements.nearestForSatellite(s2a.id, new Date(iso));

    expect(await at('2024-07-09T18:00:00Z')).toMatchObject({
      noradId: 40697,
      name: 'SENTINEL-2A',
      sourceFile: 's2-landsat-2024-07-22.tle',
    });
    expect((await at('2022-06-01T00:00:00Z'))?.epoch.toISOString().slice(0, 10)).toBe('2022-08-09');
    expect((await at('2030-01-01T00:00:00Z'))?.epoch.toISOString().slice(0, 10)).toBe('2026-05-30');

    const luojia = sats.find((s) => s.name === 'Luojia-1 01')!;
    expect(await h.services.orbitalElements.nearestForSatellite(luojia.id, new Date())).toBeUndefined();
  });
});
