import type { CapturePlan, TaskingPass } from '@satportal/contract';
import { dayIn } from '../../shared/format/days';
import { passColour, passIdOf, type ShownPass } from './passes';

/** The confidences the panel offers for the completion date, %. */
export const planConfidences = [50, 80, 90, 95] as const;
export const defaultPlanConfidence = 80;

/**
 * When the order is complete at a confidence (issue 28 #2): the day (in the user's zone) of the
 * first pass after which the chance of completion reaches it; else the chance by the window's end.
 */
export function completionAt(
  plan: Pick<CapturePlan, 'completion'>,
  confidencePercent: number,
  timeZone: string,
): { day: string } | { chanceByEnd: number } {
  const reached = plan.completion.find((s) => s.probability * 100 >= confidencePercent - 1e-9);
  if (reached) return { day: dayIn(new Date(reached.time), timeZone) };
  return { chanceByEnd: (plan.completion.at(-1)?.probability ?? 0) * 100 };
}

/** The expected share of the AOI captured clear by the window's end, %. */
export const expectedByEnd = (plan: Pick<CapturePlan, 'completion'>) =>
  plan.completion.at(-1)?.expectedCoverage ?? 0;

/**
 * The passes the map shows: the list's, coloured in rotation as the list colours them, then the
 * plan's passes the list leaves out (an empty prediction lists none), continuing the rotation.
 */
export function passesOnMap(listed: readonly ShownPass[], plan: CapturePlan | null): ShownPass[] {
  const ids = new Set(listed.map((p) => p.id));
  const extra = (plan?.passes ?? [])
    .map(({ pass }) => pass)
    .filter((pass) => !ids.has(passIdOf(pass)))
    .map((pass: TaskingPass, i) => ({ id: passIdOf(pass), colour: passColour(listed.length + i), pass }));
  return [...listed, ...extra];
}
