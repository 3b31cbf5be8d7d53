import { Limits } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

export interface NameProblem {
  key: TranslationKey;
  params?: Record<string, number>;
}

/**
 * A name checked as the server checks it (spec 001 §5): not empty after trimming (`emptyKey`:
 * tip.aoiName, poi.tipAOIname or poi.tipPOIname), at most 50 characters (aoi.nameTooLong).
 * Characters are counted as code points, like the server.
 */
export function nameProblem(raw: string, emptyKey: TranslationKey): NameProblem | null {
  const name = raw.trim();
  if (!name) return { key: emptyKey };
  if ([...name].length > Limits.nameMax) return { key: 'aoi.nameTooLong', params: { max: Limits.nameMax } };
  return null;
}
