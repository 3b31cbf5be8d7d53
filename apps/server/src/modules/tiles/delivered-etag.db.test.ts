import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deliveredXyzTemplate, wmtsLayerOf } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { closeRasterThreads } from '../fulfilment';
import { simulatedScene } from '../fulfilment/deliverables/test-helpers';
import { insertDeliveredOrder } from '../my-data/test-helpers';
import { storePackage } from './delivered/test-helpers';

// Delivered tiles answer with a strong ETag and 304 to a client holding the tile (issue 29: a
// QGIS or browser cache revalidates without the bytes); the tag opens nothing of anyone else's.

let h: Harness;
let root: string;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let stranger: Awaited<ReturnType<Harness['signedIn']>>;
let orderNo: string;
const sceneId = simulatedScene.sceneId;

beforeAll(async () => {
  h = await startHarness();
  root = await mkdtemp(join(tmpdir(), 'delivered-etag-'));
  owner = await h.signedIn();
  stranger = await h.signedIn();
  const order = await insertDeliveredOrder(h, owner.userId, {
    level: 10,
    terms: [{ scenes: [{ sceneId, time: simulatedScene.time, boundaries: simulatedScene.boundaries }] }],
  });
  orderNo = order.orderNo;
  await storePackage(h.services.objectStore, order.packageKeys[0]!, {
    orderNo,
    termsId: Number(order.termsIds[0]),
    level: 10,
    scenes: [simulatedScene],
    workDir: join(root, 'work'),
  });
}, 240_000);

afterAll(async () => {
  await closeRasterThreads();
  if (root) await rm(root, { recursive: true, force: true });
});

// The simulated scene lies at about 10.1° E, 45.07° N: tiles over it at zoom 14.
const z = 14;
const x = Math.floor(((10.12 + 180) / 360) * 2 ** z);
const lat = (45.08 * Math.PI) / 180;
const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z);

const xyz = (z: number, x: number, y: number) =>
  deliveredXyzTemplate(orderNo, sceneId, 'png')
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));

function get(url: string, token = owner.token, ifNoneMatch?: string) {
  return h.app.inject({
    method: 'GET',
    url,
    remoteAddress: h.remoteAddress,
    headers: { authorization: `Bearer ${token}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
  });
}

/** Tiles counted today (the report flushes the usage ledger first). */
async function tilesCounted(userId: number) {
  return (await h.services.usage.today(userId)).tiles;
}

describe('ETag and 304 of delivered tiles', () => {
  it('answers 304 without a body to the tile’s own tag, counted as nothing; another tag gets the tile', async () => {
    const url = xyz(z, x, y);
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get(url, owner.token, etag);
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, max-age=86400');
    // A list, and the weak form, name it too.
    expect((await get(url, owner.token, `"other", W/${etag}`)).statusCode).toBe(304);
    const other = await get(url, owner.token, '"not-this-tile"');
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(other.headers.etag).toBe(etag);
    // Each tile its own tag; a tile outside the scene (blank) has one and answers 304 too.
    const neighbour = await get(xyz(z, x + 1, y));
    expect(neighbour.headers.etag).not.toBe(etag);
    const blank = await get(xyz(14, 0, 0));
    expect(blank.statusCode).toBe(200);
    expect((await get(xyz(14, 0, 0), owner.token, blank.headers.etag as string)).statusCode).toBe(304);
    // The 200s are counted, the 304s are not.
    expect(await tilesCounted(owner.userId)).toBe(4);
  });

  it('opens nothing to another user holding the tag, nor through WMTS to them', async () => {
    const url = xyz(z, x, y);
    const etag = (await get(url)).headers.etag as string;
    const theirs = await get(url, stranger.token, etag);
    expect(theirs.statusCode).toBe(404);
    const layer = encodeURIComponent(wmtsLayerOf(orderNo, sceneId));
    const rest = `/tiles/wmts/1.0.0/${layer}/default/GoogleMapsCompatible/${z}/${y}/${x}.png`;
    const mine = await get(rest, owner.token, etag);
    expect(mine.statusCode).toBe(304);
    expect((await get(rest, stranger.token, etag)).statusCode).toBe(404);
    expect(await tilesCounted(stranger.userId)).toBe(0);
  });
});
