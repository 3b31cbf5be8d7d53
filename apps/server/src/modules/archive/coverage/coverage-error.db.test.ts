import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../../test/harness';
import { overlayFor } from '../../areas';
import { normaliseLonLat } from '../../scenes/lonlat';
import { Random } from '../../weather';
import { coverageArea, type MultiPolygonGeometry, sceneCoverage, unionCoverage } from './coverage';
import { footprintsOf, randomAoi } from './test-helpers';

/**
 * Issue 17: the search's coverage, computed in Node, against the PostGIS figure it replaced —
 * the intersection on the longitude/latitude plane measured on the ellipsoid
 * (`lonlat_area_km2`) — on the real Sentinel-2 and Landsat footprints of data/stac-items and
 * random AOIs (boxes, triangles, concave stars) placed over their edges. Each scene's share and
 * the union's must agree within 0.1 percentage point.
 */

let h: Harness;
/** The real footprints as the search reads them: split at ±180°, GeoJSON to 7 decimals. */
let footprints: { geometry: MultiPolygonGeometry; box: number[] }[];

beforeAll(async () => {
  h = await startHarness();
  const raw = [
    ...footprintsOf('1000-sentinel-2-items.ndjson'),
    ...footprintsOf('100-landsat-items.ndjson'),
  ].map((g) => normaliseLonLat(g));
  const { rows } = await h.pool.query<{ g: MultiPolygonGeometry; box: number[] }>(
    `SELECT ST_AsGeoJSON(w, 7)::json AS g,
            ARRAY[ST_XMin(w), ST_YMin(w), ST_XMax(w), ST_YMax(w)] AS box
       FROM (SELECT ST_Multi(ST_CollectionExtract(ST_WrapX(ST_WrapX(
                      ST_SetSRID(ST_GeomFromGeoJSON(j), 4326), 180, -360), -180, 360), 3)) AS w
               FROM jsonb_array_elements($1::jsonb) AS x(j)) f`,
    [JSON.stringify(raw)],
  );
  footprints = rows.map((r) => ({ geometry: r.g, box: r.box }));
}, 120_000);

describe('coverage in Node against PostGIS on real footprints', () => {
  it('each scene and the union within 0.1 percentage point, on 60 random AOIs', async () => {
    const seeded = new Random(17);
    const random = () => seeded.next();
    const { grid } = overlayFor(h.kind);
    let compared = 0;
    let worstScene = 0;
    let worstUnion = 0;
    for (let i = 0; i < 60; i++) {
      const aoi = randomAoi(footprints, random, (['box', 'triangle', 'star'] as const)[i % 3]!);
      const prepared = await h.services.areasRepository.prepareAois([normaliseLonLat(aoi)]);
      expect(prepared.union).not.toBeNull();
      const [w, s, e, n] = [0, 1, 2, 3].map((k) =>
        (k < 2 ? Math.min : Math.max)(...aoi.coordinates[0]!.map((p) => p[k % 2]!)),
      );
      const near = footprints.filter(
        (f) => f.box[0]! <= e! && f.box[2]! >= w! && f.box[1]! <= n! && f.box[3]! >= s!,
      );
      if (!near.length) continue;
      const { rows } = await h.pool.query<{ scenes: (number | null)[]; union: number }>(
        `WITH a AS (SELECT ST_GeomFromEWKB(decode($1, 'hex')) AS g),
              f AS (SELECT n, ST_SetSRID(ST_GeomFromGeoJSON(j), 4326) AS f
                      FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(j, n))
         SELECT array_agg(CASE WHEN ST_Intersects(f.f, a.g)
                               THEN lonlat_area_km2(ST_Intersection(f.f, a.g, ${grid})) / lonlat_area_km2(a.g) * 100
                               ELSE 0 END ORDER BY n) AS scenes,
                coalesce(lonlat_area_km2(ST_Intersection(ST_Union(f.f, ${grid}), a.g, ${grid}))
                         / lonlat_area_km2(a.g) * 100, 0) AS union
           FROM f, a GROUP BY a.g`,
        [prepared.union, JSON.stringify(near.map((f) => f.geometry))],
      );
      const reference = rows[0]!;
      const area = coverageArea(prepared.unionGeometry!);
      near.forEach((f, k) => {
        const error = Math.abs(sceneCoverage(area, f.geometry) - (reference.scenes[k] ?? 0));
        worstScene = Math.max(worstScene, error);
        compared++;
      });
      const union = unionCoverage(
        area,
        near.map((f) => f.geometry),
      );
      worstUnion = Math.max(worstUnion, Math.abs(union - reference.union));
    }
    // Enough real overlaps to mean something, and the worst of them within the bound.
    expect(compared).toBeGreaterThan(300);
    expect(worstScene).toBeLessThanOrEqual(0.1);
    expect(worstUnion).toBeLessThanOrEqual(0.1);
  }, 300_000);
});
