import { ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/useMe';
import { canOrderArchive } from './areaCalculation';
import { useCartStore } from './cartStore';

/**
 * "Order (n)" for the cart's scenes (spec 000 §2, the result list's header and the cart box):
 * disabled with the no-permission message for an account without archive ordering (order type 1).
 * Who mounts it says what ordering opens (the ordering feature reads the cart, so the cart does not
 * import it back).
 */
export function OrderButton({ onOrder, testId }: { onOrder: () => void; testId: string }) {
  const { t } = useTranslation();
  const count = useCartStore((s) => s.scenes.size);
  const allowed = canOrderArchive(useMe());
  const button = (
    <Button
      type="primary"
      size="small"
      icon={<ShoppingCartOutlined />}
      disabled={!allowed || count === 0}
      onClick={onOrder}
      data-testid={testId}
      data-permitted={allowed}
    >
      {t('cart.order', { count })}
    </Button>
  );
  // A disabled button gets no pointer events: the tooltip hangs on a wrapper.
  return allowed ? (
    button
  ) : (
    <Tooltip title={t('cart.noPermission')}>
      <span data-testid={`${testId}-no-permission`}>{button}</span>
    </Tooltip>
  );
}
