import { FileSearchOutlined, RedoOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@satportal/contract';
import { Button, Descriptions, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../shared/format/days';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useArchiveSearchStore } from '../search/searchStore';
import { useArchiveSearchActions } from '../search/useArchiveSearch';
import { useSubscriptionDraftStore } from '../subscription-create/subscriptionDraftStore';
import { draftFromArchiveSearch } from '../subscription-create/subscriptionForm';
import { useTaskingStore } from '../tasking/taskingStore';
import { archiveSearchFrom, conditionOf, sensorTypeOf, taskingConditionsFrom } from './orderCentre';
import styles from './orders.module.css';

/**
 * The search or tasking parameters the order came from (spec 001 §2), with "Archive search" (the
 * same search again, its results in the search centre) and "Re-subscribe": for an archive order the
 * AOI Subscription tab filled with the order's AOI, conditions, sensor and satellites (a window of
 * today … +90 days), for a tasking order the Tasking tab with its parameters.
 */
export function OrderParameters({ detail, timeZone }: { detail: OrderDetail; timeZone: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const openPanel = usePanelStore((s) => s.open);
  const { search } = useArchiveSearchActions();
  const condition = conditionOf(detail);
  const sensorType = sensorTypeOf(detail);
  const tasking = detail.type !== 1;
  const today = dayIn(new Date(), timeZone);
  const archiveRequest = archiveSearchFrom(detail, today);
  const taskingConditions = tasking ? taskingConditionsFrom(detail, today) : null;

  const runArchiveSearch = () => {
    if (!archiveRequest) return;
    const { condition: searched } = archiveRequest;
    useArchiveSearchStore.getState().setConditions({ ...searched, orbit: searched.orbit as 0 | 1 | 2 });
    useArchiveSearchStore.getState().setCentreTab('archive');
    search.mutate({ kind: 'aoi', request: archiveRequest });
    openPanel(PanelId.SearchCentre);
  };
  const resubscribe = () => {
    if (archiveRequest && !tasking) {
      useSubscriptionDraftStore.getState().setDraft(draftFromArchiveSearch(archiveRequest));
      useArchiveSearchStore.getState().setCentreTab('subscription');
      openPanel(PanelId.SearchCentre);
      return;
    }
    if (!taskingConditions) return;
    useTaskingStore.getState().setConditions(taskingConditions);
    useTaskingStore.getState().back();
    useArchiveSearchStore.getState().setCentreTab('tasking');
    openPanel(PanelId.SearchCentre);
  };

  // Units are symbols, the same in every language.
  const figure = (value: number | undefined, unit: ' %' | '°') =>
    value === undefined ? t('common.notSet') : `${formatNumber(value, language)}${unit}`;
  const items = condition
    ? [
        {
          key: 'dates',
          label: t('orderCentre.dates'),
          children: `${condition.fdate ?? ''} – ${condition.tdate ?? ''}`,
        },
        { key: 'cc', label: t('orderCentre.cc'), children: figure(condition.cc, ' %') },
        { key: 'ac', label: t('orderCentre.ac'), children: figure(condition.ac, ' %') },
        { key: 'ona', label: t('orderCentre.ona'), children: figure(condition.ona, '°') },
        {
          key: 'sza',
          label: t('orderCentre.sza'),
          children: condition.sza ? figure(condition.sza, '°') : t('orderCentre.szaAny'),
        },
        ...(sensorType
          ? [
              {
                key: 'sensor',
                label: t('order.sensorType'),
                children: t(`order.sensorTypes.${sensorType as 1 | 2 | 3 | 4 | 5}`),
              },
            ]
          : []),
        { key: 'groups', label: t('orderCentre.satGroups'), children: detail.satGroups.join(', ') },
      ]
    : [];

  return (
    <section data-testid="order-parameters">
      <h4 className={styles.sectionTitle}>
        {tasking ? t('orderCentre.taskingParameters') : t('orderCentre.parameters')}
      </h4>
      {condition ? (
        <Descriptions column={1} size="small" items={items} />
      ) : (
        <p className={styles.muted}>{t('orderCentre.noParameters')}</p>
      )}
      <div className={styles.actions}>
        <Button
          icon={<FileSearchOutlined />}
          disabled={!archiveRequest}
          loading={search.isPending}
          onClick={runArchiveSearch}
          data-testid="order-archive-search"
        >
          {t('orderCentre.archiveSearch')}
        </Button>
        <Tooltip
          title={
            tasking
              ? t('orderCentre.resubscribeTasking')
              : t(archiveRequest ? 'subscribe.resubscribeArchive' : 'orderCentre.noParameters')
          }
        >
          <Button
            icon={<RedoOutlined />}
            disabled={tasking ? !taskingConditions : !archiveRequest}
            onClick={resubscribe}
            data-testid="order-resubscribe"
          >
            {t('orderCentre.resubscribe')}
          </Button>
        </Tooltip>
      </div>
    </section>
  );
}
