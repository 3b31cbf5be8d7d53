import type { ArchiveSearchRequest } from '@satportal/contract';
import { SubscriptionLimits } from '@satportal/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../shared/conditions/FormParts';
import { type Day, dayIn } from '../../shared/format/days';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import { CreateOutcome } from './CreateOutcome';
import styles from './subscriptionCreate.module.css';
import {
  aoiNameOf,
  defaultSubscriptionConditions,
  defaultSubscriptionName,
  draftFromArchiveSearch,
  isSubscriptionDayDisabled,
  subscriptionCreateRequest,
  validateSubscription,
} from './subscriptionForm';
import { useCreateSubscription } from './useCreateSubscription';

interface NoArchiveSubscriptionProps {
  /** The archive search that found nothing; null when the dialog was opened without one. */
  search: Pick<ArchiveSearchRequest, 'aois' | 'condition' | 'satIds' | 'sensor'> | null;
  timeZone: string;
  /** The dialog closes once the subscription centre is opened. */
  onOpenCentre(): void;
}

/**
 * The no-archive dialog's AOI Subscription tab (spec 000 §2): subscribes the search that found
 * nothing — its AOI, cloud, off-nadir, sun limit, orbit, qualities, sensor and satellites, with the
 * subscription's coverage default — over a window and a name chosen here, the panel's picker limits.
 */
export function NoArchiveSubscription({ search, timeZone, onOpenCentre }: NoArchiveSubscriptionProps) {
  const { t } = useTranslation();
  const message = useToast();
  const today = dayIn(new Date(), timeZone);
  const [period, setPeriod] = useState<{ fdate: Day; tdate: Day } | null>(null);
  const [name, setName] = useState('');
  const { mutation, refusal } = useCreateSubscription();
  const defaults = defaultSubscriptionConditions(today);
  const shown = period ?? { fdate: defaults.fdate, tdate: defaults.tdate };
  const draft = search ? draftFromArchiveSearch(search) : null;
  const aoi = draft?.aoi ? { ...draft.aoi, name: draft.aoi.name || null } : null;
  const drawnName = t('subscribe.drawnAoi');
  const condition = { ...defaults, ...draft?.condition, ...shown };

  const submit = () => {
    const problem = validateSubscription({
      aoi: aoi?.geometry ?? null,
      conditions: condition,
      satGroupCount: draft?.satIds?.length ?? 0,
      name,
      today,
    })[0];
    if (problem) {
      void message.warning({
        key: `no-archive-subscription:${problem.key}`,
        content: t(problem.key, problem.params),
      });
      return;
    }
    if (!aoi || !draft) return;
    mutation.mutate(
      subscriptionCreateRequest({
        name,
        aoi,
        drawnName,
        condition,
        satIds: draft.satIds ?? [],
        sensor: draft.sensor ?? {},
      }),
    );
  };

  return (
    <Form layout="vertical" size="small" data-testid="no-archive-subscription">
      <p className={styles.hint}>{t('subscribe.noArchiveHint')}</p>
      <DateRangeField
        label={t('subscribe.dateRange')}
        from={shown.fdate}
        to={shown.tdate}
        isDisabled={(day) => isSubscriptionDayDisabled(day, today)}
        onChange={(fdate, tdate) => setPeriod({ fdate, tdate })}
        testId="no-archive-subscription-dates"
      />
      <Form.Item label={t('subscribe.name')}>
        <Input
          value={name}
          maxLength={SubscriptionLimits.nameMax}
          showCount
          placeholder={defaultSubscriptionName(aoi ? aoiNameOf(aoi, drawnName) : '…')}
          onChange={(e) => setName(e.target.value)}
          data-testid="no-archive-subscription-name"
        />
      </Form.Item>
      <CreateOutcome
        refusal={refusal}
        created={mutation.isSuccess}
        onOpenCentre={() => {
          usePanelStore.getState().open(PanelId.SubscriptionCentre);
          onOpenCentre();
        }}
        testId="no-archive-subscription"
      />
      {!mutation.isSuccess && (
        <Button
          type="primary"
          loading={mutation.isPending}
          onClick={submit}
          data-testid="no-archive-subscribe"
        >
          {t('subscribe.noArchiveSubmit')}
        </Button>
      )}
    </Form>
  );
}
