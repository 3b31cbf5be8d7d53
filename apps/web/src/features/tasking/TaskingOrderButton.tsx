import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/useMe';
import { canOrderTasking } from './taskingForm';

/**
 * "Order now" of a tasking window (the Tasking tab, the no-archive dialog). Ordering arrives with its
 * issue: until then it stays disabled, its tooltip saying why (no permission 4, or later).
 */
export function TaskingOrderButton({ size, testId }: { size?: 'middle'; testId: string }) {
  const { t } = useTranslation();
  const mayOrder = canOrderTasking(useMe());
  return (
    <Tooltip title={t(mayOrder ? 'tasking.orderLater' : 'tasking.noPermission')}>
      <Button size={size} disabled data-testid={testId}>
        {t(mayOrder ? 'tasking.orderNow' : 'tasking.orderingDisabled')}
      </Button>
    </Tooltip>
  );
}
