import { AoiTreeLimits, AoiUploadLimits, ResultCode } from '@satportal/contract';
import { strToU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { exportFile } from './files/export';
import { api, expectRefused, type Reply, square, storedBy, treeCalls, upload } from './test-helpers';

// Limits by cost (issue 26): features per file and nodes per account. The probe's 575 KB KMZ of
// 200,000 Points was stored whole (119 s, the server 5 GB larger for good).

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
const { addFolder, rootOf } = treeCalls(() => h);

const maxFeatures = AoiUploadLimits.maxFeatures;
const maxNodes = AoiTreeLimits.maxNodes;

const pointsGeoJson = (n: number) =>
  strToU8(
    JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: n }, (_, i) => ({
        type: 'Feature',
        properties: { name: `S${i + 1}` },
        geometry: { type: 'Point', coordinates: [100 + (i % 600) * 0.01, 30 + Math.floor(i / 600) * 0.01] },
      })),
    }),
  );
const trianglesGeoJson = (n: number) =>
  strToU8(
    JSON.stringify({
      type: 'FeatureCollection',
      features: Array.from({ length: n }, (_, i) => {
        const [x, y] = [100 + (i % 600) * 0.01, 30 + Math.floor(i / 600) * 0.01];
        const ring = [
          [x, y],
          [x + 0.005, y],
          [x, y + 0.005],
          [x, y],
        ];
        return {
          type: 'Feature',
          properties: { name: `C${i + 1}` },
          geometry: { type: 'Polygon', coordinates: [ring] },
        };
      }),
    }),
  );
const pointsKml = (n: number) =>
  strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>${Array.from(
      { length: n },
      (_, i) =>
        `<Placemark><Point><coordinates>${100 + (i % 600) * 0.01},30</coordinates></Point></Placemark>`,
    ).join('')}</Document></kml>`,
  );
const trianglesShapefile = (n: number) =>
  exportFile(
    Array.from({ length: n }, (_, i) => {
      const [x, y] = [100 + (i % 600) * 0.01, 30 + Math.floor(i / 600) * 0.01];
      const ring = [
        [x, y],
        [x + 0.005, y],
        [x, y + 0.005],
        [x, y],
      ];
      return { name: `C${i + 1}`, geometry: { type: 'Polygon' as const, coordinates: [ring] } };
    }),
    'shp',
    'counties',
  ).body;

/** A user's account filled with `n` folders under "My AOIs", as many folders as the test needs. */
async function fill(userId: number, rootId: number, n: number) {
  await h.pool.query(
    `INSERT INTO aoi_nodes (user_id, parent_id, tree, kind, name, sort_order)
     SELECT $1, $2, 'aois', 'folder', 'filler ' || g, g FROM generate_series(1, $3) AS g`,
    [userId, rootId, n],
  );
}

const nodesOf = async (userId: number) =>
  (
    await h.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM aoi_nodes WHERE user_id = $1 AND kind <> 'root'`,
      [userId],
    )
  ).rows[0]?.n;

/** The account's refusal: 4009, the count it would reach and the limit named. */
function expectFull(r: Reply, nodes: number) {
  expect(r.status, JSON.stringify(r.body)).toBe(409);
  expect(r.body).toMatchObject({
    code: ResultCode.Conflict,
    message: 'aoi.tooManyNodes',
    data: { params: { nodes, limit: maxNodes } },
  });
}

describe('features per file', () => {
  const cases: [string, () => Uint8Array][] = [
    ['counties.geojson', () => trianglesGeoJson(maxFeatures + 1)],
    ['stations.geojson', () => pointsGeoJson(maxFeatures + 1)],
    ['stations.kml', () => pointsKml(maxFeatures + 1)],
    ['counties.zip', () => trianglesShapefile(maxFeatures + 1)],
  ];
  for (const [name, make] of cases) {
    it(`refuses ${name} of ${maxFeatures + 1} features, naming the count and the limit; stores nothing, not even its folder`, async () => {
      const { token, userId } = await h.signedIn();
      await api(h, 'GET', '/aois', token);
      const before = await storedBy(h, userId);
      const r = await upload(h, token, name, make());
      expectRefused(r, 'upload.tooManyFeatures');
      expect(r.body.data.params).toEqual({ features: maxFeatures + 1, limit: maxFeatures });
      expect(await storedBy(h, userId)).toEqual(before);
    });
  }

  it(`stores a file of ${maxFeatures} points, the limit`, async () => {
    const { token, userId } = await h.signedIn();
    const r = await upload(h, token, 'stations.geojson', pointsGeoJson(maxFeatures));
    expect(r.body, JSON.stringify(r.body).slice(0, 300)).toMatchObject({
      code: ResultCode.Success,
      data: { poiCount: maxFeatures, aoiCount: 0, folderId: null },
    });
    expect(await nodesOf(userId)).toBe(maxFeatures);
  });
});

describe('nodes per account', () => {
  it('refuses an upload that would pass the limit, naming the count and the limit; stores nothing', async () => {
    const { token, userId } = await h.signedIn();
    const root = await rootOf(token);
    await fill(userId, root.id, maxNodes - 3);
    const before = await storedBy(h, userId);
    // three AOIs and their folder: one too many
    const r = await upload(h, token, 'counties.geojson', trianglesGeoJson(3));
    expectFull(r, maxNodes + 1);
    expect(r.body.data.field).toBe('file');
    expect(await storedBy(h, userId)).toEqual(before);
    // two and their folder: the account is full
    const fits = await upload(h, token, 'counties.geojson', trianglesGeoJson(2));
    expect(fits.body).toMatchObject({ code: ResultCode.Success, data: { aoiCount: 2 } });
    expect(await nodesOf(userId)).toBe(maxNodes);
    const full = await storedBy(h, userId);
    expectFull(await upload(h, token, 'stations.kml', pointsKml(1)), maxNodes + 1);
    expect(await storedBy(h, userId)).toEqual(full);
  });

  it('refuses a folder, an AOI and a POI drawn in a full account; one deleted makes room', async () => {
    const { token, userId } = await h.signedIn();
    const root = await rootOf(token);
    await fill(userId, root.id, maxNodes);
    const before = await storedBy(h, userId);
    expectFull(
      await api(h, 'POST', '/aois', token, { hasGeo: false, name: 'one more', parentId: root.id }),
      maxNodes + 1,
    );
    const aoi = {
      hasGeo: true,
      name: 'area',
      parentId: root.id,
      geometry: { type: 4, cors: square(10, 10) },
    };
    expectFull(await api(h, 'POST', '/aois', token, aoi), maxNodes + 1);
    const poi = {
      hasGeo: true,
      name: 'point',
      parentId: -1,
      geometry: { type: 1, cors: [{ lat: 1, lng: 2 }] },
    };
    expectFull(await api(h, 'POST', '/aois', token, poi), maxNodes + 1);
    expect(await storedBy(h, userId)).toEqual(before);

    const { rows } = await h.pool.query<{ id: number }>(
      `SELECT id FROM aoi_nodes WHERE user_id = $1 AND kind = 'folder' LIMIT 1`,
      [userId],
    );
    await api(h, 'DELETE', `/aois?ids=${rows[0]?.id}`, token);
    expect((await api(h, 'POST', '/aois', token, poi)).body.code).toBe(ResultCode.Success);
    expect(await nodesOf(userId)).toBe(maxNodes);
  });

  it('lets exactly one of many concurrent creates take the last place', async () => {
    const { token, userId } = await h.signedIn();
    const root = await rootOf(token);
    await fill(userId, root.id, maxNodes - 1);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2
          ? api(h, 'POST', '/aois', token, { hasGeo: false, name: `racer ${i}`, parentId: root.id })
          : api(h, 'POST', '/aois', token, {
              hasGeo: true,
              name: `racer ${i}`,
              parentId: -1,
              geometry: { type: 1, cors: [{ lat: i, lng: i }] },
            }),
      ),
    );
    const codes = answers.map((r) => r.body.code);
    expect(codes.filter((c) => c === ResultCode.Success)).toHaveLength(1);
    for (const r of answers.filter((a) => a.body.code !== ResultCode.Success)) expectFull(r, maxNodes + 1);
    expect(await nodesOf(userId)).toBe(maxNodes);
  });

  it('lets exactly one of concurrent uploads take the last places; another user is not counted', async () => {
    const { token, userId } = await h.signedIn();
    const root = await rootOf(token);
    await fill(userId, root.id, maxNodes - 2);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => upload(h, token, 'counties.geojson', trianglesGeoJson(1))),
    );
    expect(answers.filter((r) => r.body.code === ResultCode.Success)).toHaveLength(1);
    for (const r of answers.filter((a) => a.body.code !== ResultCode.Success)) expectFull(r, maxNodes + 2);
    expect(await nodesOf(userId)).toBe(maxNodes);

    const other = await h.signedIn();
    await addFolder(other.token, 'mine', (await rootOf(other.token)).id);
    expect(await nodesOf(other.userId)).toBe(1);
  });
});
