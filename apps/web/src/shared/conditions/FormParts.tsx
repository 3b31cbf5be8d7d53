import type { ProductQuality } from '@satportal/contract';
import { Checkbox, DatePicker, Form, InputNumber, Radio, Slider } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CurrentAoi } from '../../map/types';
import styles from './conditions.module.css';

/** Which AOI the search or prediction will use, or that there is none (both tabs of the search centre). */
export function SearchAoiLine({ aoi, testId }: { aoi: CurrentAoi | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.aoi} data-testid={testId}>
      {aoi ? (
        <span>
          {t('search.aoi')}: <strong>{aoi.name ?? t('search.drawnAoi')}</strong>
        </span>
      ) : (
        <span className={styles.noAoi}>{t('search.noAoiSelected')}</span>
      )}
    </div>
  );
}

interface SliderFieldProps {
  label: string;
  range: { min: number; max: number; unit: string };
  value: number;
  onChange(value: number): void;
  testId: string;
}

/** A condition as a slider with a number box beside it (cloud, coverage, off-nadir, sun zenith). */
export function SliderField({ label, range: { min, max, unit }, value, onChange, testId }: SliderFieldProps) {
  return (
    <Form.Item label={label} className={styles.sliderItem}>
      <div className={styles.sliderRow}>
        <Slider
          className={styles.slider}
          min={min}
          max={max}
          value={value}
          onChange={onChange}
          tooltip={{ formatter: (v) => `${v}${unit}` }}
        />
        <InputNumber
          className={styles.sliderNumber}
          min={min}
          max={max}
          value={value}
          suffix={unit}
          onChange={(next) => {
            if (typeof next === 'number') onChange(next);
          }}
          data-testid={testId}
        />
      </div>
    </Form.Item>
  );
}

interface DateRangeFieldProps {
  label: string;
  /** The chosen days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Whether a day (YYYY-MM-DD) cannot be picked; `start` is the first day picked so far, if any. */
  isDisabled(day: string, start: string | null): boolean;
  onChange(from: string, to: string): void;
  testId: string;
}

/** A range of whole days (acquisition dates, capture window), never cleared. */
export function DateRangeField({ label, from, to, isDisabled, onChange, testId }: DateRangeFieldProps) {
  return (
    <Form.Item label={label}>
      <div data-testid={testId}>
        <DatePicker.RangePicker
          className={styles.full}
          allowClear={false}
          value={[dayjs(from), dayjs(to)]}
          disabledDate={(d, info) =>
            isDisabled(d.format('YYYY-MM-DD'), info?.from?.format('YYYY-MM-DD') ?? null)
          }
          onChange={(value) => {
            if (!value?.[0] || !value[1]) return;
            onChange(value[0].format('YYYY-MM-DD'), value[1].format('YYYY-MM-DD'));
          }}
        />
      </div>
    </Form.Item>
  );
}

interface QualityOrbitFieldsProps {
  qualities: ProductQuality[];
  orbit: 0 | 1 | 2;
  onChange(change: { productQualities?: ProductQuality[]; orbit?: 0 | 1 | 2 }): void;
  /** Say at once, under the boxes, that a quality must be chosen (the archive form does). */
  warnWhenEmpty?: boolean;
  /** `${testId}-quality`, `${testId}-orbit` */
  testId: string;
}

/** Product quality A/B and orbit direction (spec 000 §2), as the archive and subscription forms ask them. */
export function QualityOrbitFields({
  qualities,
  orbit,
  onChange,
  warnWhenEmpty,
  testId,
}: QualityOrbitFieldsProps) {
  const { t } = useTranslation();
  const warn = warnWhenEmpty && qualities.length === 0;
  return (
    <>
      <Form.Item
        label={t('search.quality')}
        validateStatus={warn ? 'warning' : undefined}
        help={warn ? t('search.chooseQuality') : undefined}
      >
        <Checkbox.Group
          value={qualities}
          onChange={(value) => onChange({ productQualities: value as ProductQuality[] })}
          options={[
            { value: 'A', label: t('search.qualityA') },
            { value: 'B', label: t('search.qualityB') },
          ]}
          data-testid={`${testId}-quality`}
        />
      </Form.Item>
      <Form.Item label={t('search.orbit')}>
        <Radio.Group
          optionType="button"
          value={orbit}
          onChange={(e) => onChange({ orbit: e.target.value })}
          options={[
            { value: 0, label: t('search.orbitAll') },
            { value: 1, label: t('search.orbitAscending') },
            { value: 2, label: t('search.orbitDescending') },
          ]}
          data-testid={`${testId}-orbit`}
        />
      </Form.Item>
    </>
  );
}
