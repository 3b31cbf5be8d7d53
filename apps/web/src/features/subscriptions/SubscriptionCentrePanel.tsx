import { type Subscription, SubscriptionLimits } from '@satportal/contract';
import { Checkbox, Select, Tabs } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelId } from '../../shared/panelStore';
import { idParam } from '../../shared/place/place';
import { usePanelParams } from '../../shared/place/usePanelParams';
import { PagedList } from '../../shared/ui/PagedList';
import { SubscriptionDetailView } from './SubscriptionDetailView';
import { SubscriptionItem } from './SubscriptionItem';
import {
  type SubscriptionFilter,
  type SubscriptionSortChoice,
  subscriptionFilterOf,
  subscriptionFilterParams,
  subscriptionSortChoices,
  subscriptionTabs,
} from './subscriptionCentre';
import styles from './subscriptions.module.css';
import { useMarkSubscriptionsRead, useSubscriptionPage } from './useSubscriptions';

/**
 * Subscription centre (panel 6, spec 000 §2): "AOI Subscription List" with the tabs In Process (n)
 * and Ended (n), sort, the "only with new images" filter and 10 subscriptions per page; or one
 * subscription on its own, which the address bar names (issue 28 #6). Opening it marks the
 * subscriptions read (the menu's red dot goes).
 */
export default function SubscriptionCentrePanel() {
  const [params, setParams] = usePanelParams(PanelId.SubscriptionCentre);
  // The list's tab, sort and filter live in the address bar (issue 28 #6): Back, a reload and a
  // link keep them, as the order centre's.
  const filter = subscriptionFilterOf(params);
  const shown = idParam(params.subscription);
  // Not there (deleted, another account's): no step to come Back to.
  const dropMissing = useCallback(() => setParams({ subscription: null }, { replace: true }), [setParams]);
  useMarkSubscriptionsRead();
  return shown === null ? (
    <SubscriptionList
      filter={filter}
      onFilter={(next) => setParams(subscriptionFilterParams(next))}
      onOpen={(id) => setParams({ subscription: String(id) })}
    />
  ) : (
    <SubscriptionDetailView
      id={shown}
      onBack={() => setParams({ subscription: null })}
      onMissing={dropMissing}
    />
  );
}

interface SubscriptionListProps {
  filter: SubscriptionFilter;
  onFilter(filter: SubscriptionFilter): void;
  onOpen(id: number): void;
}

/** The list with its sort, filter and tabs (kept while one subscription is shown on its own). */
function SubscriptionList({ filter, onFilter: setFilter, onOpen }: SubscriptionListProps) {
  const { t } = useTranslation();
  // The tab counts come with every page of the list; the first page of the shown tab has them.
  const totals = useSubscriptionPage(filter, 0).data?.totals;

  return (
    <div className={styles.panel} data-testid="subscription-centre-panel">
      <h3 className={styles.title}>{t('subscriptionCentre.title')}</h3>
      <div className={styles.toolbar}>
        <Select
          size="small"
          className={styles.sort}
          value={filter.sort}
          aria-label={t('subscriptionCentre.sort')}
          onChange={(sort: SubscriptionSortChoice) => setFilter({ ...filter, sort })}
          options={subscriptionSortChoices.map((value) => ({
            value,
            label: t(`subscriptionCentre.sorts.${value}`),
          }))}
          data-testid="subscription-sort"
        />
        <Checkbox
          checked={filter.onlyNew}
          onChange={(event) => setFilter({ ...filter, onlyNew: event.target.checked })}
          data-testid="subscription-only-new"
        >
          {t('subscriptionCentre.onlyNew')}
        </Checkbox>
      </div>
      <Tabs
        size="small"
        activeKey={filter.tab}
        onChange={(key) => setFilter({ ...filter, tab: key as SubscriptionFilter['tab'] })}
        items={subscriptionTabs.map((tab) => ({
          key: tab,
          label: (
            <span data-testid={`subscription-tab-${tab}`}>
              {t(`subscriptionCentre.tabs.${tab}`, {
                count: totals ? totals[tab === 'inProcess' ? 'inProcess' : 'ended'] : 0,
              })}
            </span>
          ),
        }))}
      />
      {/* A new filter starts again at the first page. */}
      <SubscriptionPages key={JSON.stringify(filter)} filter={filter} onOpen={onOpen} />
    </div>
  );
}

/** The pages loaded so far, 10 subscriptions each. */
function SubscriptionPages({ filter, onOpen }: Pick<SubscriptionListProps, 'filter' | 'onOpen'>) {
  const { t } = useTranslation();
  return (
    <PagedList
      usePage={useSubscriptionPage}
      filter={filter}
      pageSize={SubscriptionLimits.pageSize}
      renderItem={(subscription: Subscription) => (
        <SubscriptionItem
          key={subscription.id}
          subscription={subscription}
          onOpenDetail={() => onOpen(subscription.id)}
        />
      )}
      testId="subscription-list"
      texts={{
        loadFailed: t('subscriptionCentre.loadFailed'),
        empty: t('subscriptionCentre.empty'),
        loadMore: t('subscriptionCentre.loadMore'),
      }}
    />
  );
}
