import { Form, InputNumber, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentAoi } from '../../map/types';
import styles from './search.module.css';

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
