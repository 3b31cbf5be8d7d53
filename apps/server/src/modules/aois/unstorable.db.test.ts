import { threadId } from 'node:worker_threads';
import { apiPath, ResultCode } from '@satportal/contract';
import { strToU8 } from 'fflate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { boxPolygon } from '../orbits/footprint';
import { AoisRepository } from './aois.repository';
import { uploadReader } from './files/upload-pool';
import { api, upload } from './test-helpers';

/**
 * Issue 11 "Hardening": shapes PostGIS cannot hold as the product uses them are refused before
 * SQL (whole world, near-whole-world, antipodal edges, no area), an upload keeps every feature
 * that can be stored and names the others by their position in the file, and files are read
 * off the request thread.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const box = boxPolygon;
const world = box(-180, -90, 180, 90);
const feature = (name: string, geometry: unknown) => ({ type: 'Feature', properties: { name }, geometry });
const collection = (features: unknown[]) => JSON.stringify({ type: 'FeatureCollection', features });

const count = async (userId: number) =>
  (await h.pool.query('SELECT count(*)::int AS n FROM aoi_nodes WHERE user_id = $1', [userId])).rows[0].n;

describe('POST /aois', () => {
  it('refuses shapes PostGIS cannot hold with 4000, the field and a reason key; keeps huge ones it can', async () => {
    const { token, userId } = await h.signedIn();
    const root = (await api(h, 'GET', '/aois', token)).body.data.aois[0];
    const before = await count(userId);
    const refused: [string, unknown, string, Record<string, unknown>?][] = [
      [
        'whole world',
        { geojson: world },
        'aoi.tooLarge',
        { max: expect.any(Number), area: expect.any(Number) },
      ],
      [
        'whole world, drawn',
        { cors: world.coordinates[0]!.slice(0, 4).map(([lng, lat]) => ({ lat, lng })) },
        'aoi.tooLarge',
      ],
      ['near-whole-world', { geojson: box(-180, -85, 180, 85) }, 'aoi.tooLarge'],
      ['near-whole-world inside ±180', { geojson: box(-179, -85, 179, 85) }, 'aoi.tooLarge'],
      [
        'pole to pole',
        { geojson: box(-10, -90, 10, 90) },
        'aoi.antipodalEdge',
        { from: '10, -90', to: '10, 90' },
      ],
      [
        'half the equator in one edge',
        {
          geojson: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [180, 0],
                [180, 10],
                [0, 10],
                [0, 0],
              ],
            ],
          },
        },
        'aoi.antipodalEdge',
      ],
      ['no area', { geojson: box(0, 0, 1e-12, 1e-12) }, 'aoi.zeroArea'],
      ['huge longitude', { geojson: box(0, 0, 1e300, 1) }, 'aoi.outOfRange'],
    ];
    for (const [name, geometry, reason, params] of refused) {
      const r = await api(h, 'POST', '/aois', token, {
        hasGeo: true,
        name,
        parentId: root.id,
        geometry: { type: 4, ...(geometry as object) },
      });
      expect(r.status, name).toBe(400);
      expect(r.body, name).toMatchObject({
        code: ResultCode.ValidationFailed,
        message: reason,
        data: { field: 'geometry', ...(params ? { params } : {}) },
      });
    }
    expect(await count(userId)).toBe(before);

    // half the Earth less a sliver, and a band all round the world: stored with their true areas
    const half = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: 'half',
      parentId: root.id,
      geometry: { type: 4, geojson: box(0, -85, 179.9, 85) },
    });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(half.body.data.area).toBeCloseTo(253_912_515.24, -1);
    const band = await api(h, 'POST', '/aois', token, {
      hasGeo: true,
      name: 'band',
      parentId: root.id,
      geometry: { type: 4, geojson: box(-180, 0, 180, 10) },
    });
    expect(band.body.data.area).toBeCloseTo(44_093_973.51, -1);
    expect((await api(h, 'GET', '/aois', token)).status).toBe(200);
  });
});

describe('uploads, feature by feature', () => {
  it('imports 39 of 40 features and names the whole-world one by its index and reason', async () => {
    const { token } = await h.signedIn();
    const features = Array.from({ length: 40 }, (_, i) =>
      feature(`Area ${i}`, i === 17 ? world : box(i, 0, i + 0.5, 0.5)),
    );
    const r = await upload(h, token, 'forty.geojson', strToU8(collection(features)));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ aoiCount: 39, failAoiCount: 1, poiCount: 0 });
    expect(r.body.data.failures).toEqual([
      {
        index: 17,
        name: 'Area 17',
        kind: 'aoi',
        part: null,
        reason: 'aoi.tooLarge',
        params: { area: expect.any(Number), max: expect.any(Number) },
      },
    ]);
    const names = (await api(h, 'GET', '/aois', token)).body.data.aois.map((n: { name: string }) => n.name);
    expect(names).toHaveLength(41); // "My AOIs", the upload's folder "forty" and the 39
    expect(names).not.toContain('Area 17');
  });

  it('refuses each unstorable feature alone, by index, and keeps the rest', async () => {
    const { token } = await h.signedIn();
    const features = [
      feature('good', box(0, 0, 1, 1)),
      feature('pole to pole', box(-10, -90, 10, 90)),
      feature('no area', box(0, 0, 1e-12, 1e-12)),
      feature('near-whole-world', box(-180, -85, 180, 85)),
      feature('INFINITE', box(0, 0, 2, 2)),
      feature('point', { type: 'Point', coordinates: [116.4, 39.9] }),
      feature('islands', {
        type: 'MultiPolygon',
        coordinates: [box(20, 0, 21, 1).coordinates, box(-180, -90, 180, 90).coordinates],
      }),
    ];
    // a position JSON reads as Infinity
    const text = collection(features).replace('[2,2]', '[2,1e400]');
    const r = await upload(h, token, 'mixed.geojson', strToU8(text));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ aoiCount: 2, poiCount: 1, failAoiCount: 5 });
    expect(
      r.body.data.failures.map((f: { index: number; part: number | null; reason: string }) => [
        f.index,
        f.part,
        f.reason,
      ]),
    ).toEqual([
      [1, null, 'aoi.antipodalEdge'],
      [2, null, 'aoi.zeroArea'],
      [3, null, 'aoi.tooLarge'],
      [4, null, 'aoi.badCoordinates'],
      [6, 2, 'aoi.tooLarge'],
    ]);
  });

  it('imports a KML whose names hold NUL, other control and bidi characters, without them', async () => {
    const { token } = await h.signedIn();
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Gate\u0000 one</name><Point><coordinates>116.39,39.9</coordinates></Point></Placemark>
<Placemark><name>\u202Egpj.exe\u0007</name><Point><coordinates>116.4,39.9</coordinates></Point></Placemark>
<Placemark><name>\u0000</name><Point><coordinates>116.41,39.9</coordinates></Point></Placemark>
</Document></kml>`;
    const r = await upload(h, token, 'names.kml', strToU8(kml));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.poiCount).toBe(3);
    const pois = (await api(h, 'GET', '/aois?type=2', token)).body.data.aois;
    expect(pois.map((n: { name: string }) => n.name).slice(1)).toEqual(['Gate one', 'gpj.exe', 'Point1']);
  });
});

describe('shape checks in SQL', () => {
  it('a statement failing for one polygon answers for the others and names the failure', async () => {
    const repository = new AoisRepository(h.pool);
    const good = JSON.stringify(box(0, 0, 1, 1));
    // ST_GeomFromGeoJSON throws on this one
    const broken = '{"type":"Polygon","coordinates":[[[0,0],[1,0],"x"]]}';
    const verdicts = await repository.checkParts([good, broken, good]);
    expect(verdicts.map((v) => v.valid)).toEqual([true, false, true]);
    expect(verdicts[1]?.error).toEqual(expect.any(String));
    expect(verdicts[0]?.error).toBeNull();

    const shaped = await repository.shapes([
      { kind: 'aoi', geojson: good },
      { kind: 'aoi', geojson: broken },
      { kind: 'poi', geojson: JSON.stringify({ type: 'Point', coordinates: [1, 2] }) },
    ]);
    expect(shaped.map((s) => s.error === null)).toEqual([true, false, true]);
    expect(shaped[0]?.area).toBeGreaterThan(12_000);
  });
});

describe('reading files off the request thread', () => {
  /** A valid polygon of `n` positions (a circle of radius 1° around 10° E 10° N). */
  const circle = (n: number) => {
    const ring: number[][] = [];
    for (let i = 0; i < n - 1; i++) {
      const a = (2 * Math.PI * i) / (n - 1);
      ring.push([Number((10 + Math.cos(a)).toFixed(7)), Number((10 + Math.sin(a)).toFixed(7))]);
    }
    ring.push(ring[0]!);
    return collection([feature('circle', { type: 'Polygon', coordinates: [ring] })]);
  };

  it('parses and checks a file in a worker thread', async () => {
    const read = await uploadReader.read(strToU8(circle(1000)), 'geojson');
    expect(read.threadId).not.toBe(threadId);
    expect(read.threadId).toBeGreaterThan(0);
    expect(read.candidates).toHaveLength(1);
  });

  it('answers GET /health sent while a 100,000-position upload is being read, before the upload', async () => {
    const { token } = await h.signedIn();
    const file = strToU8(circle(100_000));
    const events: string[] = [];
    const read = uploadReader.read.bind(uploadReader);
    let health: Promise<unknown> | undefined;
    vi.spyOn(uploadReader, 'read').mockImplementation((...args) => {
      const reading = read(...args).finally(() => events.push('read'));
      // sent once the file is being read: answered while the reading goes on
      health = h.app.inject({ url: apiPath('/health') }).then((r) => {
        events.push(`health ${r.statusCode}`);
      });
      return reading;
    });
    const r = await upload(h, token, 'circle.geojson', file).finally(() => events.push('upload'));
    await health;
    expect(r.body.data, JSON.stringify(r.body)).toMatchObject({ aoiCount: 1 });
    expect(events).toEqual(['health 200', 'read', 'upload']);
  });
});
