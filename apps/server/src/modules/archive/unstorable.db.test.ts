import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, loginNewUser, postSearch, scene, searchRequest } from '../../test/scenes';

/**
 * Issue 11 "Hardening": AOIs PostGIS cannot hold as the search uses them (its area is stored as
 * geography and measured) are refused by the archive search and the tasking prediction with
 * 4000, `aois`, the AOI's index and a reason key, before any SQL; the STAC API, which only
 * intersects on the plane, keeps the whole world and refuses what the database would fail on.
 */

let h: Harness;
let token: string;
let sats: number[];
const prefix = uniqueName('unst');
const dayMs = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);

beforeAll(async () => {
  h = await startHarness();
  token = await loginNewUser(h);
  sats = (await createTestSatellites(h, 1)).ids;
});

const polygon = (ring: number[][]) => ({ type: 'Polygon', coordinates: [ring] });
/** A box as the map sends it: edges in steps of at most 90° (the search reads a longer step the short way round). */
function drawnBox(w: number, s: number, e: number, n: number) {
  const xs = [w];
  while ((xs.at(-1) as number) + 90 < e) xs.push((xs.at(-1) as number) + 90);
  xs.push(e);
  return polygon([...xs.map((x) => [x, s]), ...[...xs].reverse().map((x) => [x, n]), [w, s]]);
}
const world = box(-180, -90, 180, 90);

/** [what, AOIs, index, reason key] */
const refused: [string, unknown[], number, string][] = [
  ['the whole world', [world], 0, 'aoi.aroundTheWorld'],
  ['the whole world drawn in steps of 90°', [drawnBox(-180, -90, 180, 90)], 0, 'aoi.aroundTheWorld'],
  ['a near-whole-world box', [drawnBox(-179, -85, 179, 85)], 0, 'aoi.tooLarge'],
  [
    'two halves that meet',
    [box(10, 10, 11, 11), drawnBox(-180, -85, 0, 85), drawnBox(0, -85, 180, 85)],
    2,
    'aoi.tooLarge',
  ],
  ['pole to pole', [box(10, 10, 11, 11), box(-10, -90, 10, 90)], 1, 'aoi.antipodalEdge'],
  ['no area', [box(0, 0, 1e-12, 1e-12)], 0, 'aoi.zeroArea'],
  ['a huge longitude', [box(0, 0, 1e300, 1)], 0, 'aoi.outOfRange'],
];

describe('archive search', () => {
  for (const [what, aois, index, reason] of refused) {
    it(`refuses ${what} with 4000, the AOI's index and ${reason}`, async () => {
      const r = await postSearch(h, token, searchRequest(aois, sats));
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({
        code: ResultCode.ValidationFailed,
        message: 'search.invalidAoi',
        data: { field: 'aois', params: { index, reason } },
      });
    });
  }

  it('searches a legitimately huge AOI and measures its coverage right', async () => {
    const half = box(0, -85, 179.9, 85);
    await h.services.scenesRepository.upsertScenes([
      scene({ id: `${prefix}-half`, satelliteId: sats[0]!, footprint: box(0, -85, 89.95, 85) }),
    ]);
    const r = await postSearch(h, token, searchRequest([half], sats, { cc: 100, ona: 90 }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ count: 1, ac: 50 });
  });
});

describe('tasking prediction', () => {
  for (const [what, aois, index, reason] of refused) {
    it(`refuses ${what} with 4000, the AOI's index and ${reason}`, async () => {
      const r = await h.call('POST', '/tasking/predictions', {
        token,
        body: {
          aois,
          condition: { fdate: day(1), tdate: day(3), cc: 15, ac: 100, ona: 25, sza: 0 },
          satIds: sats,
          sensor: {},
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({
        code: ResultCode.ValidationFailed,
        message: 'search.invalidAoi',
        data: { field: 'aois', params: { index, reason } },
      });
    });
  }
});

describe('STAC API', () => {
  const search = (payload: object) => h.app.inject({ method: 'POST', url: '/stac/v1/search', payload });

  it('keeps the whole world as a search area, by bbox and by intersects', async () => {
    expect((await h.app.inject({ url: '/stac/v1/search?bbox=-180,-90,180,90' })).statusCode).toBe(200);
    expect((await search({ intersects: world })).statusCode).toBe(200);
  });

  it('refuses with 400 what the database would fail on or misread, never 500', async () => {
    const cases: [string, unknown, RegExp][] = [
      [
        'an open ring',
        polygon([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
        /closed/,
      ],
      [
        'a latitude beyond the pole',
        polygon([
          [0, 0],
          [1, 0],
          [1, 95],
          [0, 0],
        ]),
        /out of range/,
      ],
      [
        'a huge longitude',
        polygon([
          [0, 0],
          [1e300, 0],
          [1e300, 1],
          [0, 0],
        ]),
        /out of range/,
      ],
      ['no area', box(0, 0, 1e-12, 1e-12), /no area/],
    ];
    for (const [what, intersects, description] of cases) {
      const r = await search({ intersects });
      expect(r.statusCode, what).toBe(400);
      expect(r.json(), what).toMatchObject({
        code: 'BadRequest',
        description: expect.stringMatching(description),
      });
    }
  });
});
