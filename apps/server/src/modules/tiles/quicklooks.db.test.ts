import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLandsat8Scene } from '../../demo/demo-landsat8';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, scene, tileCookieOf } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { landsat8SubsetScene } from './render';

let h: Harness;
let token: string;
/** The tile cookie of the session (`satportal_tiles=…`), as the browser sends it. */
let cookie: string;
const small = uniqueName('ql-small');

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  const { username, password } = await h.createUser();
  const login = await h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: h.remoteAddress,
  });
  token = login.json().data.token;
  cookie = tileCookieOf(login.headers['set-cookie']);
  const sat = (await createTestSatellites(h, 1)).ids[0]!;
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: small, satelliteId: sat, footprint: box(10, 10, 10.1, 10.1), cloudCover: 0 }),
  ]);
  expect(r.rejected).toEqual([]);
});

const getMap = (layer: string, bbox: number[], size = 64, extra = '') =>
  `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${encodeURIComponent(layer)}` +
  `&STYLES=&CRS=CRS:84&BBOX=${bbox.join(',')}&WIDTH=${size}&HEIGHT=${size}&FORMAT=image/png&TRANSPARENT=TRUE${extra}`;

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
  };
  return { info, at };
}

describe('GET /tiles/quicklooks/wms', () => {
  it('refuses a caller without a session (401), a bad cookie, and the session token in the query', async () => {
    const url = getMap(small, [9.95, 9.95, 10.15, 10.15]);
    expect((await h.app.inject({ url })).statusCode).toBe(401);
    const wrong = await h.app.inject({ url, headers: { cookie: 'satportal_tiles=nottherighttoken123' } });
    expect(wrong.statusCode).toBe(401);
    // Tokens in URLs land in logs and histories: never accepted.
    const query = await h.app.inject({ url: `${url}&access_token=${token}` });
    expect(query.statusCode).toBe(401);
    // The session token is not a tile cookie, and the tile cookie opens no API call.
    expect((await h.app.inject({ url, headers: { cookie: `satportal_tiles=${token}` } })).statusCode).toBe(
      401,
    );
    const api = await h.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(api.statusCode).toBe(401);
  });

  it('answers a PNG of the asked size, transparent outside a small footprint (tile cookie or bearer header)', async () => {
    const url = getMap(small, [9.95, 9.95, 10.15, 10.15], 80);
    for (const r of [
      await h.app.inject({ url, headers: { cookie } }),
      await h.app.inject({ url, headers: { authorization: `Bearer ${token}` } }),
    ]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      const { info, at } = await pixels(r.rawPayload);
      expect([info.width, info.height]).toEqual([80, 80]);
      expect(at(0, 0)[3]).toBe(0);
      expect(at(79, 79)[3]).toBe(0);
      expect(at(40, 40)[3]).toBe(255);
    }
  });

  it('an unknown scene is a LayerNotDefined exception report, not a 500', async () => {
    const r = await h.app.inject({ url: getMap('no-such-scene', [0, 0, 1, 1]), headers: { cookie } });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/xml/);
    expect(r.body).toContain('code="LayerNotDefined"');
  });

  it('bad parameters are exception reports naming the parameter', async () => {
    const r = await h.app.inject({
      url: `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.0.0&REQUEST=GetMap`,
      headers: { cookie },
    });
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('<ServiceExceptionReport');
    expect(r.body).toContain('locator="VERSION"');
    const crs = await h.app.inject({
      url: getMap(small, [0, 0, 1, 1]).replace('CRS:84', 'EPSG:2154'),
      headers: { cookie },
    });
    expect(crs.statusCode).toBe(400);
    expect(crs.body).toContain('code="InvalidCRS"');
  });
});

describe('the Landsat 8 subset', () => {
  it('is registered as a real scene, idempotently, and renders real pixels inside its bounds', async () => {
    await ensureLandsat8Scene(h.services);
    expect(await ensureLandsat8Scene(h.services)).toBe(false);
    const subset = await landsat8SubsetScene();
    const { rows } = await h.pool.query<{ provenance: string; name: string }>(
      `SELECT s.provenance, sat.name FROM scenes s JOIN satellites sat ON sat.id = s.satellite_id WHERE s.id = $1`,
      [subset.sceneId],
    );
    expect(rows).toEqual([{ provenance: 'real', name: 'Landsat 8' }]);

    const ring = subset.footprint.coordinates[0]!;
    const lons = ring.map((p) => p[0]!);
    const lats = ring.map((p) => p[1]!);
    const bbox = [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
    const r = await h.app.inject({ url: getMap(subset.sceneId, bbox, 128), headers: { cookie } });
    expect(r.statusCode, r.body).toBe(200);
    const { at } = await pixels(r.rawPayload);
    let opaque = 0;
    let coloured = 0;
    for (let y = 44; y < 84; y += 4)
      for (let x = 44; x < 84; x += 4) {
        const [red, green, blue, alpha] = at(x, y);
        if (alpha === 255) opaque++;
        if (red! + green! + blue! > 0) coloured++;
      }
    expect(opaque).toBe(100);
    expect(coloured).toBeGreaterThan(90);
  });
});
