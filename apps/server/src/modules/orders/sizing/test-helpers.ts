import { apiPath, Paths } from '@satportal/contract';
import { expect } from 'vitest';
import type { Harness } from '../../../test/harness';
import { uniqueName } from '../../../test/harness';
import { box, createTestSatellites, scene, testSatellite } from '../../../test/scenes';
import type { SceneInput } from '../../scenes/scenes.repository';

// The set-up of the sizing tests (sizing-areas.db.test.ts, sizing-orders.db.test.ts).

/** WGS-84 */
const a = 6378.137;
const f = 1 / 298.257223563;
const e2 = f * (2 - f);
const e = Math.sqrt(e2);
const b2 = a * a * (1 - e2);

/** The authalic q(φ) of the ellipsoid. */
const q = (phi: number) => {
  const s = Math.sin(phi);
  return s / (1 - e2 * s * s) + (1 / (2 * e)) * Math.log((1 + e * s) / (1 - e * s));
};

/** The geodesic area of a longitude/latitude box on WGS 84, km² (edges along meridians and parallels). */
export function boxAreaKm2(west: number, south: number, east: number, north: number): number {
  const rad = Math.PI / 180;
  return (b2 / 2) * (east - west) * rad * (q(north * rad) - q(south * rad));
}

/** Scenes stored for a test, answering their ids. */
export async function storeScenes(h: Harness, scenes: SceneInput[]): Promise<string[]> {
  const r = await h.services.scenesRepository.upsertScenes(scenes);
  expect(r.rejected).toEqual([]);
  return scenes.map((s) => s.id);
}

/** A scene of a satellite over a box at a time. */
export const boxScene = (satelliteId: number, bounds: [number, number, number, number], acquiredAt: string) =>
  scene({ id: uniqueName('scene'), satelliteId, footprint: box(...bounds), acquiredAt });

/** A group of satellites above 1 m (2 m pan, 8 m multispectral). */
export async function createCoarseSatellites(h: Harness, count: number) {
  const category = uniqueName('Coarse');
  const first = 69_000 + Math.floor(Math.random() * 900) * 10;
  await h.services.catalogue.seedConstellation([
    {
      category,
      satellites: Array.from({ length: count }, (_, i) => ({
        ...testSatellite(uniqueName(`Coarse${i}`), first + i, [
          {
            type: 1,
            bands: ['PAN'],
            stereos: ['MONO'],
            polarisations: [],
            maxResolution: 2,
            maxShtPeriod: 3,
          },
        ]),
        panGsd: 2,
        msGsd: 8,
      })),
    },
  ]);
  const { rows } = await h.pool.query<{ id: number }>(
    'SELECT id FROM satellites WHERE norad_id >= $1 AND norad_id < $2 ORDER BY norad_id',
    [first, first + count],
  );
  return { ids: rows.map((r) => r.id), category };
}

/** A radar satellite in a group of its own. */
export const createRadarSatellite = (h: Harness) =>
  createTestSatellites(h, 1, [
    { type: 4, bands: ['C'], stereos: [], polarisations: ['VV'], maxResolution: 5, maxShtPeriod: 12 },
  ]);

/** POST an area calculation; answers status and body. */
export const calculate = (h: Harness, token: string, body: unknown) =>
  h.call('POST', Paths.areaCalculation, { token, body });

/** GET the satellite-group rules. */
export async function getRules(h: Harness, token: string, query: string) {
  const r = await h.app.inject({
    method: 'GET',
    url: `${apiPath(Paths.orderRules)}?${query}`,
    remoteAddress: h.remoteAddress,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: r.statusCode, body: r.json() };
}

/** The area calculation body of a cart. */
export const cartBody = (
  ids: string[],
  more: { aois?: unknown[]; clipping?: boolean; level?: unknown; priority?: number; taskId?: string } = {},
) => ({
  ...(more.taskId ? { taskId: more.taskId } : {}),
  ipr: {
    priority: more.priority ?? 1,
    process: { clipping: more.clipping ?? false, ...(more.level !== undefined ? { level: more.level } : {}) },
    ips: ids.map((sceneId) => ({ sceneId })),
    ...(more.aois ? { aois: more.aois } : {}),
  },
});

/** The stored resolution class of a group (its prices when the list does not name it). */
export async function resolutionOf(h: Harness, category: string): Promise<number> {
  const { rows } = await h.pool.query<{ r: number }>(
    'SELECT resolution_id AS r FROM satellite_groups WHERE category = $1',
    [category],
  );
  return rows[0]!.r;
}
