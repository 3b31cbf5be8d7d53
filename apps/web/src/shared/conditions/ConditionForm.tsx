import type { Aoi, SensorType } from '@satportal/contract';
import { Form, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { CurrentAoi } from '../../map/types';
import type { Day } from '../format/days';
import { useToast } from '../ui/toast';
import {
  type FormProblem,
  type SearchConditions,
  type SliderKey,
  searchAoiOf,
  sliderRanges,
} from './conditions';
import styles from './conditions.module.css';
import type { ConditionsState } from './conditionsStore';
import { DateRangeField, SearchAoiLine, SliderField } from './FormParts';
import { SensorFields } from './SensorFields';
import type { Catalogue, SearchKind, SensorSelection } from './sensorChoice';

interface ConditionFormProps<C extends SearchConditions> {
  /** Which tab: names the test ids (`archive-dates`, `tasking-cc` …) and the saved sensor choice. */
  kind: SearchKind;
  aoi: CurrentAoi | null;
  /** The satellites offered; a spinner until they arrive. */
  catalogue: Catalogue | undefined;
  /** The tab's conditions and sensor choice, as its feature's store keeps them. */
  state: ConditionsState<C>;
  /** The user's zone: the store's untouched default dates move into its days. */
  timeZone: string;
  dateLabel: string;
  /** Shown between the AOI line and the dates (the subscription's AOI choice and name). */
  beforeDates?: ReactNode;
  /** Whether the range picker refuses a day; `start` is the first day picked so far, if any. */
  isDayDisabled(day: Day, start: Day | null): boolean;
  sliders: ReadonlyArray<{ field: SliderKey; labelKey: TranslationKey }>;
  /** Shown under the dates (the archive's three-year warning). */
  afterDates?: ReactNode;
  /** Shown between the sliders and the sensor part (the archive's quality and orbit). */
  afterSliders?: ReactNode;
  /** The tab's buttons, at the end. */
  children: ReactNode;
}

/**
 * The conditions form of the search centre's Archive, Tasking and AOI Subscription tabs (spec 000
 * §2): the AOI line, the day range, the sliders, the sensor part, then the tab's own fields and
 * buttons.
 */
export function ConditionForm<C extends SearchConditions>(props: ConditionFormProps<C>) {
  const { kind, aoi, catalogue, state, timeZone, dateLabel, isDayDisabled, sliders } = props;
  const { t } = useTranslation();
  const { defaultDatesIn, conditions, setConditions } = state;
  // The store starts in the browser's days; the account's zone arrives with `me`.
  useEffect(() => defaultDatesIn(timeZone), [defaultDatesIn, timeZone]);

  if (!catalogue) return <Spin className={styles.loading} />;

  return (
    <Form layout="vertical" size="small" className={styles.form} data-testid={`${kind}-form`}>
      <SearchAoiLine aoi={aoi} testId={`${kind}-aoi`} />
      {props.beforeDates}
      <DateRangeField
        label={dateLabel}
        from={conditions.fdate}
        to={conditions.tdate}
        isDisabled={isDayDisabled}
        onChange={(fdate, tdate) => setConditions({ fdate, tdate } as Partial<C>)}
        testId={`${kind}-dates`}
      />
      {props.afterDates}
      {sliders.map(({ field, labelKey }) => (
        <SliderField
          key={field}
          label={t(labelKey)}
          range={sliderRanges[field]}
          value={conditions[field]}
          onChange={(value) => setConditions({ [field]: value } as Partial<C>)}
          testId={`${kind}-${field}`}
        />
      ))}
      {props.afterSliders}
      <SensorFields
        kind={kind}
        catalogue={catalogue}
        type={state.type}
        selection={state.selection}
        initialised={state.initialised}
        onChange={state.setSensor}
      />
      {props.children}
    </Form>
  );
}

/**
 * The submit of a conditions tab: the current AOI as the request's (a point is none), the tab's
 * checks in its order with the first problem as a warning toast, then `send` with the request's
 * parts. One toast per message: a new message must not replace one that is already fading out.
 */
export function useConditionSubmit<C extends SearchConditions>(
  kind: SearchKind,
  input: {
    aoi: CurrentAoi | null;
    state: ConditionsState<C>;
    catalogue: Catalogue | undefined;
    today: Day;
    validate(form: { aoi: Aoi | null; conditions: C; selection: SensorSelection; today: Day }): FormProblem[];
    send(request: {
      aoi: Aoi;
      conditions: C;
      catalogue: Catalogue;
      type: SensorType;
      selection: SensorSelection;
    }): void;
  },
) {
  const { t } = useTranslation();
  const message = useToast();
  return () => {
    const { aoi, state, catalogue, today } = input;
    const { conditions, type, selection } = state;
    const requestAoi = searchAoiOf(aoi);
    const first = input.validate({ aoi: requestAoi, conditions, selection, today })[0];
    if (first) {
      void message.warning({ key: `${kind}-form:${first.key}`, content: t(first.key, first.params) });
      return;
    }
    if (requestAoi && catalogue) input.send({ aoi: requestAoi, conditions, catalogue, type, selection });
  };
}
