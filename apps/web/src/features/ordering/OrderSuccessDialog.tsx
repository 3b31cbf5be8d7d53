import { Limits, type OrderSuccessResponse } from '@satportal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import { useOrderDialogStore } from './orderDialogStore';
import styles from './ordering.module.css';

/**
 * The order-success dialog (spec 001 §2): the order numbers, an optional tag (≤ 30 characters,
 * suggested from the user's tags), and "Order centre" or "Homepage", each saving the tag first
 * when one has been typed.
 */
export function OrderSuccessDialog({ orders }: { orders: OrderSuccessResponse['list'] }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const close = useOrderDialogStore((s) => s.close);
  const openPanel = usePanelStore((s) => s.open);
  const [tag, setTag] = useState('');
  const tags = useQuery({ queryKey: queryKeys.orderTags, queryFn: () => api.orderTags() });
  const typed = tag.trim();
  const save = useMutation({
    mutationFn: () => api.tagOrders({ tag: typed, orderIds: orders.map((o) => o.orderId) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orderTags });
      void toast.success(t('order.tagSaved'));
    },
  });

  const leave = async (toOrderCentre: boolean) => {
    if (typed !== '') {
      try {
        await save.mutateAsync();
      } catch {
        return; // the client has said why; the dialog stays so the tag can be changed
      }
    }
    close();
    if (toOrderCentre) openPanel(PanelId.OrderCentre);
  };

  const suggestions = (tags.data?.list ?? [])
    .map((entry) => entry.tag)
    .filter((name) => name.toLowerCase().includes(typed.toLowerCase()));
  return (
    <Modal
      open
      title={t('order.successTitle')}
      onCancel={() => void leave(false)}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={() => void leave(false)} loading={save.isPending} data-testid="order-homepage">
            {typed ? t('order.saveTagHomepage') : t('order.homepage')}
          </Button>
          <Button
            type="primary"
            onClick={() => void leave(true)}
            loading={save.isPending}
            data-testid="order-centre"
          >
            {typed ? t('order.saveTagOrderCentre') : t('order.orderCentre')}
          </Button>
        </Space>
      }
    >
      <div data-testid="order-success">
        <h4 className={styles.sectionTitle}>{t('order.orderNumbers')}</h4>
        <ul className={styles.numbers} data-testid="order-numbers">
          {orders.map((o) => (
            <li key={o.orderId} data-testid="order-number" data-order-id={o.orderId}>
              {o.orderNumber}
            </li>
          ))}
        </ul>
        <div className={styles.tagRow}>
          <h4 className={styles.sectionTitle}>{t('order.tag')}</h4>
          <AutoComplete
            value={tag}
            onChange={(value: string) => setTag(value.slice(0, Limits.tagMax))}
            options={suggestions.map((name) => ({ value: name }))}
            placeholder={t('order.tagPlaceholder')}
            maxLength={Limits.tagMax}
            style={{ width: '100%' }}
            data-testid="order-tag"
          />
        </div>
      </div>
    </Modal>
  );
}
