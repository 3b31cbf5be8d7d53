import type { ArchiveSearchRequest } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../../test/harness';
import { createTestSatellites, scene, searchRequest } from '../../../test/scenes';
import { overlayFor } from '../../areas';
import { normaliseLonLat } from '../../scenes/lonlat';
import { Random } from '../../weather';
import { ArchiveRepository } from '../archive.repository';
import { ArchiveService, filterOf, parseSort } from '../archive.service';
import { HistoryRepository } from '../history.repository';
import type { MultiPolygonGeometry } from './coverage';
import { coverageArea, rectanglesOf } from './search-coverage';
import { type AoiKind, footprintsOf, randomAoi } from './test-helpers';

/**
 * Issue 29: past `unionInNodeMax` matches the union's coverage is estimated from a sample of
 * points (`coverage-sample.ts`), one probe of the index each. On the real Sentinel-2 and Landsat
 * footprints of data/stac-items stored as scenes, random AOIs of 0.1–5° over their edges are
 * searched with the exact union (all footprints in Node) and with the estimate (the limit at 0):
 * the same count and page, the coverage within the bound the documentation states. A drawn box is
 * also tested as rectangles rather than as the densified AOI (`SearchArea.boxes`): the same answer.
 */

let h: Harness;
let satIds: number[];
const prefix = uniqueName('sampled');
let footprints: { geometry: MultiPolygonGeometry }[];

beforeAll(async () => {
  h = await startHarness();
  satIds = (await createTestSatellites(h, 1)).ids;
  const raw = [
    ...footprintsOf('1000-sentinel-2-items.ndjson'),
    ...footprintsOf('100-landsat-items.ndjson'),
  ].map((g) => normaliseLonLat(g));
  const report = await h.services.scenesRepository.upsertScenes(
    raw.map((footprint, i) =>
      scene({ id: `${prefix}-${i}`, satelliteId: satIds[0]!, footprint: footprint as never }),
    ),
  );
  expect(report.rejected).toEqual([]);
  // Normalised footprints are MultiPolygons.
  footprints = raw.map((g) => ({ geometry: g as MultiPolygonGeometry }));
}, 180_000);

const service = (limit?: number) =>
  new ArchiveService(
    new ArchiveRepository(h.pool, overlayFor(h.kind), limit),
    h.services.areasRepository,
    new HistoryRepository(h.pool),
  );

const request = (aoi: unknown) =>
  ({
    ...searchRequest([aoi], satIds, { cc: 100, ona: 90 }),
    page: { start: 0, length: 20 },
  }) as ArchiveSearchRequest;

const kinds: AoiKind[] = ['box', 'triangle', 'star'];

describe('the estimated coverage of a wide search', () => {
  it('is within 2 percentage points of the exact union on 24 AOIs, with the same count and page', async () => {
    const user = (await h.signedIn()).userId;
    const seeded = new Random(29);
    const random = () => seeded.next();
    const errors: number[] = [];
    for (let i = 0; i < 24; i++) {
      const aoi = randomAoi(footprints, random, kinds[i % 3]!, 2);
      const exact = await service().search(user, request(aoi));
      const estimated = await service(0).search(user, request(aoi));
      expect(estimated.count).toBe(exact.count);
      expect(estimated.images.map((s) => s.sceneId)).toEqual(exact.images.map((s) => s.sceneId));
      if (exact.count > 0 && exact.ac < 100) errors.push(Math.abs(estimated.ac - exact.ac));
    }
    // Enough partial unions to mean something; the worst within the stated bound.
    errors.sort((a, b) => a - b);
    console.info(
      `sampled coverage: ${errors.length} partial unions, error median ${errors[errors.length >> 1]?.toFixed(2)}, worst ${errors.at(-1)?.toFixed(2)} points`,
    );
    expect(errors.length).toBeGreaterThan(10);
    expect(errors.at(-1)).toBeLessThanOrEqual(2);
  }, 300_000);

  it('of a drawn box, tested as rectangles, finds the scenes the densified AOI finds', async () => {
    const repository = new ArchiveRepository(h.pool, overlayFor(h.kind));
    const seeded = new Random(31);
    const random = () => seeded.next();
    let found = 0;
    for (let i = 0; i < 20; i++) {
      const aoi = normaliseLonLat(randomAoi(footprints, random, 'box', 2));
      const prepared = await h.services.areasRepository.prepareAois([aoi as never]);
      const rectangles = rectanglesOf(coverageArea(prepared.unionGeometry!));
      expect(rectangles.boxes).toHaveLength(1);
      const area = { aoi: prepared.union!, areaKm2: prepared.areaKm2, snapshot: prepared.snapshot };
      const filter = filterOf({
        aois: [aoi],
        condition: request(aoi).condition,
        satIds,
        sensor: {},
      } as never);
      const page = (boxes: object) =>
        repository.firstPage({ ...area, ...boxes }, filter, parseSort(undefined), 1000, 0);
      const [asBoxes, asAoi] = [await page(rectangles), await page({})];
      const ids = (p: typeof asAoi) => p.rows.map((r) => r.id);
      expect(asBoxes.count).toBe(asAoi.count);
      expect(ids(asBoxes)).toEqual(ids(asAoi));
      expect(asBoxes.otherFootprints).toEqual(asAoi.otherFootprints);
      found += asAoi.count;
    }
    expect(found).toBeGreaterThan(50);
  }, 120_000);
});
