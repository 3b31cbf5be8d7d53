import type { Language } from '@satportal/contract';
import { Button, Result, Select, Skeleton, Spin } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTagOf } from '../../i18n/language';
import { shortMonthNames } from '../../shared/format/days';
import styles from './account.module.css';
import { UsageBox } from './UsageBox';
import { chartYears, formatSize, monthlyTraffic, type SizeUnit } from './usage';
import { useUsage } from './useUsage';

const TrafficChart = lazy(() => import('./TrafficChart'));

/** Month names of the interface language ("Jan", "1月"). */
const monthNamesOf = (language: Language) => shortMonthNames(localeTagOf(language));

/**
 * The usage box and the yearly traffic chart over one chosen year; the years come from the usage
 * answer (DESIGN §9: from data), the current year until it arrives.
 */
export function UsageSection({ timeZone, language }: { timeZone: string; language: Language }) {
  const { t } = useTranslation();
  const currentYear = new Date().getUTCFullYear();
  const [year, setYear] = useState(currentYear);
  const usage = useUsage(year);
  const years = chartYears(usage.data?.years, currentYear);
  const detail = usage.data?.detail;
  const months = useMemo(() => monthlyTraffic(detail ?? [], year), [detail, year]);
  const monthNames = useMemo(() => monthNamesOf(language), [language]);
  const axisName = useCallback((unit: SizeUnit) => t('account.trafficAxis', { unit }), [t]);
  const size = useCallback((bytes: number) => formatSize(bytes, language) ?? '', [language]);

  if (usage.isError && !usage.data)
    return (
      <Result
        status="warning"
        title={t('account.usageFailed')}
        extra={
          <Button size="small" onClick={() => void usage.refetch()}>
            {t('account.retry')}
          </Button>
        }
      />
    );
  if (!usage.data) return <Spin data-testid="usage-loading" />;

  return (
    <>
      <UsageBox usage={usage.data} year={year} timeZone={timeZone} language={language} />
      <div className={styles.chartHeader}>
        <span>{t('account.traffic')}</span>
        <Select
          size="small"
          value={year}
          onChange={setYear}
          aria-label={t('account.trafficYear')}
          options={years.map((y) => ({
            value: y,
            label: <span data-testid={`traffic-year-${y}`}>{y}</span>,
          }))}
          data-testid="traffic-year"
        />
      </div>
      <Suspense fallback={<Skeleton.Node active className={styles.chartPlaceholder} />}>
        <TrafficChart months={months} monthNames={monthNames} axisName={axisName} formatSize={size} />
      </Suspense>
    </>
  );
}
