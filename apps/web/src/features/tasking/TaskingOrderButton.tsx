import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/useMe';
import { useOrderDialogStore } from '../ordering/orderDialogStore';
import { canOrderTasking } from './taskingForm';
import { useTaskingStore } from './taskingStore';

/**
 * "Order now" of a tasking window (the Tasking tab, its results, the no-archive dialog): opens the
 * tasking order dialog for the prediction shown, when the account may order tasking (permission 4)
 * and the prediction has passes; else disabled, its tooltip saying why.
 */
export function TaskingOrderButton({ size, testId }: { size?: 'middle'; testId: string }) {
  const { t } = useTranslation();
  const mayOrder = canOrderTasking(useMe());
  const prediction = useTaskingStore((s) => s.prediction);
  const request = useTaskingStore((s) => s.predictionRequest);
  const openTasking = useOrderDialogStore((s) => s.openTasking);
  const passes = prediction?.list.flatMap((day) => day.item) ?? [];
  const ready = mayOrder && prediction !== null && request !== null && passes.length > 0;
  const button = (
    <Button
      size={size}
      type={ready ? 'primary' : 'default'}
      disabled={!ready}
      onClick={() => prediction && request && openTasking(prediction.taskId, passes, request)}
      data-testid={testId}
    >
      {t(mayOrder ? 'tasking.orderNow' : 'tasking.orderingDisabled')}
    </Button>
  );
  if (ready) return button;
  return <Tooltip title={t(mayOrder ? 'order.predictFirst' : 'tasking.noPermission')}>{button}</Tooltip>;
}
