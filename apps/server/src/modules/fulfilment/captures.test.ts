import type { TaskingPass } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { cloudCoverAt } from '../weather';
import { capturedScene, capturedSceneId, cloudOverFootprint, decideCapture } from './captures';

const ring = [
  [116.2, 39.8],
  [116.5, 39.8],
  [116.5, 40.1],
  [116.2, 40.1],
  [116.2, 39.8],
];

const pass = (over: Partial<TaskingPass> = {}): TaskingPass => ({
  enterTime: '2026-11-27T03:10:00.000Z',
  leaveTime: '2026-11-27T03:10:12.500Z',
  bestTime: '2026-11-27T03:10:06.000Z',
  satId: 7,
  satName: 'SuperView-1 01',
  satGroupName: 'SuperView-1',
  noradId: 41907,
  sensorType: 1,
  imageGsd: 0.52,
  offNadirAngle: 12.5,
  lookSide: 'left',
  orbit: 2,
  sunZenith: 60,
  boundaries: [ring],
  elementsEpoch: '2026-11-20T00:00:00.000Z',
  cloudForecast: 10,
  coverage: 100,
  clearProbability: 0.5,
  ...over,
});

describe('tasking captures (docs/ORDERING.md "Captures")', () => {
  it('takes the sky over the footprint at the pass time from the weather model', () => {
    const t = Date.parse(pass().bestTime);
    const cloud = cloudOverFootprint([ring], t);
    // every sample is one of the footprint's weather cells: the mean lies between their extremes
    const cells = [cloudCoverAt(116.3, 39.9, t), cloudCoverAt(116.3, 40.05, t)];
    expect(cloud).toBeGreaterThanOrEqual(Math.min(...cells) - 1e-9);
    expect(cloud).toBeLessThanOrEqual(Math.max(...cells) + 1e-9);
    expect(cloudOverFootprint([ring], t)).toBe(cloud);
  });

  it('shoots when no rule refuses, with the cloud met', () => {
    const t = Date.parse(pass().bestTime);
    const d = decideCapture({ pass: pass(), maxCloud: 100, maxOffNadirDeg: 45, conflicts: [] });
    expect(d).toEqual({ shot: true, cloudCover: cloudOverFootprint([ring], t) });
  });

  it('refuses a cloudier sky than ordered, saying the cloud, the time and the duration', () => {
    const cloud = cloudOverFootprint([ring], Date.parse(pass().bestTime));
    const d = decideCapture({ pass: pass(), maxCloud: cloud - 0.01, maxOffNadirDeg: 45, conflicts: [] });
    expect(d).toMatchObject({
      shot: false,
      reason: {
        reason: 'cloud',
        cloudCover: cloud,
        roll: 12.5,
        visibleTimeAndDuration: { time: '2026-11-27T03:10:00.000Z', durationSeconds: 12.5 },
      },
    });
  });

  it('radar sees through clouds', () => {
    expect(
      decideCapture({ pass: pass({ sensorType: 4 }), maxCloud: 0, maxOffNadirDeg: 45, conflicts: [] }),
    ).toEqual({
      shot: true,
      cloudCover: 0,
    });
  });

  it('refuses a roll beyond the agility, and a conflict before anything else', () => {
    expect(decideCapture({ pass: pass(), maxCloud: 100, maxOffNadirDeg: 10, conflicts: [] })).toMatchObject({
      shot: false,
      reason: { reason: 'roll' },
    });
    expect(
      decideCapture({ pass: pass(), maxCloud: 0, maxOffNadirDeg: 10, conflicts: [{ orderNumber: 'SP1' }] }),
    ).toMatchObject({
      shot: false,
      reason: { reason: 'conflict', comments: expect.stringContaining('SP1') },
    });
  });

  it('makes the same scene from the same pass (a repeated capture adds nothing)', () => {
    const a = capturedScene(pass(), 42, 8, { bands: ['PAN'] as never }, 'SP1');
    expect(a).toEqual(capturedScene(pass(), 42, 8, { bands: ['PAN'] as never }, 'SP1'));
    expect(a.id).toBe(capturedSceneId(pass(), 42));
    expect(a.id).toBe('SuperView101_20261127T031006_T42');
    expect(a).toMatchObject({ satelliteId: 7, gsd: 0.52, offNadir: 12.5, cloudCover: 8, orbitDirection: 2 });
  });
});
