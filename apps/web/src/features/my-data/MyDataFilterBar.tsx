import type { MyDataBatch } from '@satportal/contract';
import { Button, DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MyDataFilters, noFilters } from './myData';
import styles from './myData.module.css';

interface Props {
  filters: MyDataFilters;
  batches: readonly MyDataBatch[];
  onSearch(filters: MyDataFilters, position: boolean): void;
}

/** The list's filters (date range, batch name, scene id, AOI): applied by Search or Search and position. */
export function MyDataFilterBar({ filters, batches, onSearch }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(filters);
  const change = (part: Partial<MyDataFilters>) => setDraft((d) => ({ ...d, ...part }));
  return (
    <form
      className={styles.filters}
      data-testid="my-data-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft, false);
      }}
    >
      <DatePicker.RangePicker
        className={styles.wide}
        aria-label={t('myData.dateRange')}
        placeholder={[t('myData.dateRange'), t('myData.dateRange')]}
        value={[draft.from ? dayjs(draft.from) : null, draft.to ? dayjs(draft.to) : null]}
        allowEmpty={[true, true]}
        onChange={(value) =>
          change({
            from: value?.[0]?.format('YYYY-MM-DD') ?? null,
            to: value?.[1]?.format('YYYY-MM-DD') ?? null,
          })
        }
        data-testid="my-data-dates"
      />
      <Select
        className={styles.wide}
        allowClear
        showSearch
        aria-label={t('myData.batchName')}
        placeholder={t('myData.allBatches')}
        value={draft.batchName ?? undefined}
        options={batches.map((b) => ({ value: b.batchName, label: b.batchName }))}
        onChange={(value: string | undefined) => change({ batchName: value ?? null })}
        data-testid="my-data-batch"
      />
      <Input
        allowClear
        aria-label={t('myData.sceneId')}
        placeholder={t('myData.sceneId')}
        value={draft.sceneId}
        onChange={(event) => change({ sceneId: event.target.value })}
        data-testid="my-data-scene-id"
      />
      <Input
        allowClear
        aria-label={t('myData.aoi')}
        placeholder={t('myData.aoi')}
        value={draft.aoi}
        onChange={(event) => change({ aoi: event.target.value })}
        data-testid="my-data-aoi"
      />
      <div className={`${styles.actions} ${styles.wide}`}>
        <Button type="primary" htmlType="submit" data-testid="my-data-search">
          {t('myData.search')}
        </Button>
        <Button onClick={() => onSearch(draft, true)} data-testid="my-data-locate">
          {t('myData.locate')}
        </Button>
        <Button
          onClick={() => {
            setDraft(noFilters);
            onSearch(noFilters, false);
          }}
          data-testid="my-data-reset"
        >
          {t('myData.reset')}
        </Button>
      </div>
    </form>
  );
}
