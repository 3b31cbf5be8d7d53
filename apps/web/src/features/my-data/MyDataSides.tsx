import type { MyDataScene } from '@satportal/contract';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { canAnalyse, listDateRange, sceneKeyOf } from './myData';
import styles from './myData.module.css';
import { useMyDataStore } from './myDataStore';

/**
 * The left (red) and right (blue) lists with their date ranges and the batch add or remove of all
 * loaded scenes, and the analysis buttons: start (one scene on each side at least), edit, close.
 */
export function MyDataSides({
  loaded,
  timeZone,
  onClosed,
}: {
  loaded: readonly MyDataScene[];
  timeZone: string;
  /** The analysis was closed: the list is asked again (spec: close reloads the list). */
  onClosed(): void;
}) {
  const { t } = useTranslation();
  const { mode, left, right, toggleAll, startAnalysis, editAnalysis, closeAnalysis } = useMyDataStore();
  const locked = mode === 'analysis';

  const side = (which: 'left' | 'right', scenes: readonly MyDataScene[]) => {
    const on = new Set(scenes.map(sceneKeyOf));
    const allOn = loaded.length > 0 && loaded.every((s) => on.has(sceneKeyOf(s)));
    return (
      <div
        className={`${styles.side} ${which === 'left' ? styles.sideLeft : styles.sideRight}`}
        data-testid={`my-data-side-${which}`}
        data-count={scenes.length}
      >
        <span className={styles.sideTitle}>
          {t(which === 'left' ? 'myData.left' : 'myData.right')} ·{' '}
          {t('myData.listScenes', { count: scenes.length })}
        </span>
        <span className={styles.range} data-testid={`my-data-range-${which}`}>
          {listDateRange(scenes, timeZone) || t('myData.listEmpty')}
        </span>
        <Button
          size="small"
          disabled={locked || loaded.length === 0}
          onClick={() => toggleAll(loaded, which)}
          data-testid={`my-data-all-${which}`}
        >
          {allOn ? t('myData.removeAll') : t('myData.addAll')}
        </Button>
      </div>
    );
  };

  const ready = canAnalyse({ left, right });
  return (
    <>
      <div className={styles.sides}>
        {side('left', left)}
        {side('right', right)}
      </div>
      <div className={styles.actions} data-testid="my-data-mode" data-mode={mode}>
        {mode === 'selection' ? (
          <Tooltip title={ready ? undefined : t('myData.analysisNeeds')}>
            <Button type="primary" disabled={!ready} onClick={startAnalysis} data-testid="my-data-start">
              {t('myData.startAnalysis')}
            </Button>
          </Tooltip>
        ) : (
          <Button onClick={editAnalysis} data-testid="my-data-edit">
            {t('myData.editAnalysis')}
          </Button>
        )}
        <Button
          disabled={mode === 'selection' && left.length === 0 && right.length === 0}
          onClick={() => {
            closeAnalysis();
            onClosed();
          }}
          data-testid="my-data-close"
        >
          {t('myData.closeAnalysis')}
        </Button>
      </div>
      {locked && <span className={styles.counts}>{t('myData.analysing')}</span>}
    </>
  );
}
