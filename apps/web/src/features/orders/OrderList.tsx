import { Limits, type OrderListItem } from '@satportal/contract';
import { Button, Empty, Input, Result, Select, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, usableTimeZone } from '../../shared/format/dates';
import { useMe } from '../auth/useMe';
import { orderCentreTabs, orderKindKey, statusLabelKey, statusTone } from './orderCentre';
import styles from './orders.module.css';
import { type OrderFilter, useOrderPage, useOrderTags } from './useOrders';

interface OrderListProps {
  filter: OrderFilter;
  onFilter(filter: OrderFilter): void;
  onOpen(id: number): void;
}

/** The tag filter, the search box, the tabs and the orders, 10 at a time (spec 001 §2 "Order centre"). */
export function OrderList({ filter, onFilter, onOpen }: OrderListProps) {
  const { t } = useTranslation();
  const tags = useOrderTags();
  const [typed, setTyped] = useState(filter.search);

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

/** The pages loaded so far, 10 orders each; the first says when the list is empty or failed. */
function OrderPages({ filter, onOpen }: Pick<OrderListProps, 'filter' | 'onOpen'>) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = useOrderPage(filter, 0);
  if (first.isPending) return <Spin className={styles.loading} />;
  if (first.isError) {
    return (
      <Result
        status="warning"
        subTitle={t('orderCentre.loadFailed')}
        extra={
          <Button onClick={() => void first.refetch()} data-testid="order-list-retry">
            {t('search.retry')}
          </Button>
        }
        data-testid="order-list-error"
      />
    );
  }
  if (first.data.list.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('orderCentre.empty')}
        data-testid="order-list-empty"
      />
    );
  }
  return (
    <ul className={styles.list} data-testid="order-list">
      {Array.from({ length: pages }, (_, page) => page * Limits.orderPageSize).map((start) => (
        <OrderPage
          key={start}
          filter={filter}
          start={start}
          last={start === (pages - 1) * Limits.orderPageSize}
          onMore={() => setPages(pages + 1)}
          onOpen={onOpen}
        />
      ))}
    </ul>
  );
}

interface OrderPageProps extends Pick<OrderListProps, 'filter' | 'onOpen'> {
  start: number;
  last: boolean;
  onMore(): void;
}

/** One page of orders; the last one offers "Load more" while the server has more. */
function OrderPage({ filter, start, last, onMore, onOpen }: OrderPageProps) {
  const { t } = useTranslation();
  const page = useOrderPage(filter, start);
  const more = last && (page.isPending || page.isError || page.data.more);
  return (
    <>
      {page.data?.list.map((order) => (
        <OrderRow key={order.id} order={order} onOpen={() => onOpen(order.id)} />
      ))}
      {more && (
        <li className={styles.more}>
          <Button
            block
            loading={page.isPending}
            onClick={page.isError ? () => void page.refetch() : onMore}
            data-testid="order-load-more"
          >
            {page.isError ? t('search.retry') : t('orderCentre.loadMore')}
          </Button>
        </li>
      )}
    </>
  );
}

/** One order of the list: number, status, time, type, processing mode, tag, AOIs. */
function OrderRow({ order, onOpen }: { order: OrderListItem; onOpen(): void }) {
  const { t } = useTranslation();
  const timeZone = usableTimeZone(useMe()?.timezone);
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
