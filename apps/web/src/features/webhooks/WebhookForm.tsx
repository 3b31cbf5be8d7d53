import { type WebhookEndpointInput, WebhookEventTypes, WebhookLimits } from '@satportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { messageOf } from '../../api/messages';
import type { TranslationKey } from '../../i18n/keys';
import { eventLabelKey } from './labels';

/**
 * Adds an endpoint: its https URL, a description and the events it takes. The server checks the
 * URL (https, a public address, also by DNS) and answers the secret once: handed to `onCreated`.
 */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [eventTypes, setEventTypes] = useState<string[]>([...WebhookEventTypes]);
  const [problem, setProblem] = useState<{ field: 'url' | 'events' | 'form'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!url.trim()) return setProblem({ field: 'url', text: t('webhook.urlNeeded') });
    if (!eventTypes.length) return setProblem({ field: 'events', text: t('webhook.eventsNeeded') });
    setProblem(null);
    setSaving(true);
    try {
      const made = await api.createWebhook({
        url: url.trim(),
        description: description.trim(),
        eventTypes: eventTypes as WebhookEndpointInput['eventTypes'],
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks });
      onCreated(made.secret);
    } catch (error) {
      if (error instanceof ApiError && !error.handled) {
        const shown = messageOf(error, (key) => i18n.exists(key));
        const field = error.data?.field === 'url' ? 'url' : 'form';
        setProblem({ field, text: t(shown.key as TranslationKey, shown.params) });
      }
    } finally {
      setSaving(false);
    }
  };

  const status = (field: 'url' | 'events' | 'form') =>
    problem?.field === field ? { validateStatus: 'error' as const, help: problem.text } : {};

  return (
    <Form layout="vertical" size="small" data-testid="webhook-form" onFinish={submit}>
      <Form.Item label={t('webhook.url')} required {...status('url')}>
        <Input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={t('webhook.urlPlaceholder')}
          maxLength={WebhookLimits.urlMax}
          inputMode="url"
          data-testid="webhook-url"
        />
      </Form.Item>
      <Form.Item label={t('webhook.description')}>
        <Input
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={WebhookLimits.descriptionMax}
          data-testid="webhook-description"
        />
      </Form.Item>
      <Form.Item label={t('webhook.events')} required {...status('events')}>
        <Checkbox.Group
          value={eventTypes}
          onChange={(v) => setEventTypes(v as string[])}
          options={WebhookEventTypes.map((type) => ({ value: type, label: t(eventLabelKey[type]!) }))}
          data-testid="webhook-events"
        />
      </Form.Item>
      <Form.Item {...status('form')}>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="webhook-save">
          {t('webhook.save')}
        </Button>{' '}
        <Button onClick={onCancel}>{t('webhook.cancel')}</Button>
      </Form.Item>
    </Form>
  );
}
