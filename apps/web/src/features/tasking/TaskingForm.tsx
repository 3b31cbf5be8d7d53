import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { ConditionForm, useConditionSubmit } from '../../shared/conditions/ConditionForm';
import { slidersOf } from '../../shared/conditions/conditions';
import { useSatelliteCatalogue } from '../../shared/conditions/useSatelliteCatalogue';
import { dayIn } from '../../shared/format/days';
import { useMe } from '../auth/useMe';
import { useTimeFormat } from '../auth/useTimeFormat';
import { TaskingOrderButton } from './TaskingOrderButton';
import styles from './tasking.module.css';
import {
  canOrderTasking,
  isTaskingDayDisabled,
  taskingPredictionRequest,
  validateTasking,
} from './taskingForm';
import { useTaskingStore } from './taskingStore';
import { usePrediction } from './useTasking';

const sliders = slidersOf(['cc', 'ona', 'sza', 'ac'], { sza: 'tasking.szaLabel' });

/** Step 0 of the tasking panel (spec 000 §2): the window, angles, sensor, satellite groups, Predict. */
export function TaskingForm() {
  const { t } = useTranslation();
  const me = useMe();
  const { timeZone } = useTimeFormat();
  const today = dayIn(new Date(), timeZone);
  const catalogue = useSatelliteCatalogue(true);
  const aoi = useCurrentAoi();
  const predict = usePrediction();
  const state = useTaskingStore();
  const submit = useConditionSubmit('tasking', {
    aoi,
    state,
    catalogue: catalogue.data,
    today,
    validate: validateTasking,
    send: (request) => {
      const body = taskingPredictionRequest(request);
      state.setPredictionRequest(body);
      predict.mutate(body);
    },
  });

  return (
    <ConditionForm
      kind="tasking"
      aoi={aoi}
      catalogue={catalogue.data}
      state={state}
      timeZone={timeZone}
      dateLabel={t('tasking.dateRange')}
      isDayDisabled={(day, start) => isTaskingDayDisabled(day, today, start)}
      sliders={sliders}
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
