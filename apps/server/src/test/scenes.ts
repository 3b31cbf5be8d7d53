import type { Capability } from '@satportal/contract';
import type { SatelliteFacts } from '../modules/catalogue/satellite';
import { boxPolygon } from '../modules/orbits/footprint';
import type { SceneInput } from '../modules/scenes/scenes.repository';
import { type Harness, uniqueName } from './harness';

/**
 * Scenes for integration tests. The test database is shared by all test files, so each file
 * makes its own satellites (made-up NORAD ids) and searches only them.
 */

let nextNoradId = 60_000 + Math.floor(Math.random() * 9_000) * 3;

const optical: Capability = {
  type: 1,
  bands: ['PAN', 'B', 'G', 'R', 'NIR'],
  stereos: ['MONO', 'STEREO'],
  polarisations: [],
  maxResolution: 0.5,
  maxShtPeriod: 3,
};

/** A test satellite's facts: a 500 km, 10 km swath optical imager unless its capabilities say otherwise. */
export const testSatellite = (name: string, noradId: number, caps: Capability[]): SatelliteFacts => ({
  name,
  noradId,
  operator: 'Test',
  taskable: false,
  status: 'operational',
  launchDate: null,
  altitudeKm: 500,
  swathKm: 10,
  maxOffNadirDeg: 30,
  panGsd: 0.5,
  msGsd: 2,
  localTimeOfNode: null,
  caps,
});

/** Satellites in one new group; answers their ids, in order. */
export async function createTestSatellites(h: Harness, count: number, caps: Capability[] = [optical]) {
  const first = nextNoradId;
  nextNoradId += count;
  const category = uniqueName('Group');
  await h.services.catalogue.seedConstellation([
    {
      category,
      satellites: Array.from({ length: count }, (_, i) =>
        testSatellite(uniqueName(`Sat${i}`), first + i, caps),
      ),
    },
  ]);
  const { rows } = await h.pool.query<{ id: number }>(
    'SELECT id FROM satellites WHERE norad_id >= $1 AND norad_id < $2 ORDER BY norad_id',
    [first, first + count],
  );
  return { ids: rows.map((r) => r.id), category };
}

/** A longitude/latitude box as a GeoJSON polygon (counter-clockwise). */
export const box = boxPolygon;

/** A polygon whose ring crosses itself (invalid for PostGIS): a bow tie over 0–1° E, 0–1° N. */
export const bowtie = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ],
  ],
};

/** A scene with plausible values; `overrides` set what a test is about. */
export function scene(
  overrides: Partial<SceneInput> & Pick<SceneInput, 'id' | 'satelliteId' | 'footprint'>,
): SceneInput {
  return {
    acquiredAt: '2024-06-15T10:30:00.000Z',
    cloudCover: 5,
    offNadir: 10,
    sunZenith: 40,
    gsd: 0.5,
    orbitDirection: 2,
    sensorType: 1,
    bands: ['PAN', 'B', 'G', 'R', 'NIR'],
    stereoMode: 'MONO',
    productQuality: 'A',
    provenance: 'simulated',
    assets: { quicklook: null, files: [] },
    properties: null,
    ...overrides,
  };
}

/** A search request with the panel's defaults (spec 000 §5) over the given AOIs and satellites. */
/** The search panel's defaults (spec 000 §5) over the year the test scenes lie in. */
export const defaultSearchCondition = {
  fdate: '2024-01-01',
  tdate: '2024-12-31',
  cc: 20,
  ac: 0,
  ona: 45,
  sza: 0,
  orbit: 0 as 0 | 1 | 2,
  productQualities: ['A', 'B'] as ('A' | 'B')[],
};

export function searchRequest(
  aois: unknown[],
  satIds: number[],
  condition: Record<string, unknown> = {},
  more: Record<string, unknown> = {},
) {
  return {
    page: { start: 0, length: 1000 },
    aois,
    condition: { ...defaultSearchCondition, ...condition },
    satIds,
    sensor: {},
    ...more,
  };
}

/** POST an archive search (optionally with a sort query); answers status and body. */
export async function postSearch(h: Harness, token: string | undefined, body: unknown, sort?: string) {
  const r = await h.app.inject({
    method: 'POST',
    url: `/api/v1/archive/search${sort ? `?sort=${encodeURIComponent(sort)}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object,
  });
  return { status: r.statusCode, body: r.json() };
}

/** `satportal_tiles=…` from a login's (or `/me`'s) Set-Cookie header, as a browser sends it back. */
export function tileCookieOf(setCookie: string | string[] | undefined): string {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('satportal_tiles='));
  if (!line) throw new Error(`no tile cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0]!;
}

export async function loginNewUser(h: Harness): Promise<string> {
  return (await h.signedIn()).token;
}
