import { Limits, type OrderListItem } from '@satportal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Input, Select, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/endpoints';
import { formatDateTime } from '../../shared/format/dates';
import { PagedList } from '../../shared/ui/PagedList';
import { useTimeFormat } from '../auth/useTimeFormat';
import { type OrderFilter, orderCentreTabs, orderKindKey, statusLabelKey, statusTone } from './orderCentre';
import styles from './orders.module.css';
import { useOrderPage, useOrderTags } from './useOrders';

interface OrderListProps {
  filter: OrderFilter;
  onFilter(filter: OrderFilter): void;
  onOpen(id: number): void;
}

/** The tag filter, the search box, the tabs and the orders, 10 at a time (spec 001 §2 "Order centre"). */
export function OrderList({ filter, onFilter, onOpen }: OrderListProps) {
  const { t } = useTranslation();
  const tags = useOrderTags();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(filter.search);
  // Back and Forward change the search under the box: it shows the one applied.
  useEffect(() => setTyped(filter.search), [filter.search]);

  return (
    <div className={styles.panel} data-testid="order-centre-panel">
      <div className={styles.toolbar}>
        <Select
          className={styles.tagFilter}
          allowClear
          showSearch
          placeholder={t('orderCentre.tagFilter')}
          aria-label={t('orderCentre.tag')}
          value={filter.tag ?? undefined}
          onChange={(tag?: string) => onFilter({ ...filter, tag: tag ?? null })}
          options={(tags.data?.list ?? []).map((entry) => ({ value: entry.tag, label: entry.tag }))}
          data-testid="order-tag-filter"
        />
        <Input.Search
          className={styles.searchBox}
          allowClear
          placeholder={t('orderCentre.search')}
          aria-label={t('orderCentre.search')}
          value={typed}
          maxLength={100}
          onChange={(event) => {
            setTyped(event.target.value);
            // Clearing the box shows every order again without a second step.
            if (event.target.value === '' && filter.search !== '') onFilter({ ...filter, search: '' });
          }}
          onSearch={(value) => onFilter({ ...filter, search: value.trim() })}
          data-testid="order-search"
        />
      </div>
      <Tabs
        size="small"
        activeKey={filter.tab}
        onChange={(key) => onFilter({ ...filter, tab: key as OrderFilter['tab'] })}
        // A click on the tab already open asks again (issue 28 #5): what a user means by it.
        onTabClick={(key) => {
          if (key === filter.tab) void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
        }}
        items={orderCentreTabs.map((tab) => ({
          key: tab,
          label: <span data-testid={`order-tab-${tab}`}>{t(`orderCentre.tabs.${tab}`)}</span>,
        }))}
      />
      {/* A new filter starts again at the first page. */}
      <OrderPages key={JSON.stringify(filter)} filter={filter} onOpen={onOpen} />
    </div>
  );
}

/** The pages loaded so far, 10 orders each. */
function OrderPages({ filter, onOpen }: Pick<OrderListProps, 'filter' | 'onOpen'>) {
  const { t } = useTranslation();
  return (
    <PagedList
      usePage={useOrderPage}
      filter={filter}
      pageSize={Limits.orderPageSize}
      renderItem={(order: OrderListItem) => (
        <OrderRow key={order.id} order={order} onOpen={() => onOpen(order.id)} />
      )}
      testId="order-list"
      texts={{
        loadFailed: t('orderCentre.loadFailed'),
        empty: t('orderCentre.empty'),
        loadMore: t('orderCentre.loadMore'),
      }}
    />
  );
}

/** One order of the list: number, status, time, type, processing mode, tag, AOIs. */
function OrderRow({ order, onOpen }: { order: OrderListItem; onOpen(): void }) {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();
  const aois = order.aois.map((aoi) => aoi.name ?? t('orderCentre.unnamed')).join(', ');
  return (
    <li>
      <button
        type="button"
        className={styles.item}
        onClick={onOpen}
        data-testid="order-item"
        data-order-id={order.id}
        data-order-number={order.number}
        data-status={order.status}
      >
        <span className={styles.itemHead}>
          <span className={styles.itemNumber}>{order.number}</span>
          <Tag color={statusTone(order.status)} className={styles.status} data-testid="order-status">
            {t(statusLabelKey(order.status, order.processMode))}
          </Tag>
        </span>
        <span className={styles.itemMeta}>
          {formatDateTime(order.time, timeZone, 'minute')} · {t(orderKindKey(order.type))} ·{' '}
          {order.processMode === 'STREAMING_GEOTIFF' ? t('order.modeStreaming') : t('order.modeGeotiff')}
        </span>
        <span className={styles.itemMeta}>
          {order.tag && (
            <Tag className={styles.tag} data-testid="order-item-tag">
              {order.tag}
            </Tag>
          )}
          <span className={styles.aois}>{aois || t('orderCentre.wholeScenes')}</span>
        </span>
      </button>
    </li>
  );
}
