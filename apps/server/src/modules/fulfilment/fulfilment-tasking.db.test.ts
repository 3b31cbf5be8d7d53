import { ResultCode, type TaskingPass, type TaskingPrediction } from '@satportal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fulfilment } from '../../compose-fulfilment';
import type { Harness } from '../../test/harness';
import { box } from '../../test/scenes';
import { expectCode, send, startTaskingWorld } from '../orders/test-helpers';
import { capturedSceneId } from './captures';
import { startTestFulfilment, until } from './test-helpers';

// Tasking orders captured at their passes (docs/ORDERING.md "Captures"), on a fulfilment clock
// running a million times faster: a pass three days ahead comes within a second.

let h: Harness;
let fulfilment: Fulfilment;
let owner: Awaited<ReturnType<Harness['signedIn']>>;
let prediction: TaskingPrediction;
let bySatellite: [string, TaskingPass[]][];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const aoi = { ...box(116, 39.5, 116.4, 39.9), name: 'Beijing' };
const condition = { fdate: day(1), tdate: day(4), cc: 100, ac: 0, ona: 45, sza: 0 };

async function orderTasking(satName: string): Promise<{ id: number; number: string }> {
  const r = await send(h, 'POST', '/orders/tasking', owner.token, {
    taskId: prediction.taskId,
    ppr: { priority: 2, process: { level: [20], clipping: false, isQualityTesting: false }, aps: [satName] },
    tsr: { aois: [aoi], condition, satIds: [1] },
    orderRequestInfo: { type: 2 },
  });
  expectCode(r, ResultCode.Success);
  const placed = r.body.data.list[0];
  return { id: placed.orderId, number: placed.orderNumber };
}

const settled = (orderId: number) =>
  until(`order ${orderId} settled`, async () => {
    const { rows } = await h.pool.query<{ status: number; settled: boolean }>(
      'SELECT status, settled_at IS NOT NULL AS settled FROM orders WHERE id = $1',
      [orderId],
    );
    return rows[0]!.settled && rows[0]!.status;
  });

const detail = async (orderId: number) =>
  (await send(h, 'POST', '/orders/detail', owner.token, { id: orderId })).body.data.oi.od;

beforeAll(async () => {
  let optical: number[];
  ({ h, owner, optical } = await startTaskingWorld());
  const r = await send(h, 'POST', '/tasking/predictions', owner.token, {
    aois: [aoi],
    condition,
    satIds: optical,
    sensor: { type: 1 },
  });
  expectCode(r, ResultCode.Success);
  prediction = r.body.data[0];
  const passes = prediction.list.flatMap((d) => d.item);
  const groups = new Map<string, TaskingPass[]>();
  for (const p of passes) groups.set(p.satName, [...(groups.get(p.satName) ?? []), p]);
  // The satellites with the fewest passes first (fewer packages to make), of those whose group
  // takes this AOI: which satellites pass most rarely changes with the date, and a group's minimum
  // area (SPOT's 2,500 km² against this AOI's 1,524 km²) would refuse the order.
  const orderable: [string, TaskingPass[]][] = [];
  for (const [satName, satPasses] of [...groups].sort((a, b) => a[1].length - b[1].length)) {
    const priced = await send(h, 'POST', '/tasking/price', owner.token, {
      taskId: prediction.taskId,
      ppr: {
        priority: 2,
        process: { level: [20], clipping: false, isQualityTesting: false },
        aps: [satName],
      },
      tsr: { aois: [aoi], condition, satIds: [1] },
    });
    if (priced.body.code === ResultCode.Success) orderable.push([satName, satPasses]);
  }
  bySatellite = orderable;
  expect(bySatellite.length).toBeGreaterThanOrEqual(2);
  fulfilment = await startTestFulfilment(h, { manualRecheckDelaySeconds: 0, taskingClockFactor: 1_000_000 });
}, 180_000);

afterAll(async () => {
  await fulfilment?.stop();
});

describe('tasking captures', () => {
  let first: { id: number; number: string };

  it('shoots each ordered pass when its time comes: a new archive scene per pass, delivered', async () => {
    const [satName, passes] = bySatellite[0]!;
    first = await orderTasking(satName);
    await fulfilment.service.audit(first.id, 'approve', 'operator:test');
    expect(await settled(first.id)).toBe(32);
    const od = await detail(first.id);
    expect(od.ippis).toHaveLength(passes.length);
    for (const t of od.ippis) {
      expect(t.state).toBe(5);
      expect(t.notShotReasons).toEqual([]);
      expect(t.pkgUrl).toMatch(/^\/api\/v1\/oss\//);
      const [shot] = t.ips;
      expect(shot.sceneId).toBe(capturedSceneId(t.pass, t.id));
      expect(shot.time).toBe(t.pass.bestTime);
      // the capture is an archive scene now, found by its id like any other
      const found = await send(h, 'POST', '/archive/search/by-ids', owner.token, {
        sceneIds: [shot.sceneId],
      });
      expectCode(found, ResultCode.Success);
      expect(JSON.stringify(found.body.data)).toContain(shot.sceneId);
    }
  }, 240_000);

  it('refuses the same passes to a later order: conflict, with the earlier order named', async () => {
    const [satName] = bySatellite[0]!;
    const later = await orderTasking(satName);
    await fulfilment.service.audit(later.id, 'approve', 'operator:test');
    expect(await settled(later.id)).toBe(22);
    for (const t of (await detail(later.id)).ippis) {
      expect(t.state).toBe(-3);
      expect(t.ips).toEqual([]);
      expect(t.notShotReasons).toEqual([
        expect.objectContaining({
          reason: 'conflict',
          comments: expect.stringContaining(first.number),
          visibleTimeAndDuration: { time: t.pass.enterTime, durationSeconds: expect.any(Number) },
        }),
      ]);
    }
  }, 120_000);

  it('refuses a sky cloudier than the order allows, saying how cloudy it was', async () => {
    const [satName] = bySatellite[1]!;
    const cloudy = await orderTasking(satName);
    // the order allows no cloud at all: every optical pass meets some
    await h.pool.query(`UPDATE orders SET condition = jsonb_set(condition, '{cc}', '0') WHERE id = $1`, [
      cloudy.id,
    ]);
    await fulfilment.service.audit(cloudy.id, 'approve', 'operator:test');
    expect(await settled(cloudy.id)).toBe(22);
    for (const t of (await detail(cloudy.id)).ippis) {
      expect(t.notShotReasons[0]).toMatchObject({ reason: 'cloud', roll: t.pass.offNadirAngle });
      expect(t.notShotReasons[0].cloudCover).toBeGreaterThan(0);
    }
  }, 120_000);
});
