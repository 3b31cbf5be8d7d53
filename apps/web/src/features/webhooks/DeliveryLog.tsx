import { useQuery } from '@tanstack/react-query';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { formatDateTime } from '../../shared/format/dates';
import { errorKey, eventLabelKey, stateLook } from './labels';
import styles from './webhooks.module.css';

/**
 * An endpoint's delivery log, newest first: the event, its state, the last answer's HTTP status
 * (or why there was none), the tries and the next one. Polled while a delivery waits.
 */
export function DeliveryLog({ endpointId, timeZone }: { endpointId: number; timeZone: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const log = useQuery({
    queryKey: queryKeys.webhookDeliveries(endpointId),
    queryFn: () => api.webhookDeliveries(endpointId),
    refetchInterval: (q) => (q.state.data?.list.some((d) => d.state === 'pending') ? 2000 : false),
  });
  const list = log.data?.list ?? [];
  return (
    <div data-testid="webhook-log">
      <div className={styles.row}>
        <Typography.Text strong>{t('webhook.log')}</Typography.Text>
        <Button
          size="small"
          type="link"
          onClick={() => void log.refetch()}
          loading={log.isFetching}
          data-testid="webhook-log-refresh"
        >
          {t('webhook.refresh')}
        </Button>
      </div>
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('webhook.logEmpty')}</Typography.Text>
      ) : (
        <ul className={styles.log}>
          {list.map((d) => {
            const look = stateLook[d.state];
            return (
              <li
                key={d.id}
                className={styles.logLine}
                data-testid="webhook-log-line"
                data-state={d.state}
                data-event-id={d.eventId}
              >
                <Tag color={look.color}>{t(look.key)}</Tag>
                <span>{eventLabelKey[d.eventType] ? t(eventLabelKey[d.eventType]!) : d.eventType}</span>
                {d.responseStatus !== null && (
                  <span className={styles.status} data-testid="webhook-log-status">
                    HTTP {d.responseStatus}
                  </span>
                )}
                {d.error && <span>{t(errorKey[d.error] ?? 'webhook.errorConnection')}</span>}
                <span className={styles.muted}>
                  {formatDateTime(d.lastAttemptAt ?? d.createdAt, timeZone, 'minute')} ·{' '}
                  {t('webhook.tries', { count: d.attempts })}
                  {d.nextAttemptAt &&
                    ` · ${t('webhook.nextTry', { at: formatDateTime(d.nextAttemptAt, timeZone, 'minute') })}`}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
