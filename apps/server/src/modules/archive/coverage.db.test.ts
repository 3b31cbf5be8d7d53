import { ResultCode } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, loginNewUser, postSearch, scene, searchRequest } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { Random } from '../weather';

/**
 * AOI coverage (issue 3): the share of the AOI covered by the union of the matching footprints,
 * geodesic, to 2 decimals — not a sum of overlaps.
 */

let h: Harness;
let token: string;
let satIds: number[];
const prefix = uniqueName('cov');

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  satIds = (await createTestSatellites(h, 1)).ids;
  token = await loginNewUser(h);
});

let n = 0;
/** Stores scenes with the given footprints; answers their ids. */
async function stored(...footprints: { type: 'Polygon'; coordinates: number[][][] }[]) {
  const scenes = footprints.map((footprint) =>
    scene({ id: `${prefix}-${n++}`, satelliteId: satIds[0]!, footprint }),
  );
  const report = await h.services.scenesRepository.upsertScenes(scenes);
  expect(report.rejected).toEqual([]);
  return scenes.map((s) => s.id);
}

async function search(aoi: unknown) {
  const r = await postSearch(h, token, searchRequest([aoi], satIds));
  expect(r.body.code, JSON.stringify(r.body)).toBe(ResultCode.Success);
  return r.body.data as {
    count: number;
    ac: number;
    images: { sceneId: string; ac: number; boundaries: number[][][] }[];
  };
}

const acOf = (data: Awaited<ReturnType<typeof search>>) =>
  Object.fromEntries(data.images.map((i) => [i.sceneId, i.ac]));

describe('coverage of the AOI by the union of the footprints', () => {
  it('two scenes covering the two halves of the AOI cover 100 %, each 50 %', async () => {
    const [west, east] = await stored(box(10, 40, 11, 41), box(11, 40, 12, 41));
    const data = await search(box(10, 40, 12, 41));
    expect(data.count).toBe(2);
    expect(data.ac).toBe(100);
    expect(acOf(data)).toEqual({ [west!]: 50, [east!]: 50 });
  });

  it('two identical scenes count their area once', async () => {
    const [a, b] = await stored(box(20, 40, 21, 41), box(20, 40, 21, 41));
    const data = await search(box(20, 40, 22, 41));
    expect(data.count).toBe(2);
    expect(data.ac).toBe(50);
    expect(acOf(data)).toEqual({ [a!]: 50, [b!]: 50 });
  });

  it('overlapping scenes are united, not summed', async () => {
    // 0–2° and 1–3° of a 4°-wide band at the equator: the union is 3° of 4°, the sum 4° of 4°.
    await stored(box(30, 0, 32, 1), box(31, 0, 33, 1));
    const data = await search(box(30, 0, 34, 1));
    expect(data.ac).toBe(75);
    expect(data.images.map((i) => i.ac)).toEqual([50, 50]);
  });

  it('a scene inside the AOI covers its own area, and the minimum coverage filter sees it so', async () => {
    // The middle half (in longitude) of a 2° × 1° AOI at the equator, touching its edges: 50 %
    // by symmetry; and 0.25° × 0.5° strictly inside, near the equator where area is all but
    // proportional to latitude: 6.25 %.
    const [half, inner] = await stored(box(60.5, 0, 61.5, 1), box(61.7, 0.25, 61.95, 0.75));
    const aoi = box(60, 0, 62, 1);
    const data = await search(aoi);
    expect(acOf(data)).toEqual({ [half!]: 50, [inner!]: 6.25 });
    expect(data.ac).toBe(56.25);
    const atLeastHalf = await postSearch(h, token, searchRequest([aoi], satIds, { ac: 50 }));
    expect(atLeastHalf.body.data.images.map((i: { sceneId: string }) => i.sceneId)).toEqual([half]);
    const moreThanHalf = await postSearch(h, token, searchRequest([aoi], satIds, { ac: 51 }));
    expect(moreThanHalf.body.data.count).toBe(0);
  });

  it('a scene covering the whole AOI covers 100 %, an AOI with no scene 0 %', async () => {
    await stored(box(40, 10, 43, 13));
    expect((await search(box(41, 11, 42, 12))).ac).toBe(100);
    const none = await search(box(44, 11, 45, 12));
    expect(none).toMatchObject({ count: 0, ac: 0, images: [] });
  });

  it('a scene crossing the antimeridian is stored split and covers AOIs on both sides', async () => {
    // Written as GeoJSON usually writes it: 179.5 → −179.5 across ±180°.
    const crossing = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [179.5, -20],
          [-179.5, -20],
          [-179.5, -19],
          [179.5, -19],
          [179.5, -20],
        ],
      ],
    };
    const [id] = await stored(crossing as ReturnType<typeof box>);
    const { rows } = await h.pool.query(
      `SELECT ST_NumGeometries(footprint::geometry) AS parts, ST_XMin(footprint::geometry) AS west,
              ST_XMax(footprint::geometry) AS east, round(area_km2) AS area
         FROM scenes WHERE id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ parts: 2, west: -180, east: 180 });
    // 1° × 1° near 19.5° S: about 111.3 km × 104.9 km
    expect(Number(rows[0].area)).toBeGreaterThan(11_600);
    expect(Number(rows[0].area)).toBeLessThan(11_700);

    // An AOI drawn on a wrapped map (longitudes beyond 180), across the line: half of it.
    const across = await search(box(179, -20, 181, -19));
    expect(across.ac).toBe(50);
    expect(across.images).toHaveLength(1);
    const parts = across.images[0]!.boundaries;
    expect(parts).toHaveLength(2);
    for (const ring of parts) for (const [lon] of ring) expect(Math.abs(lon!)).toBeLessThanOrEqual(180);

    // The same AOI written across ±180° as GeoJSON does.
    const written = {
      type: 'Polygon',
      coordinates: [
        [
          [179, -20],
          [-179, -20],
          [-179, -19],
          [179, -19],
          [179, -20],
        ],
      ],
    };
    expect((await search(written)).ac).toBe(50);
    // AOIs on one side only: −179.75…−179.25 is half covered, 179…179.75 one third.
    expect((await search(box(-179.75, -20, -179.25, -19))).ac).toBe(50);
    expect((await search(box(179, -20, 179.75, -19))).ac).toBe(33.33);
  });
});

/** A convex quadrilateral around (cx, cy), counter-clockwise. */
function quadrilateral(rnd: () => number, cx: number, cy: number, size: number) {
  const angles = [0, 1, 2, 3].map((i) => (i + 0.2 + rnd() * 0.6) * (Math.PI / 2));
  const ring = angles.map((a) => {
    const r = size * (0.5 + rnd() * 0.5);
    return [Number((cx + r * Math.cos(a)).toFixed(6)), Number((cy + r * Math.sin(a)).toFixed(6))];
  });
  return { type: 'Polygon' as const, coordinates: [[...ring, ring[0]!]] };
}

describe('coverage against PostGIS on random cases', () => {
  it('equals inclusion–exclusion of the pairwise and triple intersections', async () => {
    const seeded = new Random(20240615);
    const rnd = () => seeded.next();
    for (let k = 0; k < 12; k++) {
      // Twelve separate places, so that the cases do not see each other's scenes.
      const cx = -150 + k * 25 + rnd() * 5;
      const cy = -60 + rnd() * 120;
      const footprints = [0, 1, 2].map(() => quadrilateral(rnd, cx + (rnd() - 0.5), cy + (rnd() - 0.5), 1));
      const aoi = quadrilateral(rnd, cx, cy, 1.2);
      await stored(...footprints);
      const data = await search(aoi);

      // Σ|Aᵢ∩X| − Σ|Aᵢ∩Aⱼ∩X| + |A₁∩A₂∩A₃∩X|, each area geodesic after the same 0.1° densifying.
      const { rows } = await h.pool.query(
        `WITH x AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($1), 4326) AS x),
              f AS (SELECT i, ST_SetSRID(ST_GeomFromGeoJSON(j), 4326) AS g
                      FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(j, i)),
              area AS (SELECT ST_Area(ST_Segmentize(x, 0.1)::geography) AS a FROM x)
         SELECT ((SELECT sum(ST_Area(ST_Segmentize(ST_Intersection(f.g, x), 0.1)::geography)) FROM f, x)
               - (SELECT coalesce(sum(ST_Area(ST_Segmentize(ST_Intersection(ST_Intersection(a.g, b.g), x), 0.1)::geography)), 0)
                    FROM f a JOIN f b ON a.i < b.i, x)
               + (SELECT coalesce(ST_Area(ST_Segmentize(ST_Intersection(ST_Intersection(ST_Intersection(a.g, b.g), c.g), x), 0.1)::geography), 0)
                    FROM f a, f b, f c, x WHERE a.i = 1 AND b.i = 2 AND c.i = 3))
               / (SELECT a FROM area) * 100 AS union_share,
                (SELECT array_agg(round((ST_Area(ST_Segmentize(ST_Intersection(f.g, x), 0.1)::geography)
                                   / (SELECT a FROM area) * 100)::numeric, 2) ORDER BY i) FROM f, x) AS shares`,
        [JSON.stringify(aoi), JSON.stringify(footprints)],
      );
      const expected = Number(rows[0].union_share);
      const matching = rows[0].shares.map(Number).filter((s: number) => s > 0);
      expect(data.ac, `case ${k}`).toBeCloseTo(Math.round(expected * 100) / 100, 2);
      expect(data.images.map((i) => i.ac).sort(), `case ${k}`).toEqual(matching.sort());
    }
  });
});
