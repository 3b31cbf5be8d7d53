import { type Language, Unlimited, type Usage } from '@satportal/contract';
import { Descriptions, type DescriptionsProps, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { formatNumber } from '../../shared/format/numbers';
import { dayLimitPercent, formatSize } from './usage';

interface UsageBoxProps {
  usage: Usage;
  /** the calendar year the period figures cover */
  year: number;
  timeZone: string;
  language: Language;
}

/**
 * The usage box (spec 001 §2, §9): the period's total, used and left; today's limit, used and left
 * with the part of the limit still left; when today's counter starts again; the HD allowance.
 */
export function UsageBox({ usage, year, timeZone, language }: UsageBoxProps) {
  const { t } = useTranslation();
  const size = (bytes: number, testId: string) => (
    <span data-testid={testId} data-bytes={bytes}>
      {formatSize(bytes, language) ?? t('account.unlimited')}
    </span>
  );
  const { statistic, timeBillStat: today, hd } = usage;
  const percent = dayLimitPercent(today);

  const period: DescriptionsProps['items'] = [
    {
      key: 'total',
      label: t('account.usageTotal', { year }),
      children: size(statistic.total, 'usage-total'),
    },
    { key: 'used', label: t('account.usageUsed', { year }), children: size(statistic.usage, 'usage-used') },
    {
      key: 'surplus',
      label: t('account.usageSurplus', { year }),
      children: size(statistic.surplus, 'usage-surplus'),
    },
  ];
  const day: DescriptionsProps['items'] = [
    { key: 'limit', label: t('account.dayLimit'), children: size(today.dayFlowLimit, 'usage-day-limit') },
    { key: 'used', label: t('account.usedToday'), children: size(today.usageToday, 'usage-today') },
    { key: 'surplus', label: t('account.leftToday'), children: size(today.surplus, 'usage-day-surplus') },
    {
      key: 'percent',
      label: t('account.dayLimitLeft'),
      children:
        percent === null ? (
          <span data-testid="usage-day-percent">{t('account.unlimited')}</span>
        ) : (
          <Progress percent={percent} size="small" data-testid="usage-day-percent" />
        ),
    },
    {
      key: 'reset',
      label: t('account.nextReset'),
      children: (
        <span data-testid="usage-next-reset">{formatDateTime(today.nextUpdateTime, timeZone, 'minute')}</span>
      ),
    },
    {
      key: 'hd',
      label: t('account.hdAllowance'),
      children: (
        <span data-testid="usage-hd">
          {hd.fullHd
            ? t('account.hdFull')
            : hd.dailyTiles === Unlimited
              ? t('account.unlimited')
              : t('account.hdDaily', {
                  tiles: formatNumber(hd.dailyTiles, language),
                  used: formatNumber(hd.usedToday, language),
                })}
        </span>
      ),
    },
  ];

  return (
    <div data-testid="usage-box">
      <Descriptions column={1} size="small" items={period} />
      <Descriptions column={1} size="small" items={day} />
    </div>
  );
}
