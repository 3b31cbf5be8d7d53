import { type ApiKey, type ApiKeyCreated, ApiKeyLimits, type ApiKeyScope } from '@satportal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { formatDateTime } from '../../shared/format/dates';
import { useToast } from '../../shared/ui/toast';
import { ApiKeySecret } from './ApiKeySecret';
import styles from './account.module.css';
import { expiresAtOf, expiryChoices, maskedKey, scopeChoices } from './apiKeys';

interface CreateValues {
  name: string;
  scopes: ApiKeyScope[];
  expiryDays: number | 'never';
}

/**
 * API keys (issue 27): the caller's keys (name, prefix, scopes, created, last use, expiry) with a
 * revoke each, and a form making a new one, whose text is shown once (`ApiKeySecret`).
 */
export function ApiKeys({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const keys = useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => api.apiKeys() });

  const create = useMutation({
    mutationFn: (values: CreateValues) =>
      api.createApiKey({
        name: values.name.trim(),
        scopes: values.scopes,
        expiresAt: expiresAtOf(values.expiryDays === 'never' ? null : values.expiryDays, new Date()),
      }),
    onSuccess: (key) => {
      setCreated(key);
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => api.revokeApiKey(id),
    onSuccess: () => {
      toast.success(t('apiKey.revoked'));
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
  });

  const list = keys.data?.list ?? [];
  const max = keys.data?.max ?? ApiKeyLimits.perUser;
  const full = list.length >= max;
  const time = (iso: string) => formatDateTime(iso, timeZone, 'minute');

  return (
    <div data-testid="api-keys">
      <Typography.Paragraph type="secondary" className={styles.hint}>
        {t('apiKey.hint')}
      </Typography.Paragraph>
      {keys.isPending ? (
        <Typography.Paragraph type="secondary">{t('account.loading')}</Typography.Paragraph>
      ) : list.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="api-keys-none">
          {t('apiKey.none')}
        </Typography.Paragraph>
      ) : (
        <ul className={styles.keyList}>
          {list.map((key) => (
            <KeyRow
              key={key.id}
              apiKey={key}
              time={time}
              revoking={revoke.isPending && revoke.variables === key.id}
              onRevoke={() => revoke.mutate(key.id)}
            />
          ))}
        </ul>
      )}
      <Typography.Text type="secondary" data-testid="api-keys-count">
        {t('apiKey.count', { count: list.length, max })}
      </Typography.Text>

      <Form<CreateValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.keyForm}
        initialValues={{ scopes: ['read'], expiryDays: 'never' }}
        onFinish={(values) => create.mutate(values)}
        data-testid="api-key-form"
      >
        <Form.Item
          name="name"
          label={t('apiKey.name')}
          rules={[{ required: true, whitespace: true, message: t('apiKey.nameRequired') }]}
        >
          <Input
            maxLength={ApiKeyLimits.nameMax}
            placeholder={t('apiKey.namePlaceholder')}
            data-testid="api-key-name"
          />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKey.scopes')}
          extra={t('apiKey.scopeTilesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('apiKey.scopesRequired') }]}
        >
          <Checkbox.Group className={styles.scopeChoices} data-testid="api-key-scopes">
            {scopeChoices.map(({ scope, labelKey }) => (
              <Checkbox key={scope} value={scope} data-testid={`api-key-scope-${scope}`}>
                {t(labelKey)}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <Form.Item name="expiryDays" label={t('apiKey.expiry')}>
          <Select
            data-testid="api-key-expiry"
            options={expiryChoices.map(({ days, labelKey }) => ({
              value: days ?? 'never',
              label: t(labelKey),
            }))}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          disabled={full}
          loading={create.isPending}
          data-testid="api-key-create"
        >
          {t('apiKey.create')}
        </Button>
      </Form>
      <ApiKeySecret created={created} onClose={() => setCreated(null)} />
    </div>
  );
}

function KeyRow({
  apiKey,
  time,
  revoking,
  onRevoke,
}: {
  apiKey: ApiKey;
  time(iso: string): string;
  revoking: boolean;
  onRevoke(): void;
}) {
  const { t } = useTranslation();
  return (
    <li className={styles.keyRow} data-testid="api-key-row" data-key-id={apiKey.id}>
      <div className={styles.keyHead}>
        <Typography.Text strong ellipsis data-testid="api-key-row-name">
          {apiKey.name}
        </Typography.Text>
        {apiKey.expired && <Tag color="error">{t('apiKey.expired')}</Tag>}
        <Popconfirm title={t('apiKey.revokeConfirm')} onConfirm={onRevoke}>
          <Button danger size="small" loading={revoking} data-testid="api-key-revoke">
            {t('apiKey.revoke')}
          </Button>
        </Popconfirm>
      </div>
      <Typography.Text code className={styles.keyPrefix}>
        {maskedKey(apiKey.prefix)}
      </Typography.Text>
      <div className={styles.keyScopes}>
        {apiKey.scopes.map((s) => (
          <Tag key={s}>{s}</Tag>
        ))}
      </div>
      {/* Each time whole on its line or beside another: a narrow panel wraps between them, never inside one. */}
      <div className={styles.keyTimes}>
        <Typography.Text type="secondary">
          {t('apiKey.createdAt', { time: time(apiKey.createdAt) })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('apiKey.lastUsed', {
            time: apiKey.lastUsedAt ? time(apiKey.lastUsedAt) : t('apiKey.neverUsed'),
          })}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('apiKey.expiresAt', { time: apiKey.expiresAt ? time(apiKey.expiresAt) : t('apiKey.noExpiry') })}
        </Typography.Text>
      </div>
    </li>
  );
}
