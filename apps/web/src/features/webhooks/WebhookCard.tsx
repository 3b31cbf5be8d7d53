import { DeleteOutlined, KeyOutlined, SendOutlined } from '@ant-design/icons';
import type { WebhookEndpoint, WebhookEndpointInput } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useToast } from '../../shared/ui/toast';
import { DeliveryLog } from './DeliveryLog';
import { eventLabelKey } from './labels';
import styles from './webhooks.module.css';

/** One endpoint: where, which events, on or off, its secret's hint, test, rotate, delete, and its log. */
export function WebhookCard({
  endpoint: e,
  timeZone,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  timeZone: string;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });

  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      api.updateWebhook(e.id, {
        url: e.url,
        description: e.description,
        eventTypes: e.eventTypes as WebhookEndpointInput['eventTypes'],
        enabled,
      }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => api.testWebhook(e.id),
    onSuccess: () => {
      toast.success(t('webhook.testSent'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(e.id) });
    },
  });
  const rotate = useMutation({
    mutationFn: () => api.rotateWebhookSecret(e.id),
    onSuccess: (made) => {
      void refresh();
      onSecret(made.secret);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.deleteWebhook(e.id),
    onSuccess: () => {
      toast.success(t('webhook.deleted'));
      void refresh();
    },
  });

  return (
    <Card size="small" className={styles.card} data-testid="webhook-card" data-webhook-id={e.id}>
      <Typography.Text className={styles.url} data-testid="webhook-card-url">
        {e.url}
      </Typography.Text>
      {e.description && <Typography.Paragraph className={styles.muted}>{e.description}</Typography.Paragraph>}
      <div className={styles.row}>
        {e.eventTypes.map((type) => (
          <Tag key={type}>{eventLabelKey[type] ? t(eventLabelKey[type]!) : type}</Tag>
        ))}
      </div>
      <div className={styles.row}>
        <Switch
          size="small"
          checked={e.enabled}
          loading={toggle.isPending}
          onChange={(on) => toggle.mutate(on)}
          data-testid="webhook-enabled"
        />
        <span>{e.enabled ? t('webhook.enabled') : t('webhook.disabled')}</span>
        <span className={styles.muted}>
          · {t('webhook.secretHint')} <code>{e.secretHint}</code>
        </span>
      </div>
      {e.disabledReason === 'gone' && (
        <Alert type="warning" showIcon className={styles.card} message={t('webhook.disabledGone')} />
      )}
      <div className={styles.row}>
        <Button
          size="small"
          icon={<SendOutlined />}
          loading={test.isPending}
          onClick={() => test.mutate()}
          data-testid="webhook-test"
        >
          {t('webhook.test')}
        </Button>
        <Popconfirm title={t('webhook.rotateConfirm')} onConfirm={() => rotate.mutate()}>
          <Button size="small" icon={<KeyOutlined />} loading={rotate.isPending} data-testid="webhook-rotate">
            {t('webhook.rotate')}
          </Button>
        </Popconfirm>
        <Popconfirm title={t('webhook.deleteConfirm')} onConfirm={() => remove.mutate()}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={remove.isPending}
            data-testid="webhook-delete"
          >
            {t('webhook.delete')}
          </Button>
        </Popconfirm>
      </div>
      <DeliveryLog endpointId={e.id} timeZone={timeZone} />
    </Card>
  );
}
