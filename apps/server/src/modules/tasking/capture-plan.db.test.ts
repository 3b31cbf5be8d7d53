import { resolve } from 'node:path';
import { ResultCode, type TaskingPass, type TaskingPrediction } from '@satportal/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/harness';
import { box } from '../../test/scenes';
import { defaultConstellation } from '../catalogue/constellation';

/**
 * Issue 28 #2/#3: the capture plan over the Beijing area with the spec's default conditions
 * (cloud 15 %, coverage 100 %, off-nadir 25°) over real orbits, and the tasking price on the area
 * the passes can cover.
 */

let h: Harness;
let token: string;
let taskable: number[];
const repo = resolve(import.meta.dirname, '../../../../..');
const dayMs = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * dayMs).toISOString().slice(0, 10);
const beijing = box(116, 39.5, 117, 40.5);
const defaults = { cc: 15, ac: 100, ona: 25, sza: 0 };

beforeAll(async () => {
  h = await startHarness();
  await h.services.catalogue.seedConstellation(defaultConstellation);
  await h.services.orbitalElements.loadFolder(resolve(repo, 'data/tle'));
  ({ token } = await h.signedIn());
  const sats = (await h.call('GET', '/satellites', { token })).body.data.sats as {
    id: number;
    taskable: boolean;
  }[];
  taskable = sats.filter((s) => s.taskable).map((s) => s.id);
});

async function predict(condition: Record<string, unknown>): Promise<TaskingPrediction> {
  const body = {
    aois: [beijing],
    condition: { fdate: day(1), tdate: day(20), ...condition },
    satIds: taskable,
    sensor: { type: 1 },
  };
  const r = await h.call('POST', '/tasking/predictions', { token, body });
  expect(r.body.code, JSON.stringify(r.body).slice(0, 300)).toBe(ResultCode.Success);
  return r.body.data[0] as TaskingPrediction;
}

const keyOf = (i: TaskingPass) => `${i.satId} ${i.bestTime}`;

describe('capture plan', () => {
  let prediction: TaskingPrediction;
  beforeAll(async () => {
    prediction = await predict(defaults);
  });

  it('plans the fewest passes that cover the AOI even when no single pass meets the defaults', () => {
    const plan = prediction.plan;
    expect(plan).not.toBeNull();
    if (!plan) return;
    // No optical pass covers a 1° box whole at 25° off-nadir: the list's coverage limit empties it.
    expect(prediction.total).toBe(0);
    expect(plan.candidates).toBe(prediction.leftOut.cloud + prediction.leftOut.coverage);
    expect(plan.passes.length).toBeGreaterThan(1);
    expect(plan.passes.length).toBeLessThan(plan.candidates);
    // The plan reaches what the window's passes can reach, less the 0.5 % it leaves to slivers.
    expect(plan.coverable).toBeGreaterThan(90);
    expect(plan.coverage).toBeGreaterThan(plan.coverable - 2);
    expect(plan.coverage).toBeLessThanOrEqual(plan.coverable);
    const times = plan.passes.map((p) => p.pass.bestTime);
    expect(times).toEqual([...times].sort());
    for (const { pass, addedCoverage } of plan.passes) {
      expect(addedCoverage).toBeGreaterThanOrEqual(0.5);
      expect(addedCoverage).toBeLessThanOrEqual(pass.coverage + 0.5);
      expect(pass.clearProbability).toBeGreaterThanOrEqual(0);
      expect(pass.clearProbability).toBeLessThanOrEqual(1);
    }
    // No pass is worth taking twice: the added shares sum to about the plan's coverage.
    const added = plan.passes.reduce((s, p) => s + p.addedCoverage, 0);
    expect(Math.abs(added - plan.coverage)).toBeLessThan(2);
  });

  it('gives a completion curve that only grows, one step per pass of the window', () => {
    const plan = prediction.plan;
    if (!plan) throw new Error('no plan');
    expect(plan.completion).toHaveLength(plan.candidates);
    const probabilities = plan.completion.map((s) => s.probability);
    expect(probabilities).toEqual([...probabilities].sort((a, b) => a - b));
    const expected = plan.completion.map((s) => s.expectedCoverage);
    expect(expected).toEqual([...expected].sort((a, b) => a - b));
    // A winter month over Beijing at cloud 15 %: a pass is clear about one time in ten, so the
    // whole area is unlikely within the window, and most of it is likely.
    expect(probabilities.at(-1)).toBeLessThan(0.5);
    expect(expected.at(-1)).toBeGreaterThan(30);
    expect(expected.at(-1)).toBeLessThanOrEqual(plan.coverable);
    expect(plan.planClearProbability).toBeLessThan(0.05);
  });

  it('completes for certain once every part has had a pass, when any sky will do', async () => {
    const anySky = await predict({ ...defaults, cc: 100 });
    const plan = anySky.plan;
    if (!plan) throw new Error('no plan');
    expect(plan.planClearProbability).toBe(1);
    const last = plan.completion.at(-1);
    expect(last?.probability).toBe(1);
    expect(last?.expectedCoverage).toBeCloseTo(plan.coverable, -0.5);
    // Not before the plan's last pass has come, and at the latest then: the plan covers it all.
    const done = plan.completion.find((s) => s.probability === 1);
    expect(done?.time).toBeDefined();
    expect(Date.parse(done?.time ?? '')).toBeLessThanOrEqual(
      Date.parse(plan.passes.at(-1)?.pass.bestTime ?? ''),
    );
    for (const { pass } of plan.passes) expect(pass.clearProbability).toBe(1);
  });

  it('names the limits that list every planned pass, and those limits do', async () => {
    const plan = prediction.plan;
    if (!plan?.conditions) throw new Error('no conditions');
    expect(plan.conditions.cc).toBeGreaterThanOrEqual(defaults.cc);
    expect(plan.conditions.ac).toBeLessThanOrEqual(defaults.ac);
    const loosened = await predict({ ...defaults, ...plan.conditions });
    const listed = new Set(loosened.list.flatMap((d) => d.item).map(keyOf));
    for (const { pass } of plan.passes) expect(listed.has(keyOf(pass))).toBe(true);
    // The same passes are there to choose from: a plan of as few passes.
    expect(loosened.plan?.candidates).toBe(plan.candidates);
    expect(loosened.plan?.passes.length).toBe(plan.passes.length);
  });

  it('has no plan when no pass meets the geometric conditions', async () => {
    // The Sun never climbs within 10° of the zenith over Beijing in the coming weeks.
    const none = await predict({ ...defaults, sza: 10 });
    expect(none.total).toBe(0);
    expect(none.plan).toBeNull();
  });
});
