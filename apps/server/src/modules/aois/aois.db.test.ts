import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { api, square, treeCalls, unitSquareOpen } from './test-helpers';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});

const { newUser, tree, rootOf, addFolder, addAoi, addPoi, nodeCount } = treeCalls(() => h);

describe('the trees', () => {
  it('gives each user "My AOIs" and "My POIs", read-only roots at parent -1', async () => {
    const token = await newUser();
    expect(await tree(token)).toEqual([
      expect.objectContaining({ name: 'My AOIs', kind: 'root', parentId: -1, readonly: true, hasGeo: false }),
    ]);
    expect(await tree(token, 2)).toEqual([
      expect.objectContaining({ name: 'My POIs', kind: 'root', parentId: -1, readonly: true }),
    ]);
  });

  it('adds folders, AOIs and POIs, lists them parents first, and returns one node with its geometry', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const folder = await addFolder(token, ' Fields ', root.id);
    const aoi = await addAoi(token, 'North field', folder);
    const poi = await addPoi(token, 'Gate', 39.904211, 116.407395);

    const aois = await tree(token);
    expect(aois.map((n: { name: string }) => n.name)).toEqual(['My AOIs', 'Fields', 'North field']);
    const listed = aois[2];
    expect(listed).toMatchObject({ id: aoi, kind: 'aoi', hasGeo: true, parentId: folder, geometry: null });
    // a 1° square at 10°N: about 12,100 km² (geodesic)
    expect(listed.area).toBeGreaterThan(12_000);
    expect(listed.area).toBeLessThan(12_300);

    const one = await api(h, 'GET', `/aois/${aoi}`, token);
    expect(one.body.data.geometry.type).toBe(4);
    // the open ring drawn was closed: 4 corners + the closing position, and each 1° parallel
    // cut into 4 pieces (densified: a piece's great circle within 10 m of the parallel)
    const cors: { lat: number; lng: number }[] = one.body.data.geometry.cors;
    expect(cors).toHaveLength(11);
    for (const corner of square(10, 10)) expect(cors).toContainEqual(corner);
    expect(one.body.data.geometry.geojson.type).toBe('Polygon');

    const pois = await tree(token, 2);
    expect(pois[1]).toMatchObject({
      id: poi,
      kind: 'poi',
      parentId: pois[0].id,
      geometry: { type: 1, cors: [{ lat: 39.904211, lng: 116.407395 }] },
    });
  });

  it('keeps holes and islands exactly as given, with positions inserted only along their edges', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const geojson = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0.123456789012345, 0],
            [3, 0],
            [3, 3],
            [0, 3],
            [0.123456789012345, 0],
          ],
          [
            [1, 1],
            [1, 2],
            [2, 2],
            [2, 1],
            [1, 1],
          ],
        ],
        [
          [
            [10, 10],
            [11, 10],
            [11, 11],
            [10, 10],
          ],
        ],
      ],
    };
    const r = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: 'Islands',
      parentId: root.id,
      geometry: { type: 4, geojson },
    });
    const stored = r.body.data.geometry.geojson;
    expect(stored.type).toBe('MultiPolygon');
    geojson.coordinates.forEach((polygon, i) => {
      expect(stored.coordinates[i]).toHaveLength(polygon.length);
      polygon.forEach((ring, j) => {
        expectInsertedAlongEdges(ring, stored.coordinates[i][j]);
      });
    });
    // the parallel at 3°N of the first island, drawn in one edge of 3°, is cut into 4
    expect(stored.coordinates[0][0]).toHaveLength(8);
  });

  it('names the field of every bad add, with the keys of the spec, and writes nothing', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const before = await nodeCount(token);
    const cases: [unknown, string, string][] = [
      [
        { hasGeo: true, name: '  ', parentId: root.id, geometry: { type: 4, cors: square(0, 0) } },
        'name',
        'tip.aoiName',
      ],
      [
        { hasGeo: true, name: 'x'.repeat(51), parentId: root.id, geometry: { type: 4, cors: square(0, 0) } },
        'name',
        'aoi.nameTooLong',
      ],
      [
        { hasGeo: true, name: 'A', geometry: { type: 4, cors: square(0, 0) } },
        'parentId',
        'tip.chooseFolder',
      ],
      [
        { hasGeo: true, name: 'A', parentId: -1, geometry: { type: 4, cors: square(0, 0) } },
        'parentId',
        'tip.chooseFolder',
      ],
      [{ hasGeo: false, name: '', parentId: root.id }, 'name', 'poi.tipAOIname'],
      [
        { hasGeo: true, name: '', parentId: -1, geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] } },
        'name',
        'poi.tipPOIname',
      ],
      [{ hasGeo: true, name: 'A', parentId: root.id }, 'geometry', 'common.dataError'],
      // two vertices: with the closing position three, below the four a ring needs
      [
        { hasGeo: true, name: 'A', parentId: root.id, geometry: { type: 4, cors: square(0, 0).slice(0, 2) } },
        'geometry',
        'aoi.tooFewPoints',
      ],
      [
        {
          hasGeo: true,
          name: 'Bow tie',
          parentId: root.id,
          geometry: {
            type: 4,
            cors: [
              { lat: 0, lng: 0 },
              { lat: 1, lng: 1 },
              { lat: 0, lng: 1 },
              { lat: 1, lng: 0 },
            ],
          },
        },
        'geometry',
        'aoi.selfIntersection',
      ],
      [
        {
          hasGeo: true,
          name: 'Open',
          parentId: root.id,
          geometry: {
            type: 4,
            geojson: {
              type: 'Polygon',
              coordinates: [[...unitSquareOpen]],
            },
          },
        },
        'geometry',
        'aoi.ringNotClosed',
      ],
      [
        { hasGeo: true, name: 'P', parentId: -1, geometry: { type: 1, cors: [{ lat: 1, lng: 999 }] } },
        'geometry',
        'aoi.outOfRange',
      ],
      [
        { hasGeo: true, name: 'P', parentId: root.id, geometry: { type: 1, cors: [{ lat: 1, lng: 1 }] } },
        'parentId',
        'aoi.wrongTree',
      ],
    ];
    for (const [body, field, message] of cases) {
      const r = await api(h, 'POST', '/aois', token, body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.body, JSON.stringify(body)).toMatchObject({ message, data: { field } });
    }
    // a triangle (three corners, four positions once closed) is the smallest AOI
    await addAoi(token, 'Triangle', root.id, square(0, 0).slice(0, 3));
    expect(await nodeCount(token)).toBe(before + 1);
  });

  it('brings a shape drawn on a wrapped world map back into ±180°, split at the antimeridian', async () => {
    const token = await newUser();
    const root = await rootOf(token);
    const id = await addAoi(token, 'Fiji', root.id, square(179.5, -17));
    const shape = (await api(h, 'GET', `/aois/${id}`, token)).body.data.geometry.geojson;
    expect(shape.type).toBe('MultiPolygon');
    const lons = shape.coordinates.flat(2).map((p: number[]) => p[0]);
    expect(Math.max(...lons)).toBeLessThanOrEqual(180);
    expect(Math.min(...lons)).toBeGreaterThanOrEqual(-180);
  });
});

/**
 * `stored` holds the positions of `sent` in order, exactly, and whatever lies between two of them
 * lies on the straight longitude/latitude edge joining them.
 */
function expectInsertedAlongEdges(sent: number[][], stored: number[][]) {
  let k = 0;
  for (const p of stored) {
    if (p[0] === sent[k]![0] && p[1] === sent[k]![1]) {
      k++;
      continue;
    }
    const [a, b] = [sent[k - 1]!, sent[k]!];
    const t =
      Math.abs(b[0]! - a[0]!) > Math.abs(b[1]! - a[1]!)
        ? (p[0]! - a[0]!) / (b[0]! - a[0]!)
        : (p[1]! - a[1]!) / (b[1]! - a[1]!);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThan(1);
    expect(p[0]).toBeCloseTo(a[0]! + t * (b[0]! - a[0]!), 12);
    expect(p[1]).toBeCloseTo(a[1]! + t * (b[1]! - a[1]!), 12);
  }
  expect(k).toBe(sent.length);
}
