import { SubscriptionLimits } from '@satportal/contract';
import { Button, Checkbox, Empty, Result, Select, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubscriptionItem } from './SubscriptionItem';
import {
  defaultSubscriptionFilter,
  type SubscriptionFilter,
  type SubscriptionSortChoice,
  subscriptionSortChoices,
  subscriptionTabs,
} from './subscriptionCentre';
import styles from './subscriptions.module.css';
import { useMarkSubscriptionsRead, useSubscriptionPage } from './useSubscriptions';

/**
 * Subscription centre (panel 6, spec 000 §2): "AOI Subscription List" with the tabs In Process (n)
 * and Ended (n), sort, the "only with new images" filter and 10 subscriptions per page. Opening it
 * marks the subscriptions read (the menu's red dot goes).
 */
export default function SubscriptionCentrePanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SubscriptionFilter>(defaultSubscriptionFilter);
  useMarkSubscriptionsRead();
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
      <SubscriptionPages key={JSON.stringify(filter)} filter={filter} />
    </div>
  );
}

/** The pages loaded so far; the first says when the list is empty or failed. */
function SubscriptionPages({ filter }: { filter: SubscriptionFilter }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = useSubscriptionPage(filter, 0);
  if (first.isPending) return <Spin className={styles.loading} />;
  if (first.isError) {
    return (
      <Result
        status="warning"
        subTitle={t('subscriptionCentre.loadFailed')}
        extra={
          <Button onClick={() => void first.refetch()} data-testid="subscription-list-retry">
            {t('search.retry')}
          </Button>
        }
        data-testid="subscription-list-error"
      />
    );
  }
  if (first.data.list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('subscriptionCentre.empty')}
        data-testid="subscription-list-empty"
      />
    );
  }
  return (
    <ul className={styles.list} data-testid="subscription-list">
      {Array.from({ length: pages }, (_, page) => page * SubscriptionLimits.pageSize).map((start) => (
        <SubscriptionPage
          key={start}
          filter={filter}
          start={start}
          last={start === (pages - 1) * SubscriptionLimits.pageSize}
          onMore={() => setPages(pages + 1)}
        />
      ))}
    </ul>
  );
}

interface SubscriptionPageProps {
  filter: SubscriptionFilter;
  start: number;
  last: boolean;
  onMore(): void;
}

/** One page of subscriptions; the last one offers "Load more" while the server has more. */
function SubscriptionPage({ filter, start, last, onMore }: SubscriptionPageProps) {
  const { t } = useTranslation();
  const page = useSubscriptionPage(filter, start);
  const more = last && (page.isPending || page.isError || page.data.more);
  return (
    <>
      {page.data?.list.map((subscription) => (
        <SubscriptionItem key={subscription.id} subscription={subscription} />
      ))}
      {more && (
        <li className={styles.more}>
          <Button
            block
            loading={page.isPending}
            onClick={page.isError ? () => void page.refetch() : onMore}
            data-testid="subscription-load-more"
          >
            {page.isError ? t('search.retry') : t('subscriptionCentre.loadMore')}
          </Button>
        </li>
      )}
    </>
  );
}
