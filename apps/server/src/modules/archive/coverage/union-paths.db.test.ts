import type { ArchiveSearchRequest } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../../test/harness';
import { box, createTestSatellites, scene, searchRequest } from '../../../test/scenes';
import { overlayFor } from '../../areas';
import { defaultConstellation } from '../../catalogue/constellation';
import { ArchiveRepository } from '../archive.repository';
import { ArchiveService } from '../archive.service';
import { HistoryRepository } from '../history.repository';

/**
 * The union's coverage has two paths: Node unites the footprints the first-page statement sends,
 * or past `unionInNodeMax` matches a sample of points estimates it. Both answer the same count
 * and per-scene coverage, the union within the estimate's bound, and a page shorter than the
 * matches still counts every match in the union.
 */

let h: Harness;
let satIds: number[];
const prefix = uniqueName('paths');

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  satIds = (await createTestSatellites(h, 1)).ids;
  // Overlapping boxes and a triangle over a 2° × 2° AOI at 40° N: a union of neither 0 nor 100 %.
  const footprints = [
    box(100, 40, 101, 41),
    box(100.5, 40.5, 101.5, 41.5),
    box(101.2, 39.5, 102.5, 40.4),
    box(99.5, 41.6, 100.4, 42.5),
    {
      type: 'Polygon' as const,
      coordinates: [
        [
          [100, 40.2],
          [101.8, 41.9],
          [100.1, 41.9],
          [100, 40.2],
        ],
      ],
    },
  ];
  const report = await h.services.scenesRepository.upsertScenes(
    footprints.map((footprint, i) => scene({ id: `${prefix}-${i}`, satelliteId: satIds[0]!, footprint })),
  );
  expect(report.rejected).toEqual([]);
});

const request = (length = 1000) =>
  ({ ...searchRequest([box(100, 40, 102, 42)], satIds), page: { start: 0, length } }) as ArchiveSearchRequest;

const serviceWith = (limit?: number) =>
  new ArchiveService(
    new ArchiveRepository(h.pool, overlayFor(h.kind), limit),
    h.services.areasRepository,
    new HistoryRepository(h.pool),
  );

const newUser = async () => (await h.signedIn()).userId;

describe('the union through Node and estimated', () => {
  it('answers the same count and per-scene coverage, the union within the bound', async () => {
    const user = await newUser();
    const inNode = await serviceWith().search(user, request());
    const estimated = await serviceWith(1).search(user, request());
    expect(inNode.count).toBe(5);
    expect(estimated.count).toBe(5);
    expect(inNode.ac).toBeGreaterThan(40);
    expect(inNode.ac).toBeLessThan(90);
    expect(Math.abs(inNode.ac - estimated.ac)).toBeLessThanOrEqual(2);
    expect(estimated.ac).not.toBe(inNode.ac);
    const acOf = (r: typeof inNode) => Object.fromEntries(r.images.map((i) => [i.sceneId, i.ac]));
    expect(acOf(estimated)).toEqual(acOf(inNode));
  });

  it('a page shorter than the matches still unites all of them', async () => {
    const user = await newUser();
    const whole = await serviceWith().search(user, request());
    const paged = await serviceWith().search(user, request(2));
    expect(paged.images).toHaveLength(2);
    expect(paged.count).toBe(5);
    expect(paged.ac).toBe(whole.ac);
  });
});
