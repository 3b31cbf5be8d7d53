import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';

/** Issue 11: a LAYERS value with control characters is an OGC exception report (400), not a 500. */

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  token = (await h.signedIn()).token;
});

const getMap = (layers: string) =>
  `/tiles/quicklooks/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=${layers}` +
  '&STYLES=&CRS=CRS:84&BBOX=0,0,1,1&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE';

describe('GET /tiles/quicklooks/wms', () => {
  it('LAYERS with a NUL or another control character: InvalidParameterValue on LAYERS, 400', async () => {
    for (const layers of ['a%00b', '%00', 'scene%07', 'two%0Alines']) {
      const r = await h.app.inject({ url: getMap(layers), headers: { authorization: `Bearer ${token}` } });
      expect(r.statusCode, `${layers}: ${r.body}`).toBe(400);
      expect(r.headers['content-type']).toMatch(/^text\/xml/);
      expect(r.body).toContain('code="InvalidParameterValue"');
      expect(r.body).toContain('locator="LAYERS"');
      expect(r.body).not.toContain('\u0000');
    }
  });
});
