import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { debianPython, hasOwslib, inCi, runProgram } from '../../test/outside-clients';
import { listenOnLoopback } from '../../test/raw-http';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { tileKeyOf } from '../tile-access/test-helpers';
import { checkOgc } from './ogc/test-helpers';

// The quicklook WMS's GetCapabilities (issue 27 item 6): the caller's latest archive search as
// layers, valid by the OGC WMS 1.3.0 schema, added by OWSLib (python3-owslib) and drawn by its
// GetMap; WMS 1.1.1 GetMap answers the same picture.

const owslib = await hasOwslib();
let h: Harness;
let origin: string;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let stranger: Awaited<ReturnType<Harness['signedIn']>>;
let key: string;
let root: string;
const ids = [uniqueName('WMSCAP-B'), uniqueName('WMSCAP-A')];

const capabilitiesUrl = (k: string | null) =>
  `/tiles/quicklooks/wms?SERVICE=WMS&REQUEST=GetCapabilities${k ? `&key=${encodeURIComponent(k)}` : ''}`;

beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'wms-capabilities-'));
  owner = await h.signedIn();
  stranger = await h.signedIn();
  const sat = (await createTestSatellites(h, 1)).ids[0]!;
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: ids[0]!, satelliteId: sat, footprint: box(10, 10, 10.1, 10.1), cloudCover: 12.4 }),
    scene({ id: ids[1]!, satelliteId: sat, footprint: box(20, -5, 20.2, -4.9), cloudCover: null }),
  ]);
  expect(r.rejected).toEqual([]);
  // The owner's latest search: the two scenes, by id (the order asked is the search's order).
  const searched = await h.call('POST', '/archive/search/by-ids', {
    token: owner.token,
    body: { sceneIds: ids },
  });
  expect(searched.body.code).toBe(2000);
  key = (await tileKeyOf(h, owner, 'wms-capabilities-01')).key;
  origin = await listenOnLoopback(h.app);
}, 60_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  h.app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });

const layerNames = (xml: string) =>
  Array.from(new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName('Name')).map(
    (e) => e.textContent,
  );

describe('WMS GetCapabilities', () => {
  it('lists the caller’s latest search as layers, in its order, by the OGC WMS 1.3.0 schema', async () => {
    const r = await get(capabilitiesUrl(key));
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(r.headers['cache-control']).toBe('private, no-cache');
    expect(
      checkOgc(
        r.body,
        'WMS_1_3_0',
        'WMS_Capabilities',
        'http://www.opengis.net/wms#/definitions/WMSCapabilities',
      ),
    ).toEqual([]);
    expect(layerNames(r.body)).toEqual(['WMS', ...ids]);
    expect(r.body).toContain('cloud 12 %');
    expect(r.body).toContain('cloud cover not published');
    expect(r.body).toContain(`/tiles/quicklooks/wms?key=${encodeURIComponent(key)}&amp;`);
    // Any version asked is answered with 1.3.0's document (version negotiation, §6.2.4).
    const older = await get(`${capabilitiesUrl(key)}&VERSION=1.1.1`);
    expect(older.body).toContain('<WMS_Capabilities version="1.3.0"');
  }, 120_000);

  it('lists nothing of another user’s searches, and says what to do without a search', async () => {
    const r = await get(capabilitiesUrl(null), stranger.token);
    expect(r.statusCode).toBe(200);
    expect(layerNames(r.body)).toEqual(['WMS']);
    for (const id of ids) expect(r.body).not.toContain(id);
    expect(r.body).toContain('no archive search yet');
    expect(r.body).not.toContain('?key=');
  });

  it('answers WMS 1.1.1 GetMap (SRS, longitude first) with the 1.3.0 picture', async () => {
    const common = `&LAYERS=${ids[0]}&STYLES=&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE`;
    const v13 = await get(
      `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&CRS=EPSG:4326&BBOX=9.95,9.95,10.15,10.15${common}`,
      owner.token,
    );
    const v11 = await get(
      `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&SRS=EPSG:4326&BBOX=9.95,9.95,10.15,10.15${common}`,
      owner.token,
    );
    expect(v13.statusCode).toBe(200);
    expect(v11.statusCode).toBe(200);
    expect(v11.rawPayload.equals(v13.rawPayload)).toBe(true);
    const bad = await get(
      `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&SRS=EPSG:2154${common}&BBOX=0,0,1,1`,
      owner.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/vnd.ogc.se_xml; charset=utf-8');
    expect(bad.body).toContain('<ServiceException code="InvalidSRS" locator="SRS">');
  });
});

describe.skipIf(!owslib && !inCi)('OWSLib (python3-owslib)', () => {
  it('is installed (CI requires it)', () => {
    expect(owslib, 'OWSLib is missing: apt-get install python3-owslib').toBe(true);
  });

  it('adds the WMS by its URL with the tile key, lists the scenes and draws one by GetMap', async () => {
    const out = join(root, 'getmap.png');
    const script = `
import json, sys
from owslib.wms import WebMapService
wms = WebMapService(sys.argv[1], version='1.3.0')
name = sys.argv[3]
layer = wms[name]
image = wms.getmap(layers=[name], styles=[''], srs='CRS:84', bbox=layer.boundingBoxWGS84,
                   size=(128, 128), format='image/png', transparent=True)
open(sys.argv[2], 'wb').write(image.read())
print(json.dumps({'version': wms.identification.version, 'title': wms.identification.title,
  'layers': [n for n in wms.contents], 'layerTitle': layer.title, 'bbox': list(layer.boundingBoxWGS84),
  'formats': wms.getOperationByName('GetMap').formatOptions}))
`;
    const r = await runProgram(debianPython!, [
      '-c',
      script,
      `${origin}/tiles/quicklooks/wms?key=${encodeURIComponent(key)}`,
      out,
      ids[0]!,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout);
    expect(seen).toMatchObject({ version: '1.3.0', title: 'Satportal quicklooks', formats: ['image/png'] });
    expect(seen.layers).toEqual(expect.arrayContaining(ids));
    expect(seen.layerTitle).toMatch(/cloud 12 %$/);
    expect(seen.bbox.slice(0, 4)).toEqual([10, 10, 10.1, 10.1]);
    const { data, info } = await sharp(await readFile(out))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([128, 128]);
    let opaque = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] === 255) opaque++;
    // The footprint fills the box asked: the picture is drawn, not blank.
    expect(opaque).toBeGreaterThan(128 * 128 * 0.9);
  }, 120_000);
});
