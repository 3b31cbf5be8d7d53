import { CloseOutlined } from '@ant-design/icons';
import type { ArchiveScene } from '@satportal/contract';
import { Button, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/format/dates';
import { compareCurrent, compareSliderMax, compareStep } from './compare';
import { toolbarRoom } from './mapBox';
import styles from './overlap.module.css';

/** Room between two marks of the slider: two lines of label and some air. */
const markSpacingPx = 64;
/** The panel's width; it stands left of the right tool bar. */
export const comparePanelWidthPx = 280;

/**
 * Compare mode (spec 000 §2, §4): a vertical slider through the compared scenes, oldest at the
 * top, 100 steps from one scene to the next; the map fades between neighbours as it moves. Each
 * mark names its scene's time (in the user's zone) and satellite; a click on a mark jumps there.
 */
export function CompareSlider(props: {
  scenes: readonly ArchiveScene[];
  value: number;
  timeZone: string;
  onChange(value: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { scenes, value } = props;
  const current = compareCurrent(scenes.length, value);
  const marks = Object.fromEntries(
    scenes.map((scene, i) => [
      i * compareStep,
      <span
        key={scene.sceneId}
        className={`${styles.mark} ${i === current ? styles.markCurrent : ''}`}
        data-testid="compare-mark"
        data-scene-id={scene.sceneId}
        title={scene.sceneId}
      >
        <span className={styles.markTime}>{formatDateTime(scene.time, props.timeZone, 'minute')}</span>
        <span className={styles.markSat}>{scene.satName}</span>
      </span>,
    ]),
  );
  return (
    <section
      className={styles.compare}
      style={{ width: comparePanelWidthPx, right: toolbarRoom }}
      data-testid="compare-slider"
      data-map-cover
      aria-label={t('overlap.compareTitle')}
    >
      <header className={styles.boxHeader}>
        <h4 className={styles.boxTitle}>{t('overlap.comparing', { count: scenes.length })}</h4>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('overlap.closeCompare')}
          onClick={props.onClose}
          data-testid="compare-close"
        />
      </header>
      <div className={styles.compareBody} style={{ height: markSpacingPx * (scenes.length - 1) + 56 }}>
        <Slider
          vertical
          reverse
          min={0}
          max={compareSliderMax(scenes.length)}
          value={value}
          onChange={props.onChange}
          marks={marks}
          tooltip={{ open: false }}
          aria-label={t('overlap.compareTitle')}
          className={styles.compareSlider}
        />
      </div>
      <footer className={styles.boxFooter}>
        <p className={styles.hint}>{t('overlap.sliderHint')}</p>
      </footer>
    </section>
  );
}
