import type { ElementsFetchProblem, OrbitalElementsStatus, TaskingPrediction } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

/**
 * What the tasking panel says of the orbital elements behind a prediction (issue 28): whether they
 * are refreshed from a source and when, a refresh that failed (its previous elements kept), and
 * each predicted satellite's element age. The passes' error grows with that age, so the customer
 * is told it rather than left to trust a months-old prediction.
 */
export interface ElementsNote {
  refresh: { kind: 'noSource' } | { kind: 'never' } | { kind: 'refreshed'; at: string };
  /** The last attempt failed after the last success: the elements shown are the previous ones. */
  failed: { at: string; problem: TranslationKey } | null;
  ages: { satId: number; satName: string; ageDays: number; epoch: string }[];
}

export const problemKeys: Record<ElementsFetchProblem, TranslationKey> = {
  http: 'tasking.elementsProblemHttp',
  timeout: 'tasking.elementsProblemTimeout',
  tooLarge: 'tasking.elementsProblemTooLarge',
  network: 'tasking.elementsProblemNetwork',
  malformed: 'tasking.elementsProblemMalformed',
  empty: 'tasking.elementsProblemEmpty',
  noCatalogueSatellites: 'tasking.elementsProblemNoSatellites',
  rejected: 'tasking.elementsProblemRejected',
  interrupted: 'tasking.elementsProblemInterrupted',
};

/** The satellites the prediction worked on: those with passes and those warned about. */
function predictedSatellites(prediction: Pick<TaskingPrediction, 'list' | 'staleElements'>): Set<number> {
  return new Set([
    ...prediction.list.flatMap((day) => day.item.map((pass) => pass.satId)),
    ...prediction.staleElements.map((s) => s.satId),
  ]);
}

export function elementsNote(
  status: OrbitalElementsStatus,
  prediction: Pick<TaskingPrediction, 'list' | 'staleElements'>,
): ElementsNote {
  const refresh: ElementsNote['refresh'] = !status.sourceConfigured
    ? { kind: 'noSource' }
    : status.lastRefreshedAt
      ? { kind: 'refreshed', at: status.lastRefreshedAt }
      : { kind: 'never' };
  const last = status.lastFetch;
  const failed =
    status.sourceConfigured && last?.outcome === 'failed' && last.finishedAt
      ? {
          at: last.finishedAt,
          problem: last.problem ? problemKeys[last.problem] : ('tasking.elementsProblemOther' as const),
        }
      : null;
  const wanted = predictedSatellites(prediction);
  const ages = status.satellites
    .filter((s) => wanted.has(s.satId) && s.epoch !== null && s.ageDays !== null)
    .map((s) => ({ satId: s.satId, satName: s.satName, ageDays: s.ageDays!, epoch: s.epoch! }))
    .sort((a, b) => b.ageDays - a.ageDays || a.satName.localeCompare(b.satName));
  return { refresh, failed, ages };
}
