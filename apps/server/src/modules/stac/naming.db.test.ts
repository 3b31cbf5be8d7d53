import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, scene } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';
import { stacItem } from '../fulfilment/deliverables/stac-item';

/**
 * Issue 27 item 9: one STAC naming of platform and constellation, lower case as STAC's best
 * practice writes them, in the STAC API and in the delivered Items alike; an ingested item's own
 * spelling (`Sentinel-2B`) does not leak through.
 */

let h: Harness;
const ids = { landsat: uniqueName('name-l8'), sentinel: uniqueName('name-s2b') };

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  const sat = async (name: string) =>
    (await h.pool.query<{ id: number }>('SELECT id FROM satellites WHERE name = $1', [name])).rows[0]!.id;
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: ids.landsat, satelliteId: await sat('Landsat 8'), footprint: box(20, 20, 20.5, 20.5) }),
    scene({
      id: ids.sentinel,
      satelliteId: await sat('Sentinel-2B'),
      footprint: box(21, 20, 21.5, 20.5),
      provenance: 'real',
      // as Earth Search publishes it
      properties: { platform: 'Sentinel-2B', constellation: 'Sentinel 2' },
    }),
  ]);
  expect(r.rejected).toEqual([]);
});

/** The delivered Item of a scene as fulfilment writes it (archive orders: the catalogue's names). */
function delivered(satName: string, satGroupName: string) {
  return stacItem({
    orderNumber: 'SP1',
    termsId: 1,
    level: { code: 10, name: 'L1' } as Parameters<typeof stacItem>[0]['level'],
    clipped: false,
    scene: {
      sceneId: 'x',
      time: '2024-01-01T00:00:00Z',
      satId: 1,
      satName,
      satGroupName,
      sensorType: 1,
      imageGsd: 30,
      cc: 1,
      ona: 0,
      productQuality: 'A',
      boundaries: [],
    },
    info: {
      transform: [0, 1, 0, 0, 0, -1],
      bounds: [0, 0, 1, 1],
      width: 1,
      height: 1,
      epsg: 4326,
      gsdMetres: 30,
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        ],
      },
      bands: [],
    } as unknown as Parameters<typeof stacItem>[0]['info'],
    cogName: 'x.tif',
    cogBytes: 1,
    cogSha256: '0'.repeat(64),
  }).properties as Record<string, unknown>;
}

describe('platform and constellation', () => {
  it('are the same lower-case names in the STAC API and in the delivered Items', async () => {
    for (const [id, satName, group, platform, constellation] of [
      [ids.landsat, 'Landsat 8', 'Landsat', 'landsat-8', 'landsat'],
      [ids.sentinel, 'Sentinel-2B', 'Sentinel-2', 'sentinel-2b', 'sentinel-2'],
    ] as const) {
      const r = await h.app.inject({ url: `/stac/v1/collections/${constellation}/items/${id}` });
      expect(r.statusCode, r.body).toBe(200);
      const api = r.json().properties;
      expect({ platform: api.platform, constellation: api.constellation }, id).toEqual({
        platform,
        constellation,
      });
      const item = delivered(satName, group);
      expect({ platform: item.platform, constellation: item.constellation }, satName).toEqual({
        platform,
        constellation,
      });
    }
    const s2 = await h.app.inject({ url: '/stac/v1/collections/sentinel-2' });
    expect(s2.json().summaries).toEqual({
      platform: ['sentinel-2a', 'sentinel-2b', 'sentinel-2c'],
      constellation: ['sentinel-2'],
    });
  });
});
