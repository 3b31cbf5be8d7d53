import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { defaultConstellation } from '../catalogue/constellation';
import { type SceneInput, ScenesRepository } from '../scenes/scenes.repository';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
});

const scene = (id: string, cloudCover: number, satelliteId: number): SceneInput => ({
  id,
  satelliteId,
  acquiredAt: '2026-11-20T10:00:00Z',
  footprint: {
    type: 'Polygon',
    coordinates: [
      [
        [10, 10],
        [10.2, 10],
        [10.2, 10.2],
        [10, 10.2],
        [10, 10],
      ],
    ],
  },
  cloudCover,
  offNadir: 5,
  sunZenith: 40,
  gsd: 1,
  orbitDirection: 1,
  sensorType: 1,
  bands: [],
  stereoMode: 'MONO',
  productQuality: 'A',
  provenance: 'simulated',
  assets: { quicklook: null, files: [] },
  properties: null,
});

describe('scene arrivals', () => {
  it('notes inserted scenes once, and neither an unchanged nor an updated known scene', async () => {
    const { rows: sats } = await h.pool.query<{ id: number }>(
      'SELECT id FROM satellites ORDER BY id LIMIT 1',
    );
    const sat = sats[0]!.id;
    const repo = new ScenesRepository(h.pool);
    const arrivals = async () =>
      (
        await h.pool.query<{ scene_id: string }>(
          "SELECT scene_id FROM scene_arrivals WHERE scene_id LIKE 'ARRIVAL-%' ORDER BY scene_id",
        )
      ).rows.map((r) => r.scene_id);
    await repo.upsertScenes([scene('ARRIVAL-1', 10, sat), scene('ARRIVAL-2', 10, sat)]);
    expect(await arrivals()).toEqual(['ARRIVAL-1', 'ARRIVAL-2']);
    await h.pool.query("DELETE FROM scene_arrivals WHERE scene_id LIKE 'ARRIVAL-%'");
    // ARRIVAL-1 unchanged, ARRIVAL-2 updated, ARRIVAL-3 new
    const report = await repo.upsertScenes([
      scene('ARRIVAL-1', 10, sat),
      scene('ARRIVAL-2', 30, sat),
      scene('ARRIVAL-3', 10, sat),
    ]);
    expect(report).toMatchObject({ inserted: 1, updated: 1, unchanged: 1 });
    expect(await arrivals()).toEqual(['ARRIVAL-3']);
  });
});
