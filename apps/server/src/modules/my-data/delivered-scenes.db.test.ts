import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { DeliveredScenesRepository } from './index';
import { insertDeliveredOrder, ringOf } from './test-helpers';

describe('delivered scenes (the tile services’ look-up)', () => {
  let h: Harness;
  let repo: DeliveredScenesRepository;
  let owner: number;
  let other: number;
  let clipped: string;
  let whole: string;

  beforeAll(async () => {
    h = await startHarness();
    repo = new DeliveredScenesRepository(h.pool);
    owner = (await h.signedIn()).userId;
    other = (await h.signedIn()).userId;
    clipped = (
      await insertDeliveredOrder(h, owner, {
        level: 22,
        aois: [{ type: 'Polygon', coordinates: [ringOf(10.2, 20.2, 10.6, 20.4)], name: 'Field' }],
        terms: [
          {
            scenes: [{ sceneId: 'DS-A', time: '2024-05-01T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] }],
          },
        ],
      })
    ).orderNo;
    whole = (
      await insertDeliveredOrder(h, owner, {
        level: 11,
        terms: [
          {
            scenes: [{ sceneId: 'DS-B', time: '2024-06-01T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] }],
          },
          {
            state: 1,
            scenes: [{ sceneId: 'DS-C', time: '2024-07-01T10:00:00Z', boundaries: [ringOf(10, 20, 11, 21)] }],
          },
        ],
      })
    ).orderNo;
  });

  it('finds a delivered scene with its package, format and the clipped bounds', async () => {
    const a = await repo.find(owner, clipped, 'DS-A');
    expect(a).toMatchObject({ orderNo: clipped, sceneId: 'DS-A', level: 22, formatType: 'WEBP' });
    expect(a?.packageKey).toMatch(new RegExp(`^orders/${clipped}/`));
    expect(a?.bounds.map((x) => Number(x.toFixed(6)))).toEqual([10.2, 20.2, 10.6, 20.4]);
    const b = await repo.find(owner, whole, 'DS-B');
    expect(b).toMatchObject({ formatType: 'PNG', level: 11 });
    expect(b?.bounds.map((x) => Number(x.toFixed(6)))).toEqual([10, 20, 11, 21]);
  });

  it('never finds another user’s scene, a scene not delivered, or one under another order', async () => {
    expect(await repo.find(other, clipped, 'DS-A')).toBeNull();
    expect(await repo.find(owner, whole, 'DS-C')).toBeNull();
    expect(await repo.find(owner, whole, 'DS-A')).toBeNull();
  });

  it('lists the user’s delivered scenes, newest image first', async () => {
    expect((await repo.list(owner)).map((s) => s.sceneId)).toEqual(['DS-B', 'DS-A']);
    expect(await repo.list(other)).toEqual([]);
  });
});
