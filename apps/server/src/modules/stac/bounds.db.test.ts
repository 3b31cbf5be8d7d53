import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, uniqueName } from '../../test/harness';
import { box, createTestSatellites, scene } from '../../test/scenes';
import { encodeCursor, slugOf } from './stac.params';

/**
 * Issue 11 "Schemas that match the columns", STAC side: ids, collections and page tokens with
 * control characters (or a page token the database cannot read) are STAC's own 400
 * `{code, description}`, never a 500.
 */

let h: Harness;
let collection: string;
const itemId = uniqueName('stacbounds');

beforeAll(async () => {
  h = await startHarness();
  const sats = await createTestSatellites(h, 1);
  collection = slugOf(sats.category);
  const r = await h.services.scenesRepository.upsertScenes([
    scene({ id: itemId, satelliteId: sats.ids[0]!, footprint: box(30, 30, 30.5, 30.5) }),
  ]);
  expect(r.rejected).toEqual([]);
});

async function expectBadRequest(
  request: { method?: 'GET' | 'POST'; url: string; payload?: object },
  what: string,
) {
  const r = await h.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  expect(r.statusCode, `${what}: ${r.body}`).toBe(400);
  const body = r.json();
  expect(body.code, what).toBe('BadRequest');
  expect(body.description, what).toMatch(/control character/);
}

describe('/stac/v1 text with control characters', () => {
  it('ids and collections of a GET or POST search', async () => {
    await expectBadRequest({ url: `/stac/v1/search?ids=${itemId},a%00b` }, 'GET ids');
    await expectBadRequest({ url: `/stac/v1/search?collections=${collection},x%07` }, 'GET collections');
    await expectBadRequest(
      { method: 'POST', url: '/stac/v1/search', payload: { ids: [itemId, 'a\u0000b'] } },
      'POST ids',
    );
    await expectBadRequest(
      { method: 'POST', url: '/stac/v1/search', payload: { collections: ['\u0000'] } },
      'POST collections',
    );
  });

  it('an item id or a collection id in the path', async () => {
    await expectBadRequest({ url: `/stac/v1/collections/${collection}/items/a%00b` }, 'item id');
    await expectBadRequest({ url: `/stac/v1/collections/${collection}%00/items` }, 'collection of items');
    await expectBadRequest({ url: `/stac/v1/collections/x%00` }, 'collection');
  });

  it('a page token carrying one, or a time the database cannot read', async () => {
    for (const [t, id] of [
      ['2024-03-01T10:00:00.000000Z', 'a\u0000b'],
      ['Tue 1 2020', 'x'],
      ['2024-02-31T10:00:00.000000Z', 'x'],
      ['0000-01-01T00:00:00.000000Z', 'x'],
    ] as const) {
      const r = await h.app.inject({ url: `/stac/v1/search?token=${encodeCursor({ t, id })}` });
      expect(r.statusCode, `${t} ${JSON.stringify(id)}: ${r.body}`).toBe(400);
      expect(r.json()).toEqual({ code: 'BadRequest', description: 'token is not a page token of this API' });
    }
  });

  it('the same searches without the control characters still answer', async () => {
    const r = await h.app.inject({ url: `/stac/v1/search?ids=${itemId}` });
    expect(r.statusCode).toBe(200);
    expect(r.json().features.map((f: { id: string }) => f.id)).toEqual([itemId]);
    const item = await h.app.inject({ url: `/stac/v1/collections/${collection}/items/${itemId}` });
    expect(item.statusCode).toBe(200);
  });
});
