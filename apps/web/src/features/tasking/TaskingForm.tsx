import { Button, Form, Spin, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { usableTimeZone } from '../../shared/format/dates';
import { useToast } from '../../shared/ui/toast';
import { useMe } from '../auth/useMe';
import { dayIn, searchAoiOf, sliderRanges } from '../search/archiveForm';
import { DateRangeField, SearchAoiLine, SliderField } from '../search/FormParts';
import { SensorFields } from '../search/SensorFields';
import styles from '../search/search.module.css';
import taskingStyles from './tasking.module.css';
import {
  canOrderTasking,
  isTaskingDayDisabled,
  type TaskingConditions,
  taskingPredictionRequest,
  validateTasking,
} from './taskingForm';
import { useTaskingStore } from './taskingStore';
import { usePrediction, useTaskableCatalogue } from './useTasking';

type NumberField = keyof Omit<TaskingConditions, 'fdate' | 'tdate'>;
const numberFields: ReadonlyArray<{ field: NumberField; labelKey: TranslationKey }> = [
  { field: 'cc', labelKey: 'search.ccLabel' },
  { field: 'ona', labelKey: 'search.onaLabel' },
  { field: 'sza', labelKey: 'tasking.szaLabel' },
  { field: 'ac', labelKey: 'search.acLabel' },
];

/** Step 0 of the tasking panel (spec 000 §2): the window, angles, sensor, satellite groups, Predict. */
export function TaskingForm() {
  const { t } = useTranslation();
  const message = useToast();
  const me = useMe();
  const timeZone = usableTimeZone(me?.timezone);
  const today = dayIn(new Date(), timeZone);
  const catalogue = useTaskableCatalogue();
  const aoi = useCurrentAoi();
  const predict = usePrediction();
  const { conditions, type, selection, initialised, setConditions, setSensor } = useTaskingStore();
  const defaultDatesIn = useTaskingStore((s) => s.defaultDatesIn);
  // The store starts in the browser's days; the account's zone arrives with `me`.
  useEffect(() => defaultDatesIn(timeZone), [defaultDatesIn, timeZone]);

  if (!catalogue.data) return <Spin className={styles.loading} />;
  const data = catalogue.data;

  const submit = () => {
    const predictionAoi = searchAoiOf(aoi);
    const first = validateTasking({ aoi: predictionAoi, conditions, selection, today })[0];
    if (first) {
      // One toast per message: a new message must not replace one that is already fading out.
      void message.warning({ key: `tasking-form:${first.key}`, content: t(first.key, first.params) });
      return;
    }
    if (!predictionAoi) return;
    predict.mutate(
      taskingPredictionRequest({ aoi: predictionAoi, conditions, catalogue: data, type, selection }),
    );
  };

  const mayOrder = canOrderTasking(me);

  return (
    <Form layout="vertical" size="small" className={styles.form} data-testid="tasking-form">
      <SearchAoiLine aoi={aoi} testId="tasking-aoi" />

      <DateRangeField
        label={t('tasking.dateRange')}
        from={conditions.fdate}
        to={conditions.tdate}
        isDisabled={(day, start) => isTaskingDayDisabled(day, today, start)}
        onChange={(fdate, tdate) => setConditions({ fdate, tdate })}
        testId="tasking-dates"
      />

      {numberFields.map(({ field, labelKey }) => (
        <SliderField
          key={field}
          label={t(labelKey)}
          range={sliderRanges[field]}
          value={conditions[field]}
          onChange={(value) => setConditions({ [field]: value } as Partial<TaskingConditions>)}
          testId={`tasking-${field}`}
        />
      ))}

      <SensorFields
        kind="tasking"
        catalogue={data}
        type={type}
        selection={selection}
        initialised={initialised}
        onChange={setSensor}
      />

      <div className={taskingStyles.actions}>
        <Button
          type="primary"
          size="middle"
          loading={predict.isPending}
          onClick={submit}
          data-testid="tasking-predict"
        >
          {t('tasking.predict')}
        </Button>
        {/* Ordering arrives with its issue: Order now stays disabled, with the reason. */}
        <Tooltip title={t(mayOrder ? 'tasking.orderLater' : 'tasking.noPermission')}>
          <Button size="middle" disabled data-testid="tasking-order">
            {t(mayOrder ? 'tasking.orderNow' : 'tasking.orderingDisabled')}
          </Button>
        </Tooltip>
      </div>
      <p className={`${styles.muted} ${taskingStyles.reason}`} data-testid="tasking-order-reason">
        {t(mayOrder ? 'tasking.orderLater' : 'tasking.noPermission')}
      </p>
    </Form>
  );
}
