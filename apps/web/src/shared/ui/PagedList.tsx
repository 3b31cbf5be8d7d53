import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Empty, Result, Spin } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './pagedList.module.css';

interface Page<T> {
  list: T[];
  more: boolean;
}

export interface PagedListProps<T, F> {
  /** The query hook of the page of `filter` that starts at `start` (each page calls it once). */
  usePage(filter: F, start: number): UseQueryResult<Page<T>>;
  filter: F;
  pageSize: number;
  /** A list item (`<li>`) with its key. */
  renderItem(item: T): ReactNode;
  /** `${testId}` on the list, `-error`, `-empty`, `-retry`, `-load-more` on the rest. */
  testId: string;
  texts: { loadFailed: string; empty: string; loadMore: string };
}

/**
 * A list loaded a page at a time (the order and subscription centres: spec 000 §9, 001 §9), with
 * "Load more" under the last page while the server has more; the first page says when the list
 * is empty or failed, a later page offers to try again. Pages stay loaded as they were read: a new
 * filter is a new list (give it a new `key`).
 */
export function PagedList<T, F>(props: PagedListProps<T, F>) {
  const { usePage, filter, pageSize, testId, texts } = props;
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const first = usePage(filter, 0);
  if (first.isPending) return <Spin className={styles.loading} />;
  if (first.isError) {
    return (
      <Result
        status="warning"
        subTitle={texts.loadFailed}
        extra={
          <Button onClick={() => void first.refetch()} data-testid={`${testId}-retry`}>
            {t('search.retry')}
          </Button>
        }
        data-testid={`${testId}-error`}
      />
    );
  }
  if (first.data.list.length === 0)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={texts.empty} data-testid={`${testId}-empty`} />
    );
  return (
    <ul className={styles.list} data-testid={testId}>
      {Array.from({ length: pages }, (_, page) => page * pageSize).map((start) => (
        <PageOfList
          key={start}
          {...props}
          start={start}
          last={start === (pages - 1) * pageSize}
          onMore={() => setPages(pages + 1)}
        />
      ))}
    </ul>
  );
}

/** One page; the last one offers "Load more" while the server has more. */
function PageOfList<T, F>(props: PagedListProps<T, F> & { start: number; last: boolean; onMore(): void }) {
  const { usePage, filter, renderItem, testId, texts, start, last, onMore } = props;
  const { t } = useTranslation();
  const page = usePage(filter, start);
  const more = last && (page.isPending || page.isError || page.data.more);
  return (
    <>
      {page.data?.list.map(renderItem)}
      {more && (
        <li className={styles.more}>
          <Button
            block
            loading={page.isPending}
            onClick={page.isError ? () => void page.refetch() : onMore}
            data-testid={`${testId}-load-more`}
          >
            {page.isError ? t('search.retry') : texts.loadMore}
          </Button>
        </li>
      )}
    </>
  );
}
