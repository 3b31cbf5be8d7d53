import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { operatorCli } from './driver';
import { anyArchiveCondition, type OrderCentreDriver, type PlacedOrder } from './orderCentreDriver';

type Ring = number[][];
interface FoundScene {
  sceneId: string;
  boundaries: Ring[];
}

/** [west, south, east, north] of rings. */
export function bboxOf(rings: Ring[]): [number, number, number, number] {
  const pts = rings.flat();
  const lons = pts.map((p) => p[0]!);
  const lats = pts.map((p) => p[1]!);
  return [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)];
}

const boxRing = ([w, s, e, n]: [number, number, number, number]): Ring => [
  [w, s],
  [e, s],
  [e, n],
  [w, n],
  [w, s],
];

/**
 * What fulfilment's end-to-end spec sets up beside the order centre's driver: an archive order of
 * two scenes clipped to an AOI that cuts the first one, a tasking order, the operator's release.
 */
export class FulfilmentDriver {
  constructor(readonly centre: OrderCentreDriver) {}

  private async search(aoi: { type: string; coordinates: Ring[]; name: string }, satIds: number[]) {
    const r = await this.centre.api<{ taskId: string; images: FoundScene[] }>('POST', '/archive/search', {
      page: { start: 0, length: 200 },
      aois: [aoi],
      condition: anyArchiveCondition(),
      satIds,
    });
    expect(r.code, r.message).toBe(2000);
    return r.data;
  }

  /**
   * Two scenes ordered with clipping to an AOI over the western part of the first one's box (so the
   * clip shows), level 20; the AOI's box is returned to check the delivered rasters against.
   */
  async placeClippedOrder(
    aoiName: string,
    options: { manualRecheck: boolean },
  ): Promise<PlacedOrder & { aoiBox: [number, number, number, number]; sceneIds: string[] }> {
    const catalogue = await this.centre.api<{ sats: { id: number }[] }>('GET', '/satellites?taskable=false');
    const satIds = catalogue.data.sats.map((s) => s.id);
    const wide = { type: 'Polygon', coordinates: [boxRing([17, -8, 33, 8])], name: aoiName };
    const candidates = (await this.search(wide, satIds)).images;
    for (const first of candidates.slice(0, 20)) {
      const [w, s, e, n] = bboxOf(first.boundaries);
      const aoiBox: [number, number, number, number] = [w, s, w + (e - w) * 0.6, n];
      const aoi = { type: 'Polygon', coordinates: [boxRing(aoiBox)], name: aoiName };
      const found = await this.search(aoi, satIds);
      const second = found.images.find((i) => i.sceneId !== first.sceneId);
      if (!second) continue;
      const sceneIds = [first.sceneId, second.sceneId];
      const answer = await this.centre.api<{ list: PlacedOrder[] }>(
        'POST',
        '/orders/archive',
        {
          taskId: found.taskId,
          ipr: {
            priority: 1,
            process: {
              level: [20],
              clipping: true,
              isQualityTesting: false,
              isManualRecheck: options.manualRecheck,
            },
            ips: sceneIds.map((sceneId) => ({ sceneId })),
            aois: [aoi],
          },
          orderRequestInfo: { type: 2 },
        },
        { 'idempotency-key': randomUUID() },
      );
      // scenes of two groups, or below a group's minimum or width: try the next first scene
      if ([4000, 4151, 4156].includes(answer.code)) continue;
      expect(answer.code, answer.message).toBe(2000);
      return { ...answer.data.list[0]!, aoiBox, sceneIds };
    }
    throw new Error('no two scenes under one AOI could be ordered');
  }

  /** A tasking order of one satellite's passes over a small AOI in the next days. */
  async placeTaskingOrder(aoiName: string): Promise<PlacedOrder> {
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const catalogue = await this.centre.api<{ sats: { id: number; cap: { caps: { type: number }[] } }[] }>(
      'GET',
      '/satellites?taskable=true',
    );
    const optical = catalogue.data.sats.filter((s) => s.cap.caps.some((c) => c.type === 1)).map((s) => s.id);
    const aoi = { type: 'Polygon', coordinates: [boxRing([116.2, 39.8, 116.5, 40.1])], name: aoiName };
    const condition = { fdate: day(1), tdate: day(3), cc: 100, ac: 0, ona: 45, sza: 0 };
    const predicted = await this.centre.api<{ taskId: string; list: { item: { satName: string }[] }[] }[]>(
      'POST',
      '/tasking/predictions',
      { aois: [aoi], condition, satIds: optical, sensor: { type: 1 } },
    );
    expect(predicted.code, predicted.message).toBe(2000);
    const prediction = predicted.data[0]!;
    const counts = new Map<string, number>();
    for (const p of prediction.list.flatMap((d) => d.item))
      counts.set(p.satName, (counts.get(p.satName) ?? 0) + 1);
    const satName = [...counts].sort((a, b) => a[1] - b[1])[0]?.[0];
    if (!satName) throw new Error('no pass predicted');
    const answer = await this.centre.api<{ list: PlacedOrder[] }>(
      'POST',
      '/orders/tasking',
      {
        taskId: prediction.taskId,
        ppr: {
          priority: 2,
          process: { level: [20], clipping: false, isQualityTesting: false },
          aps: [satName],
        },
        tsr: { aois: [aoi], condition, satIds: optical },
        orderRequestInfo: { type: 2 },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(answer.code, answer.message).toBe(2000);
    return answer.data.list[0]!;
  }

  /** The operator's `orders release NUMBER --scene ID` (the manual recheck of one scene is done). */
  async release(orderNumber: string, sceneId: string) {
    await operatorCli(['orders', 'release', orderNumber, '--scene', sceneId]);
  }

  /** The order's status as the list shows it, after reopening the centre (a fresh read). */
  async statusShown(orderId: number): Promise<string> {
    const page = this.centre.page;
    if (await page.getByTestId('order-back').isVisible()) await this.centre.back();
    await this.centre.showTab('successful');
    await this.centre.showTab('all');
    await expect(this.centre.item(orderId)).toBeVisible();
    return (await this.centre.item(orderId).getByTestId('order-status').textContent()) ?? '';
  }
}
