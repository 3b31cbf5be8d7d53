import type { CapturePlan, TaskingPass } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { passColour, passIdOf } from './passes';
import { completionAt, expectedByEnd, passesOnMap } from './plan';

const completion: CapturePlan['completion'] = [
  { time: '2026-12-01T02:00:00Z', probability: 0, expectedCoverage: 10 },
  { time: '2026-12-03T23:30:00Z', probability: 0.5, expectedCoverage: 60 },
  { time: '2026-12-09T03:00:00Z', probability: 0.85, expectedCoverage: 90 },
];

describe('completionAt', () => {
  it('is the day of the first pass whose chance reaches the confidence, in the user’s zone', () => {
    expect(completionAt({ completion }, 50, 'UTC')).toEqual({ day: '2026-12-03' });
    // 23:30 UTC is the next day in Shanghai.
    expect(completionAt({ completion }, 50, 'Asia/Shanghai')).toEqual({ day: '2026-12-04' });
    expect(completionAt({ completion }, 80, 'UTC')).toEqual({ day: '2026-12-09' });
  });

  it('gives the chance by the window’s end when the confidence is not reached', () => {
    expect(completionAt({ completion }, 90, 'UTC')).toEqual({ chanceByEnd: 85 });
    expect(completionAt({ completion: [] }, 50, 'UTC')).toEqual({ chanceByEnd: 0 });
    expect(expectedByEnd({ completion })).toBe(90);
  });
});

describe('passesOnMap', () => {
  const pass = (satId: number, enterTime: string) => ({ satId, enterTime }) as TaskingPass;
  it('adds the planned passes the list leaves out, continuing the colour rotation', () => {
    const listed = [{ id: passIdOf(pass(1, 'a')), colour: passColour(0), pass: pass(1, 'a') }];
    const plan = { passes: [{ pass: pass(1, 'a') }, { pass: pass(2, 'b') }] } as CapturePlan;
    const shown = passesOnMap(listed, plan);
    expect(shown.map((p) => [p.id, p.colour])).toEqual([
      ['1@a', passColour(0)],
      ['2@b', passColour(1)],
    ]);
    expect(passesOnMap(listed, null)).toEqual(listed);
  });
});
