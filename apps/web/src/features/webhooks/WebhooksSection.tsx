import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { useToast } from '../../shared/ui/toast';
import { WebhookCard } from './WebhookCard';
import { WebhookForm } from './WebhookForm';
import styles from './webhooks.module.css';

/**
 * Webhooks in the account centre (issue 27): the caller's endpoints with their delivery logs, a
 * form to add one, and the signing secret shown once after a creation or a rotation.
 */
export function WebhooksSection({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const list = useQuery({ queryKey: queryKeys.webhooks, queryFn: () => api.webhooks() });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const endpoints = list.data?.list ?? [];
  const max = list.data?.max ?? 0;

  return (
    <div data-testid="webhooks">
      <Typography.Paragraph type="secondary">{t('webhook.intro')}</Typography.Paragraph>
      {list.data && endpoints.length === 0 && !adding && (
        <Typography.Paragraph data-testid="webhooks-none">{t('webhook.none')}</Typography.Paragraph>
      )}
      {endpoints.map((e) => (
        <WebhookCard key={e.id} endpoint={e} timeZone={timeZone} onSecret={setSecret} />
      ))}
      {adding ? (
        <WebhookForm
          onCancel={() => setAdding(false)}
          onCreated={(made) => {
            setAdding(false);
            setSecret(made);
          }}
        />
      ) : (
        <div className={styles.row}>
          <Button
            icon={<PlusOutlined />}
            disabled={!list.data || endpoints.length >= max}
            onClick={() => setAdding(true)}
            data-testid="webhook-add"
          >
            {t('webhook.add')}
          </Button>
          {list.data && (
            <Typography.Text type="secondary">
              {t('webhook.count', { count: endpoints.length, max })}
            </Typography.Text>
          )}
        </div>
      )}
      <Modal
        open={secret !== null}
        title={t('webhook.secretTitle')}
        onCancel={() => setSecret(null)}
        footer={
          <Button type="primary" onClick={() => setSecret(null)} data-testid="webhook-secret-done">
            {t('webhook.done')}
          </Button>
        }
        destroyOnHidden
      >
        <Typography.Paragraph>{t('webhook.secretOnce')}</Typography.Paragraph>
        <Typography.Text
          className={styles.secret}
          data-testid="webhook-secret"
          copyable={{
            text: secret ?? '',
            tooltips: [t('webhook.copy'), t('webhook.secretCopied')],
            onCopy: () => toast.success(t('webhook.secretCopied')),
          }}
        >
          {secret}
        </Typography.Text>
      </Modal>
    </div>
  );
}
