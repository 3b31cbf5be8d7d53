import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiBase, apiPath, Paths, TileStatus } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../http/app';
import type { Http } from '../../../http/types';
import { type Harness, startHarness } from '../../../test/harness';
import { box, createTestSatellites, scene } from '../../../test/scenes';
import { HdAllowance, UsageRepository } from '../../usage';
import { DiskCache } from '../cache/disk-cache';
import { QuicklookRenderer } from '../render';
import { HdMosaicRepository } from './hd.repository';
import { hdTileRoutes, hdYearsRoutes } from './hd.routes';
import { HdMosaics, type HdTileAllowance } from './hd.service';
import { rgbaOf, tileLonLatBox, tileMercatorBox } from './mosaic';

// Years far from any other test's scenes: the newest three optical years of the shared test
// database are these (2096 holds radar only, 2091 is a fourth year, beyond the cap of three).
const [Y1, Y2, Y3, RadarOnly, Fourth] = [2095, 2094, 2092, 2096, 2091];
// z 8 tile over 99.84–101.25° E, 39.89–40.98° N: the two overlapping scenes lie inside it.
const tile = { z: 8, x: 199, y: 96 };

describe('HD mosaics', () => {
  let h: Harness;
  let token: string;
  let userId: number;
  const renderer = new QuicklookRenderer();
  const repository = () => new HdMosaicRepository(h.pool);
  const clear = { id: 'HD-clear', footprint: box(100, 40, 100.6, 40.6), cloudCover: 3 };
  const cloudy = { id: 'HD-cloudy', footprint: box(100.3, 40, 100.9, 40.6), cloudCover: 60 };

  /** An app serving the HD routes with the given allowance (and cache). */
  async function appWith(
    allowance: HdTileAllowance,
    cache: DiskCache | null = null,
    yearsTtlMs?: number,
  ): Promise<Http> {
    const hd = new HdMosaics(repository(), renderer, allowance, { cache, yearsTtlMs });
    const app = await buildApp({
      version: 'test',
      auth: h.services.auth,
      credentialCache: h.services.credentialCache,
      apiKeys: h.services.apiKeys,
      routes: [
        { prefix: ApiBase, register: (a) => hdYearsRoutes(a, hd) },
        { prefix: '', register: (a) => hdTileRoutes(a, hd) },
      ],
      rateLimits: false,
    });
    await app.ready();
    afterAll(() => app.close());
    return app;
  }
  const get = (app: Http, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const tileUrl = (year: number, t: { z: number; x: number; y: number }) =>
    `/tiles/hd/${year}/${t.z}/${t.x}/${t.y}`;
  /** A fake allowance answering `status` and counting its calls. */
  const fake = (status: number) => {
    const f = {
      calls: 0,
      take: async () => {
        f.calls++;
        return status;
      },
    };
    return f;
  };

  beforeAll(async () => {
    h = await startHarness();
    ({ token, userId } = await h.signedIn());
    const { ids } = await createTestSatellites(h, 1);
    const satelliteId = ids[0]!;
    const at = (year: number) => `${year}-06-15T10:30:00.000Z`;
    await h.services.scenesRepository.upsertScenes([
      scene({ ...clear, satelliteId, acquiredAt: at(Y1) }),
      scene({ ...cloudy, satelliteId, acquiredAt: `${Y1}-03-01T10:30:00.000Z` }),
      // wholly under the clear scene and cloudier: it could add nothing, so it is not drawn
      scene({
        id: 'HD-hidden',
        satelliteId,
        footprint: box(100.1, 40.1, 100.2, 40.2),
        cloudCover: 30,
        acquiredAt: at(Y1),
      }),
      // a clearer scene of another year under the same tile: never in this year's mosaic
      scene({
        id: 'HD-other-year',
        satelliteId,
        footprint: box(99.9, 39.9, 101.2, 40.9),
        cloudCover: 0,
        acquiredAt: at(Y2),
      }),
      scene({ id: 'HD-y3', satelliteId, footprint: box(10, 10, 11, 11), acquiredAt: at(Y3) }),
      scene({ id: 'HD-fourth', satelliteId, footprint: box(10, 10, 11, 11), acquiredAt: at(Fourth) }),
      scene({
        id: 'HD-radar',
        satelliteId,
        footprint: box(100, 40, 101, 41),
        sensorType: 4,
        cloudCover: null,
        acquiredAt: at(RadarOnly),
      }),
    ]);
  });

  it('offers the newest three years with optical scenes, from the data', async () => {
    expect(await repository().years(3)).toEqual([Y1, Y2, Y3]);
    expect(await repository().years(5)).toEqual(expect.arrayContaining([Y1, Y2, Y3, Fourth]));
    const app = await appWith(fake(200));
    const r = await get(app, apiPath(Paths.hdYears));
    expect(r.json()).toMatchObject({
      code: 2000,
      data: { years: [Y1, Y2, Y3], freeZoomMax: 12, zoomMax: 18 },
    });
  });

  it('paints the least-cloudy scene where two overlap, the other where only it lies, nothing elsewhere', async () => {
    const [w, s, e, n] = tileLonLatBox(tile);
    expect([w < 100, s < 40, e > 100.9, n > 40.6]).toEqual([true, true, true, true]);
    const allowance = fake(200);
    const app = await appWith(allowance);
    const rendersBefore = renderer.stats.renders;
    const r = await get(app, tileUrl(Y1, tile));
    expect(renderer.stats.renders - rendersBefore).toBe(2);
    expect(r.statusCode).toBe(200);
    expect(r.headers['x-status']).toBe('200');
    expect(r.headers['content-type']).toBe('image/png');
    expect(allowance.calls).toBe(0);
    const mosaic = await rgbaOf(r.rawPayload);
    const request = { crs: 'EPSG:3857' as const, bbox: tileMercatorBox(tile), width: 256, height: 256 };
    const draw = async (sc: typeof clear) =>
      rgbaOf(
        await renderer.render(
          { ...sc, provenance: 'simulated', sensorType: 1, assets: { quicklook: null, files: [] } },
          request,
        ),
      );
    const [a, b] = [await draw(clear), await draw(cloudy)];
    let fromA = 0;
    let fromB = 0;
    let empty = 0;
    let overlapDiffers = 0;
    for (let o = 0; o < mosaic.length; o += 4) {
      const px = Array.from(mosaic.subarray(o, o + 4));
      if (a[o + 3]! > 0) {
        expect(px).toEqual(Array.from(a.subarray(o, o + 4)));
        fromA++;
        if (b[o + 3]! > 0 && b.subarray(o, o + 3).some((v, i) => v !== a[o + i])) overlapDiffers++;
      } else if (b[o + 3]! > 0) {
        expect(px).toEqual(Array.from(b.subarray(o, o + 4)));
        fromB++;
      } else {
        expect(px[3]).toBe(0);
        empty++;
      }
    }
    // the two scenes differ where they overlap, so the comparison above could tell them apart
    expect(overlapDiffers).toBeGreaterThan(500);
    expect(fromA).toBeGreaterThan(5000);
    expect(fromB).toBeGreaterThan(2000);
    expect(empty).toBeGreaterThan(10000);
  });

  it('answers 404 for a year without a mosaic and 4000 for a tile off the grid', async () => {
    const app = await appWith(fake(200));
    for (const year of [RadarOnly, Fourth, 2093])
      expect((await get(app, tileUrl(year, tile))).statusCode).toBe(404);
    const off = await get(app, tileUrl(Y1, { z: 2, x: 4, y: 0 }));
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({ code: 4000, data: { field: 'x' } });
    for (const bad of [
      '/tiles/hd/2095/19/0/0',
      '/tiles/hd/2095/a/0/0',
      '/tiles/hd/2095/1/-1/0',
      '/tiles/hd/0/1/0/0',
    ]) {
      const r = await get(app, bad);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code, bad).toBe(4000);
    }
    const anonymous = await app.inject({ method: 'GET', url: tileUrl(Y1, tile) });
    expect(anonymous.statusCode).toBe(401);
  });

  it('takes the allowance above zoom 12 before the cache, and refuses with 429/602 or 403 and an empty body', async () => {
    const deep = { z: 13, x: 6381, y: 3092 };
    const spent = fake(TileStatus.HdQuotaSpent);
    const r602 = await get(await appWith(spent), tileUrl(Y1, deep));
    expect([r602.statusCode, r602.headers['x-status'], r602.body]).toEqual([429, '602', '']);
    expect(spent.calls).toBe(1);
    const r403 = await get(await appWith(fake(TileStatus.HdNotSubscribed)), tileUrl(Y1, deep));
    expect([r403.statusCode, r403.headers['x-status'], r403.body]).toEqual([403, '403', '']);
    const free = fake(TileStatus.HdQuotaSpent);
    const r12 = await get(await appWith(free), tileUrl(Y1, { z: 12, x: 3190, y: 1546 }));
    expect([r12.statusCode, r12.headers['x-status'], free.calls]).toEqual([200, '200', 0]);

    // the real allowance: one HD tile a day, then 602 even though the tile is cached by then
    const dir = mkdtempSync(join(tmpdir(), 'hd-cache-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const cache = new DiskCache({ dir, maxBytes: 10_000_000 });
    const usage = new UsageRepository(h.pool);
    await usage.setAllowance(userId, { hd_daily_tiles: 1 });
    const app = await appWith(new HdAllowance(usage, 500), cache);
    const first = await get(app, tileUrl(Y1, deep));
    expect([first.statusCode, first.headers['x-status']]).toEqual([200, '200']);
    expect(cache.files).toBe(1);
    const second = await get(app, tileUrl(Y1, deep));
    expect([second.statusCode, second.headers['x-status'], second.body]).toEqual([429, '602', '']);
    // a free tile is served from the cache on the second request
    await get(app, tileUrl(Y1, tile));
    await get(app, tileUrl(Y1, tile));
    expect(cache.stats.hits).toBe(1);
  });

  it('paints a cached tile again once a new scene lies under it, and keeps the cached tiles elsewhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hd-cells-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const cache = new DiskCache({ dir, maxBytes: 10_000_000 });
    // what the tile cache knows of the archive is refreshed at every request here (no minute's wait)
    const app = await appWith(fake(200), cache, 0);
    // a z 8 tile over 10–11° E/N, away from the new scene, and the z 2 tile (90–180° E) holding it
    const elsewhere = { z: 8, x: 135, y: 120 };
    const wide = { z: 2, x: 3, y: 1 };
    const before = (await get(app, tileUrl(Y1, tile))).rawPayload;
    const elsewhereBefore = (await get(app, tileUrl(Y1, elsewhere))).rawPayload;
    await get(app, tileUrl(Y1, wide));
    const { ids } = await createTestSatellites(h, 1);
    await h.services.scenesRepository.upsertScenes([
      scene({
        id: 'HD-arrived',
        satelliteId: ids[0]!,
        footprint: box(100.05, 40.05, 100.45, 40.45),
        cloudCover: 0,
        acquiredAt: `${Y1}-08-01T10:30:00.000Z`,
      }),
    ]);
    const hits = cache.stats.hits;
    const after = (await get(app, tileUrl(Y1, tile))).rawPayload;
    expect(after.equals(before)).toBe(false);
    expect(cache.stats.hits).toBe(hits);
    // the tile elsewhere comes from the cache, the same bytes; the wide tile holding the new scene does not
    expect((await get(app, tileUrl(Y1, elsewhere))).rawPayload.equals(elsewhereBefore)).toBe(true);
    expect(cache.stats.hits).toBe(hits + 1);
    await get(app, tileUrl(Y1, wide));
    expect(cache.stats.hits).toBe(hits + 1);
  });
});
