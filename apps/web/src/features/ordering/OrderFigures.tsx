import { WarningOutlined } from '@ant-design/icons';
import type { GroupArea, Language, OrderRule, PriceEstimate } from '@satportal/contract';
import { Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { formatNumber } from '../../shared/format/numbers';
import { formatAmount } from '../cart/areaCalculation';
import styles from './ordering.module.css';

const km2 = (value: number, language: Language) => formatNumber(value, language, 2);

interface RulesTableProps {
  rules: readonly OrderRule[];
  /** Each group's share of the order, from the area calculation (absent while it runs). */
  groups: readonly GroupArea[] | undefined;
  language: Language;
}

/**
 * The satellite-group rules (spec 001 §2): name, minimum area and width, and beside them the
 * order's own area and width per group, marked where below (spec 000 §5 "Order area minimums").
 */
export function RulesTable({ rules, groups, language }: RulesTableProps) {
  const { t } = useTranslation();
  const rows = rules.map((rule) => {
    const group = groups?.find((g) => g.satGroupName === rule.satGroupName);
    const belowArea = group !== undefined && group.orderArea < rule.orderMinArea;
    const belowWidth =
      group !== undefined && group.aoiWidth !== null && group.aoiWidth < rule.orderMinAoiWidth;
    return { rule, group, belowArea, belowWidth };
  });
  const mark = (below: boolean, text: string) =>
    below ? (
      <span className={styles.below} title={t('order.belowMinimum')} data-below="true">
        <WarningOutlined /> {text}
      </span>
    ) : (
      text
    );
  return (
    <section>
      <h4 className={styles.sectionTitle}>{t('order.rules')}</h4>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => row.rule.satGroupName}
        dataSource={rows}
        data-testid="order-rules"
        onRow={(row) =>
          ({ 'data-testid': 'order-rule', 'data-below': row.belowArea || row.belowWidth }) as object
        }
        columns={[
          { key: 'group', title: t('order.group'), render: (_, row) => row.rule.satGroupName },
          {
            key: 'minArea',
            title: t('order.minArea'),
            render: (_, row) => t('order.km2', { value: km2(row.rule.orderMinArea, language) }),
          },
          {
            key: 'minWidth',
            title: t('order.minWidth'),
            render: (_, row) => t('order.km', { value: km2(row.rule.orderMinAoiWidth, language) }),
          },
          {
            key: 'area',
            title: t('order.groupArea'),
            render: (_, row) =>
              row.group
                ? mark(row.belowArea, t('order.km2', { value: km2(row.group.orderArea, language) }))
                : '',
          },
          {
            key: 'width',
            title: t('order.groupWidth'),
            render: (_, row) =>
              row.group?.aoiWidth != null
                ? mark(row.belowWidth, t('order.km', { value: km2(row.group.aoiWidth, language) }))
                : t('common.notSet'),
          },
        ]}
      />
    </section>
  );
}

export interface SummaryFigures {
  totalArea?: number;
  overlapArea?: number;
  orderArea: number;
  overlapChargeableArea?: number;
  estimates: readonly PriceEstimate[];
}

/** The order summary (spec 001 §2): area totals and the estimated amount per chosen level. */
export function OrderSummary({
  figures,
  loading,
  language,
}: {
  figures: SummaryFigures | undefined;
  loading: boolean;
  language: Language;
}) {
  const { t } = useTranslation();
  const area = (key: TranslationKey, value: number | undefined, testId: string) =>
    value === undefined ? null : (
      <div key={key}>
        <dt>{t(key)}</dt>
        <dd data-testid={testId}>{t('order.km2', { value: km2(value, language) })}</dd>
      </div>
    );
  return (
    <section data-testid="order-summary">
      <h4 className={styles.sectionTitle}>
        {t('order.summary')} {loading && <Spin size="small" />}
      </h4>
      {figures && (
        <dl className={styles.summary}>
          {area('order.totalArea', figures.totalArea, 'order-total-area')}
          {area('order.overlapArea', figures.overlapArea, 'order-overlap-area')}
          {area('order.orderArea', figures.orderArea, 'order-order-area')}
          {area('order.chargeableOverlap', figures.overlapChargeableArea, 'order-chargeable-overlap')}
          {figures.estimates.map((e) => (
            <div key={e.level}>
              <dt>{t('order.estimate', { level: t(`order.levelShort.${e.level}`) })}</dt>
              <dd data-testid="order-estimate" data-level={e.level}>
                {formatAmount(e.estimatedOrderAmount, e.currencyType, language)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
