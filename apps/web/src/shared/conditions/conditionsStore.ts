import type { SensorType } from '@satportal/contract';
import { type Day, dayIn } from '../format/days';
import type { SensorSelection } from './sensorChoice';

/**
 * The dates a form's store keeps while the user has not picked any (`datesZone` names the zone
 * whose days they are; null once the user picked). Shared by the Archive and Tasking tabs: both
 * start in the browser's days before the account's zone is known.
 */
export interface ZonedDates<C extends { fdate: Day; tdate: Day }> {
  conditions: C;
  datesZone: string | null;
}

/** The store change for a change of conditions: picking a date ends the default dates. */
export const conditionsChange = <C extends { fdate: Day; tdate: Day }>(
  s: ZonedDates<C>,
  change: Partial<C>,
): ZonedDates<C> => ({
  conditions: { ...s.conditions, ...change },
  datesZone: 'fdate' in change || 'tdate' in change ? null : s.datesZone,
});

/** The store change that moves untouched default dates into the days of `timeZone`. */
export function defaultDatesChange<C extends { fdate: Day; tdate: Day }>(
  s: ZonedDates<C>,
  timeZone: string,
  defaults: (today: Day) => { fdate: Day; tdate: Day },
): Partial<ZonedDates<C>> {
  if (s.datesZone === null || s.datesZone === timeZone) return {};
  const { fdate, tdate } = defaults(dayIn(new Date(), timeZone));
  return { conditions: { ...s.conditions, fdate, tdate }, datesZone: timeZone };
}

/** A search form's conditions and sensor choice, as its feature's store keeps them (closing the panel loses nothing). */
export interface ConditionsState<C extends { fdate: Day; tdate: Day }> extends ZonedDates<C> {
  type: SensorType;
  selection: SensorSelection;
  /** Set once the form has been built from the catalogue and the saved `sats`. */
  initialised: boolean;
  setConditions(change: Partial<C>): void;
  /** The default dates in the account's zone, unless the user has picked dates (`datesZone`). */
  defaultDatesIn(timeZone: string): void;
  setSensor(type: SensorType, selection: SensorSelection): void;
}

type SetState<S> = (change: Partial<S> | ((s: S) => Partial<S>)) => void;

/**
 * The conditions part of a feature's zustand store, starting from `defaults` in the browser's
 * days (`timeZone`): spread it into the store (`create((set) => ({ ...conditionsState(set, …), … }))`).
 */
export function conditionsState<C extends { fdate: Day; tdate: Day }>(
  set: SetState<ConditionsState<C>>,
  defaults: (today: Day) => C,
  timeZone: string,
): ConditionsState<C> {
  return {
    conditions: defaults(dayIn(new Date(), timeZone)),
    datesZone: timeZone,
    type: 1,
    selection: { bands: [], stereo: null, resolutions: [], satGroups: [] },
    initialised: false,
    setConditions: (change) => set((s) => conditionsChange(s, change)),
    defaultDatesIn: (zone) => set((s) => defaultDatesChange(s, zone, defaults)),
    setSensor: (type, selection) => set({ type, selection, initialised: true }),
  };
}
