import { Form, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { CurrentAoi } from '../../map/types';
import type { Day } from '../format/days';
import { useToast } from '../ui/toast';
import type { FormProblem, SearchConditions, SliderKey } from './conditions';
import { sliderRanges } from './conditions';
import styles from './conditions.module.css';
import type { ConditionsState } from './conditionsStore';
import { DateRangeField, SearchAoiLine, SliderField } from './FormParts';
import { SensorFields } from './SensorFields';
import type { Catalogue, SearchKind } from './sensorChoice';

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
 * The conditions form of the search centre's Archive and Tasking tabs (spec 000 §2): the AOI line,
 * the day range, the sliders, the sensor part, then the tab's own fields and buttons.
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
 * The first problem of a form's checks as a warning toast: true when there is none. One toast per
 * message: a new message must not replace one that is already fading out.
 */
export function useFirstProblemToast(kind: SearchKind) {
  const { t } = useTranslation();
  const message = useToast();
  return (problems: readonly FormProblem[]): boolean => {
    const first = problems[0];
    if (!first) return true;
    void message.warning({ key: `${kind}-form:${first.key}`, content: t(first.key, first.params) });
    return false;
  };
}
