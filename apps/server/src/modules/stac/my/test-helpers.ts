import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiKeyScope } from '@satportal/contract';
import { type Harness, startHarness } from '../../../test/harness';
import { listenOnLoopback } from '../../../test/raw-http';
import { closeRasterThreads } from '../../fulfilment';
import { simulatedScene } from '../../fulfilment/deliverables/test-helpers';
import { insertDeliveredOrder } from '../../my-data/test-helpers';
import { tileKeyOf } from '../../tile-access/test-helpers';
import { storePackage } from '../../tiles/delivered/test-helpers';

// "My data as STAC" (issue 27 item 4) against a real delivered package: the fulfilment's own
// package maker writes the COG, the order rows are those fulfilment leaves, and the server listens
// on a port so that GDAL can be pointed at it.

export interface MyStacUser {
  userId: number;
  token: string;
  /** a tile key (`?key=`) */
  tileKey: string;
  /** an API key holding only `tiles` */
  tilesKey: string;
  /** an API key holding only `read` */
  readKey: string;
}

export interface MyStacFixture {
  h: Harness;
  origin: string;
  root: string;
  owner: MyStacUser;
  stranger: MyStacUser;
  /** the owner's delivered order (the stranger has one of their own) */
  orderNo: string;
  strangerOrderNo: string;
  /** a second order of the owner's, of the same scene (its package a copy of the first's) */
  secondOrderNo: string;
  sceneId: string;
  /** the delivered COG's bytes, as in the package */
  cog: Uint8Array;
  close(): Promise<void>;
}

async function userOf(h: Harness, device: string): Promise<MyStacUser> {
  const user = await h.signedIn();
  const apiKey = async (scopes: ApiKeyScope[]) =>
    (await h.services.apiKeys.create(user.userId, { name: scopes.join('-'), scopes })).key;
  return {
    userId: user.userId,
    token: user.sessionToken,
    tileKey: (await tileKeyOf(h, { token: user.sessionToken }, device)).key,
    tilesKey: await apiKey(['tiles']),
    readKey: await apiKey(['read']),
  };
}

/** A delivered order of one real COG for `userId`; its order number and the COG's bytes. */
async function deliver(
  h: Harness,
  userId: number,
  root: string | { packageKey: string },
): Promise<{ orderNo: string; cog: Uint8Array; packageKey: string }> {
  const sceneId = simulatedScene.sceneId;
  const order = await insertDeliveredOrder(h, userId, {
    level: 10,
    terms: [
      {
        scenes: [
          {
            sceneId,
            time: simulatedScene.time,
            boundaries: simulatedScene.boundaries,
            satName: simulatedScene.satName,
            cc: simulatedScene.cc,
          },
        ],
      },
    ],
  });
  const packageKey = order.packageKeys[0]!;
  if (typeof root !== 'string') {
    // The same package bytes under this terms entry's own key (package keys are unique).
    const object = await h.services.objectStore.get(root.packageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    await h.services.objectStore.put(packageKey, bytes, { contentType: 'application/zip' });
    return { orderNo: order.orderNo, cog: new Uint8Array(), packageKey };
  }
  const cogs = await storePackage(h.services.objectStore, packageKey, {
    orderNo: order.orderNo,
    termsId: Number(order.termsIds[0]),
    level: 10,
    scenes: [simulatedScene],
    workDir: join(root, `work-${order.orderNo}`),
  });
  return { orderNo: order.orderNo, cog: cogs[sceneId]!, packageKey };
}

export async function myStacFixture(): Promise<MyStacFixture> {
  const h = await startHarness();
  const root = await mkdtemp(join(tmpdir(), 'my-stac-'));
  const owner = await userOf(h, 'my-stac-device-0001');
  const stranger = await userOf(h, 'my-stac-device-0002');
  const mine = await deliver(h, owner.userId, root);
  const second = await deliver(h, owner.userId, { packageKey: mine.packageKey });
  // The stranger has the same scene delivered in an order of their own: isolation is by order.
  const theirs = await deliver(h, stranger.userId, root);
  const origin = await listenOnLoopback(h.app);
  return {
    h,
    origin,
    root,
    owner,
    stranger,
    orderNo: mine.orderNo,
    strangerOrderNo: theirs.orderNo,
    secondOrderNo: second.orderNo,
    sceneId: simulatedScene.sceneId,
    cog: mine.cog,
    async close() {
      await closeRasterThreads();
      await rm(root, { recursive: true, force: true });
    },
  };
}
