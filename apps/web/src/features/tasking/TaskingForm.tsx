import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { ConditionForm, useFirstProblemToast } from '../../shared/conditions/ConditionForm';
import { type SliderKey, searchAoiOf } from '../../shared/conditions/conditions';
import { usableTimeZone } from '../../shared/format/dates';
import { dayIn } from '../../shared/format/days';
import { useMe } from '../auth/useMe';
import { TaskingOrderButton } from './TaskingOrderButton';
import styles from './tasking.module.css';
import {
  canOrderTasking,
  isTaskingDayDisabled,
  taskingPredictionRequest,
  validateTasking,
} from './taskingForm';
import { useTaskingStore } from './taskingStore';
import { usePrediction, useTaskableCatalogue } from './useTasking';

const sliderFields: ReadonlyArray<{ field: SliderKey; labelKey: TranslationKey }> = [
  { field: 'cc', labelKey: 'search.ccLabel' },
  { field: 'ona', labelKey: 'search.onaLabel' },
  { field: 'sza', labelKey: 'tasking.szaLabel' },
  { field: 'ac', labelKey: 'search.acLabel' },
];

/** Step 0 of the tasking panel (spec 000 §2): the window, angles, sensor, satellite groups, Predict. */
export function TaskingForm() {
  const { t } = useTranslation();
  const noProblem = useFirstProblemToast('tasking');
  const me = useMe();
  const timeZone = usableTimeZone(me?.timezone);
  const today = dayIn(new Date(), timeZone);
  const catalogue = useTaskableCatalogue();
  const aoi = useCurrentAoi();
  const predict = usePrediction();
  const state = useTaskingStore();
  const { conditions, type, selection } = state;

  const submit = () => {
    const predictionAoi = searchAoiOf(aoi);
    if (!noProblem(validateTasking({ aoi: predictionAoi, conditions, selection, today }))) return;
    if (!predictionAoi || !catalogue.data) return;
    predict.mutate(
      taskingPredictionRequest({
        aoi: predictionAoi,
        conditions,
        catalogue: catalogue.data,
        type,
        selection,
      }),
    );
  };

  return (
    <ConditionForm
      kind="tasking"
      aoi={aoi}
      catalogue={catalogue.data}
      state={state}
      timeZone={timeZone}
      dateLabel={t('tasking.dateRange')}
      isDayDisabled={(day, start) => isTaskingDayDisabled(day, today, start)}
      sliders={sliderFields}
    >
      <div className={styles.actions}>
        <Button
          type="primary"
          size="middle"
          loading={predict.isPending}
          onClick={submit}
          data-testid="tasking-predict"
        >
          {t('tasking.predict')}
        </Button>
        <TaskingOrderButton size="middle" testId="tasking-order" />
      </div>
      <p className={styles.reason} data-testid="tasking-order-reason">
        {t(canOrderTasking(me) ? 'tasking.orderLater' : 'tasking.noPermission')}
      </p>
    </ConditionForm>
  );
}
