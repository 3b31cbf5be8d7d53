import type { ArchiveOrderRequest } from '@satportal/contract';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, postSearch, scene, searchRequest } from '../../test/scenes';
import { api, upload } from '../aois/test-helpers';
import { slugOf } from '../stac/stac.params';
import { createRequest, subscriptionsApi } from '../subscriptions/test-helpers';

/**
 * Issue 17 "The AOI is the drawn AOI": an AOI's straight longitude/latitude edges are what the
 * server stores, measures and searches, within 10 m, although PostGIS's geography reads an edge
 * as a great circle. Areas are compared with the exact area of a longitude/latitude box on the
 * WGS 84 ellipsoid; scenes just inside and just outside a drawn edge tell the searches apart.
 */

const A = 6378.137;
const F = 1 / 298.257223563;
const B = A * (1 - F);
const E = Math.sqrt(F * (2 - F));
const RAD = Math.PI / 180;

/** The exact area (km²) of a longitude/latitude box on the WGS 84 ellipsoid. */
function boxAreaKm2(w: number, s: number, e: number, n: number): number {
  const f = (phi: number) => {
    const x = Math.sin(phi * RAD);
    return ((B * B) / 2) * (x / (1 - E * E * x * x) + (1 / (2 * E)) * Math.log((1 + E * x) / (1 - E * x)));
  };
  return (e - w) * RAD * (f(n) - f(s));
}

/** 10 m along the box's perimeter (km²): the deviation allowed, times the length of the edges. */
function toleranceKm2(w: number, s: number, e: number, n: number): number {
  const meridian = (n - s) * RAD * A;
  const parallels = (e - w) * RAD * A * (Math.cos(s * RAD) + Math.cos(n * RAD));
  return 0.01 * (2 * meridian + parallels);
}

/** Boxes of 10°: across the equator (both parallels bulge outwards) and at 30–40° N. */
const boxes: [number, number, number, number][] = [
  [20, -5, 30, 5],
  [100, 30, 110, 40],
];

let h: Harness;
let sats: number[];
let collection: string;
const prefix = uniqueName('dense');
const id = (name: string) => `${prefix}-${name}`;
const everywhere = [-170, -60, 0, 60, 170];

beforeAll(async () => {
  h = await startHarness();
  const created = await createTestSatellites(h, 1);
  sats = created.ids;
  collection = slugOf(created.category);
  const scenes = [
    // just inside the southern edge of the box at 30–40° N, and just outside its northern edge,
    // halfway along: a great circle between the corners passes ~12 km north of either
    scene({ id: id('inside-south'), satelliteId: sats[0]!, footprint: box(104.9, 30.02, 105.1, 30.05) }),
    scene({ id: id('outside-north'), satelliteId: sats[0]!, footprint: box(104.9, 40.02, 105.1, 40.05) }),
    ...everywhere.map((lon) =>
      scene({ id: id(`at${lon}`), satelliteId: sats[0]!, footprint: box(lon - 0.5, 60, lon + 0.5, 61) }),
    ),
    scene({ id: id('at175'), satelliteId: sats[0]!, footprint: box(174.5, -1, 175.5, 1) }),
    scene({ id: id('at-175'), satelliteId: sats[0]!, footprint: box(-175.5, -1, -174.5, 1) }),
    scene({ id: id('at0-equator'), satelliteId: sats[0]!, footprint: box(-0.5, -1, 0.5, 1) }),
  ];
  expect((await h.services.scenesRepository.upsertScenes(scenes)).rejected).toEqual([]);
});

describe('a 10° box', () => {
  for (const [w, s, e, n] of boxes) {
    it(`saved in the AOI tree (${w},${s},${e},${n}): stored and answered with its straight-edged area`, async () => {
      const { token } = await h.signedIn();
      const root = (await api(h, 'GET', '/aois', token)).body.data.aois[0];
      const r = await api(h, 'POST', '/aois', token, {
        hasGeo: true,
        name: 'ten degrees',
        parentId: root.id,
        geometry: { type: 4, geojson: box(w, s, e, n) },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const exact = boxAreaKm2(w, s, e, n);
      const tolerance = toleranceKm2(w, s, e, n);
      expect(Math.abs(r.body.data.area - exact)).toBeLessThanOrEqual(tolerance);
      const stored = await h.pool.query<{ area: number }>(
        'SELECT ST_Area(geom) / 1e6 AS area FROM aoi_nodes WHERE id = $1',
        [r.body.data.id],
      );
      expect(Math.abs(stored.rows[0]!.area - exact)).toBeLessThanOrEqual(tolerance);
    });

    it(`uploaded in a GeoJSON file (${w},${s},${e},${n}): stored with its straight-edged area`, async () => {
      const { token, userId } = await h.signedIn();
      const file = { type: 'Feature', properties: { name: 'uploaded' }, geometry: box(w, s, e, n) };
      const r = await upload(h, token, 'ten.geojson', strToU8(JSON.stringify(file)));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({ aoiCount: 1, failAoiCount: 0 });
      const stored = await h.pool.query<{ area: number; answered: number }>(
        `SELECT ST_Area(geom) / 1e6 AS area, area_km2 AS answered FROM aoi_nodes
          WHERE user_id = $1 AND kind = 'aoi'`,
        [userId],
      );
      expect(stored.rows).toHaveLength(1);
      const exact = boxAreaKm2(w, s, e, n);
      const tolerance = toleranceKm2(w, s, e, n);
      expect(Math.abs(stored.rows[0]!.area - exact)).toBeLessThanOrEqual(tolerance);
      expect(Math.abs(stored.rows[0]!.answered - exact)).toBeLessThanOrEqual(tolerance);
    });

    it(`searched in the archive (${w},${s},${e},${n}): the stored search area and the answered one`, async () => {
      const { token, userId } = await h.signedIn();
      const r = await postSearch(h, token, searchRequest([box(w, s, e, n)], sats, { cc: 100, ona: 90 }));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await expectSearchAreas(token, userId, [w, s, e, n]);
    });
  }

  it('the archive search finds the scene just inside the drawn edge, not the one just outside', async () => {
    const { token } = await h.signedIn();
    const r = await postSearch(h, token, searchRequest([box(100, 30, 110, 40)], sats, { cc: 100, ona: 90 }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const found = r.body.data.images.map((i: { sceneId: string }) => i.sceneId);
    expect(found).toContain(id('inside-south'));
    expect(found).not.toContain(id('outside-north'));
  });
});

/**
 * The user's one stored search area, read as geography, and the area the AOI history answers
 * (in whole km²) equal the box's ellipsoidal area within the tolerance.
 */
async function expectSearchAreas(token: string, userId: number, b: [number, number, number, number]) {
  const exact = boxAreaKm2(...b);
  const tolerance = toleranceKm2(...b);
  const stored = await h.pool.query<{ area: number }>(
    'SELECT ST_Area(aoi) / 1e6 AS area FROM archive_searches WHERE user_id = $1',
    [userId],
  );
  expect(stored.rows).toHaveLength(1);
  expect(Math.abs(stored.rows[0]!.area - exact)).toBeLessThanOrEqual(tolerance);
  const history = await h.call('GET', '/aois/search/history', { token });
  expect(Math.abs(history.body.data.list[0].area - exact)).toBeLessThanOrEqual(tolerance + 0.5);
}

describe('the world box', () => {
  const world: [number, number, number, number] = [-180, -85, 180, 85];

  it('searched in the archive: scenes from everywhere, stored and answered with its straight-edged area', async () => {
    const { token, userId } = await h.signedIn();
    const r = await postSearch(h, token, searchRequest([box(...world)], sats, { cc: 100, ona: 90 }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const found = r.body.data.images.map((i: { sceneId: string }) => i.sceneId);
    expect(found).toEqual(
      expect.arrayContaining([
        ...everywhere.map((lon) => id(`at${lon}`)),
        id('at175'),
        id('at-175'),
        id('at0-equator'),
      ]),
    );
    const exact = boxAreaKm2(...world);
    // the footprints are disjoint: the union covers their areas' share of 508 million km²
    const areas = await h.pool.query<{ total: number }>(
      'SELECT sum(area_km2) AS total FROM scenes WHERE id = ANY($1::text[])',
      [found],
    );
    expect(r.body.data.ac).toBeGreaterThan(0);
    expect(Math.abs(r.body.data.ac - (areas.rows[0]!.total / exact) * 100)).toBeLessThanOrEqual(0.01);
    await expectSearchAreas(token, userId, world);
  });

  it('its later pages are read from the stored search area', async () => {
    const { token } = await h.signedIn();
    const request = searchRequest(
      [box(...world)],
      sats,
      { cc: 100, ona: 90 },
      { page: { start: 0, length: 4 } },
    );
    const first = await postSearch(h, token, request);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const { count, taskId, images } = first.body.data;
    expect(count).toBeGreaterThanOrEqual(10);
    const next = await postSearch(h, token, { ...request, taskId, page: { start: 4, length: 1000 } });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.data).toMatchObject({ count, taskId, ac: first.body.data.ac });
    const all = [...images, ...next.body.data.images].map((i: { sceneId: string }) => i.sceneId);
    expect(new Set(all).size).toBe(count);
    expect(all).toEqual(expect.arrayContaining(everywhere.map((lon) => id(`at${lon}`))));
  });
});

describe('the world box subscribed to', () => {
  it('is stored as geography with its straight-edged area, in pieces of less than half the Earth', async () => {
    const call = await subscriptionsApi(h);
    const { token, userId } = await h.signedIn();
    const r = await call(
      'POST',
      '/subscriptions',
      token,
      createRequest(sats, { boundaries: box(-180, -85, 180, 85) }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = await h.pool.query<{ area: number; answered: number; parts: number }>(
      `SELECT ST_Area(aoi) / 1e6 AS area, aoi_area_km2 AS answered, ST_NumGeometries(aoi::geometry) AS parts
         FROM subscriptions WHERE user_id = $1`,
      [userId],
    );
    expect(stored.rows).toHaveLength(1);
    const exact = boxAreaKm2(-180, -85, 180, 85);
    const tolerance = toleranceKm2(-180, -85, 180, 85);
    expect(Math.abs(stored.rows[0]!.area - exact)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(stored.rows[0]!.answered - exact)).toBeLessThanOrEqual(tolerance);
    expect(stored.rows[0]!.parts).toBe(4);
  });
});

describe('the world box ordered', () => {
  it("sizes the AOI's gap outside the scene as the box less the scene, not as its complement", async () => {
    const { userId } = await h.signedIn();
    const request = {
      ipr: {
        priority: 1,
        process: { level: [10], clipping: true, isQualityTesting: false },
        ips: [{ sceneId: id('at0-equator') }],
        aois: [box(-180, -85, 180, 85)],
      },
      orderRequestInfo: { type: 2 },
    } as unknown as ArchiveOrderRequest;
    const sized = await h.services.orderSizing.sizeArchiveOrder(userId, request);
    const scene = await h.pool.query<{ area: number }>('SELECT area_km2 AS area FROM scenes WHERE id = $1', [
      id('at0-equator'),
    ]);
    const gap = boxAreaKm2(-180, -85, 180, 85) - scene.rows[0]!.area;
    expect(Math.abs(sized.figures.gapArea! - gap)).toBeLessThanOrEqual(toleranceKm2(-180, -85, 180, 85));
  });

  it('lonlat_area_km2 measures shapes wider than 180° in slices, narrower ones as before', async () => {
    const { rows } = await h.pool.query<{ world: number; band: number; band_geography: number }>(
      `SELECT lonlat_area_km2(ST_MakeEnvelope(-180, -85, 180, 85, 4326)) AS world,
              lonlat_area_km2(ST_MakeEnvelope(-180, 0, 180, 10, 4326)) AS band,
              ST_Area(ST_Segmentize(ST_MakeEnvelope(-180, 0, 180, 10, 4326), 0.1)::geography) / 1e6 AS band_geography`,
    );
    const exact = boxAreaKm2(-180, -85, 180, 85);
    expect(Math.abs(rows[0]!.world - exact)).toBeLessThanOrEqual(toleranceKm2(-180, -85, 180, 85));
    expect(Math.abs(rows[0]!.band - rows[0]!.band_geography)).toBeLessThanOrEqual(1e-6 * rows[0]!.band);
  });
});

describe('STAC API boxes', () => {
  const ids = async (request: { url: string } | { payload: object }) => {
    const r =
      'url' in request
        ? await h.app.inject({ url: `${request.url}&collections=${collection}&limit=1000` })
        : await h.app.inject({
            method: 'POST',
            url: '/stac/v1/search',
            payload: { ...request.payload, collections: [collection], limit: 1000 },
          });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().features.map((f: { id: string }) => f.id) as string[];
  };
  const atEveryLongitude = everywhere.map((lon) => id(`at${lon}`));

  it('bbox=-180,-85,180,85 is the whole world, by GET and by POST', async () => {
    expect(await ids({ url: '/stac/v1/search?bbox=-180,-85,180,85' })).toEqual(
      expect.arrayContaining([...atEveryLongitude, id('at175'), id('at-175'), id('inside-south')]),
    );
    expect(await ids({ payload: { bbox: [-180, -85, 180, 85] } })).toEqual(
      expect.arrayContaining([...atEveryLongitude, id('at175'), id('at-175')]),
    );
  });

  it('a box 359.8° wide is read that wide, not as a sliver across the antimeridian', async () => {
    const found = await ids({ url: '/stac/v1/search?bbox=-179.9,-85,179.9,85' });
    expect(found).toEqual(expect.arrayContaining([...atEveryLongitude, id('at0-equator')]));
  });

  it('a box across the antimeridian (west > east) finds 175° and −175°, not 0°', async () => {
    const found = await ids({ url: '/stac/v1/search?bbox=170,-10,-170,10' });
    expect(found).toEqual(expect.arrayContaining([id('at175'), id('at-175')]));
    expect(found).not.toContain(id('at0-equator'));
    expect(found).not.toContain(id('at0'));
  });

  it('intersects with the drawn 10° box finds the scene inside its southern edge, not the one outside', async () => {
    const found = await ids({ payload: { intersects: box(100, 30, 110, 40) } });
    expect(found).toContain(id('inside-south'));
    expect(found).not.toContain(id('outside-north'));
  });
});
