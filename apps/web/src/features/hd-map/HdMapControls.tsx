import { CopyOutlined } from '@ant-design/icons';
import { hdTemplate } from '@satportal/contract';
import { Button, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HdState } from '../../map/hdTypes';
import type { MapController } from '../../map/MapController';
import { SwipeBar } from '../../map/react/SwipeDivider';
import { keyedTileUrl, useTileKeyRequest } from '../../shared/tiles/tileKey';
import { useToast } from '../../shared/ui/toast';
import styles from './hdMap.module.css';

interface HdMapControlsProps {
  controller: MapController;
  state: HdState;
  years: readonly number[];
  authorization: () => string | null;
}

/**
 * The HD image map's box (spec 000 §2): the year shown, a second year to compare with the swipe,
 * and per year a copy-URL button giving a keyed tile URL that works outside the browser (QGIS).
 */
export default function HdMapControls({ controller, state, years, authorization }: HdMapControlsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const requestKey = useTileKeyRequest();
  const host = controller.overlayHost();
  const show = (year: number, compareYear: number | null) =>
    controller.hd.show({ year, compareYear }, authorization);

  const copy = async (year: number) => {
    try {
      const key = await requestKey();
      await navigator.clipboard.writeText(keyedTileUrl(hdTemplate(year), key));
      toast.success(t('hdMap.copySuccess'));
    } catch {
      toast.error(t('hdMap.copyFailed'));
    }
  };

  return (
    <div className={styles.controls} data-testid="hd-controls" data-year={state.year} data-map-cover>
      <span className={styles.label}>{t('hdMap.controls')}</span>
      <Select
        size="small"
        value={state.year}
        aria-label={t('hdMap.year')}
        onChange={(year: number) => show(year, state.compareYear === year ? null : state.compareYear)}
        options={years.map((y) => ({ value: y, label: <span data-testid={`hd-year-${y}`}>{y}</span> }))}
        data-testid="hd-year"
      />
      <Select
        size="small"
        value={state.compareYear ?? 0}
        aria-label={t('hdMap.compare')}
        onChange={(year: number) => show(state.year, year === 0 ? null : year)}
        options={[
          { value: 0, label: <span data-testid="hd-compare-none">{t('hdMap.compareNone')}</span> },
          ...years
            .filter((y) => y !== state.year)
            .map((y) => ({
              value: y,
              label: (
                <span data-testid={`hd-compare-${y}`}>
                  {t('hdMap.compare')} {y}
                </span>
              ),
            })),
        ]}
        data-testid="hd-compare"
      />
      {years.map((year) => (
        <span key={year} className={styles.year}>
          {/* Below: the box wraps in the notices' column, and a tooltip above a copy button lay over
              the year and compare choices of the row above (a click on them was lost). */}
          <Tooltip title={t('hdMap.copyUrl', { year })} placement="bottom">
            <Button
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('hdMap.copyUrl', { year })}
              onClick={() => void copy(year)}
              data-testid={`hd-copy-${year}`}
            >
              {year}
            </Button>
          </Tooltip>
        </span>
      ))}
      {state.compareYear !== null && host && (
        <SwipeBar
          host={host}
          fraction={state.swipeFraction}
          onMove={(f) => controller.hd.setSwipe(f)}
          label={t('hdMap.swipe')}
          testId="hd-swipe-divider"
          sideTags={[String(state.year), String(state.compareYear)]}
        />
      )}
    </div>
  );
}
