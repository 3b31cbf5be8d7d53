import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '../../http/rate-limits';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { slugOf } from './stac.params';

/**
 * Issue 27 item 3 with a real client: GDAL's OGC API Features driver (Debian's gdal-bin, which
 * CI installs) against the server listening on a port, with the product's rate limits. `ogrinfo
 * -so` takes the feature count from numberMatched instead of paging the collection; an attribute
 * filter (`-where`) reaches the server as a CQL text filter and a spatial one (`-spat`) as bbox;
 * `ogr2ogr` copies a small area.
 */

const run = promisify(execFile);
let h: Harness;
let collection: string;
let root: string;
const requests: string[] = [];
const work = mkdtempSync(join(tmpdir(), 'stac-gdal-'));
const prefix = uniqueName('ogr');
const scenes = Array.from({ length: 240 }, (_, i) => ({
  id: `${prefix}-${String(i).padStart(3, '0')}`,
  cloud: (i * 13) % 100,
  lon: 40 + (i % 60) * 0.25,
  lat: -20 + Math.floor(i / 60),
}));

beforeAll(async () => {
  h = await startHarness({ rateLimits: defaultRateLimits });
  const sats = await createTestSatellites(h, 2);
  collection = slugOf(sats.category);
  const r = await h.services.scenesRepository.upsertScenes(
    scenes.map((s, i) =>
      scene({
        id: s.id,
        satelliteId: sats.ids[i % 2]!,
        footprint: box(s.lon, s.lat, s.lon + 0.2, s.lat + 0.8),
        cloudCover: s.cloud,
        acquiredAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
      }),
    ),
  );
  expect(r.rejected).toEqual([]);
  h.app.server.on('request', (request: { url?: string }) => requests.push(request.url ?? ''));
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  root = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/stac/v1`;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function gdal(tool: 'ogrinfo' | 'ogr2ogr', args: string[]) {
  requests.length = 0;
  const { stdout, stderr } = await run(tool, args, { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });
  return { stdout, stderr, requests: [...requests] };
}

const inBox = (s: (typeof scenes)[number], [w, south, e, n]: number[]) =>
  s.lon < e! && s.lon + 0.2 > w! && s.lat < n! && s.lat + 0.8 > south!;

describe('GDAL (OGC API Features driver)', () => {
  it('ogrinfo -so (and -so -al) reports the collection count from numberMatched, without paging', async () => {
    for (const args of [[collection], ['-al']]) {
      const {
        stdout,
        stderr,
        requests: asked,
      } = await gdal('ogrinfo', ['-ro', '-so', `OAPIF:${root}`, ...args]);
      expect(stderr).not.toMatch(/ERROR|429/);
      const layer = stdout.split('Layer name: ').find((l) => l.startsWith(`${collection}\n`));
      expect(Number(/Feature Count: (\d+)/.exec(layer ?? '')?.[1]), args.join(' ')).toBe(scenes.length);
      // the first page of each layer (its fields and numberMatched), no further page
      const pages = asked.filter((u) => /\/items\?/.test(u));
      expect(pages.length).toBeGreaterThan(0);
      expect(
        pages.filter((u) => u.includes('token=')),
        'pages after the first',
      ).toEqual([]);
    }
    const first = await h.app.inject({ url: `/stac/v1/collections/${collection}/items?limit=1` });
    expect(first.json().numberMatched).toBe(scenes.length);
  });

  it('sends -where as a CQL text filter and -spat as bbox, and gets exactly the matching items', async () => {
    const spat = [45.1, -19.9, 46.9, -18.6];
    const {
      stdout,
      stderr,
      requests: asked,
    } = await gdal('ogrinfo', [
      '-ro',
      '-al',
      '-where',
      '"eo:cloud_cover" < 30',
      '-spat',
      ...spat.map(String),
      `OAPIF:${root}`,
      collection,
    ]);
    expect(stderr).not.toMatch(/ERROR/);
    const found = [...stdout.matchAll(/^ {2}id \(String\) = (.+)$/gm)].map((m) => m[1]!).sort();
    const expected = scenes.filter((s) => s.cloud < 30 && inBox(s, spat)).map((s) => s.id);
    expect(expected.length).toBeGreaterThan(3);
    expect(found).toEqual(expected.sort());
    const filtered = asked.map((u) => new URL(u, root).searchParams).filter((q) => q.has('filter'));
    expect(filtered.length, asked.join('\n')).toBeGreaterThan(0);
    expect(filtered[0]!.get('filter')).toMatch(/eo:cloud_cover < 30/);
    // GDAL writes the box with 18 significant digits
    expect(filtered[0]!.get('bbox')!.split(',').map(Number)).toEqual(spat);
  });

  it('ogr2ogr copies a small area to GeoJSON, filtered on the server, every item once', async () => {
    const spat = [41.1, -19.1, 43.9, -17.6];
    const out = join(work, 'copy.geojson');
    const { stderr, requests: asked } = await gdal('ogr2ogr', [
      '-f',
      'GeoJSON',
      out,
      '-spat',
      ...spat.map(String),
      '-where',
      '"eo:cloud_cover" >= 50',
      `OAPIF:${root}`,
      collection,
    ]);
    expect(stderr).not.toMatch(/ERROR/);
    const copied = JSON.parse(readFileSync(out, 'utf8')).features.map(
      (f: { properties: { id: string } }) => f.properties.id,
    );
    const expected = scenes.filter((s) => s.cloud >= 50 && inBox(s, spat)).map((s) => s.id);
    expect(expected.length).toBeGreaterThan(3);
    const pages = asked.filter((u) => /\/items\?/.test(u) && u.includes('bbox='));
    expect(pages.length).toBeGreaterThan(0);
    for (const u of pages)
      expect(new URL(u, root).searchParams.get('filter'), u).toBe('eo:cloud_cover >= 50');
    expect(copied.length).toBe(expected.length);
    expect([...copied].sort()).toEqual(expected.sort());
  });
});
