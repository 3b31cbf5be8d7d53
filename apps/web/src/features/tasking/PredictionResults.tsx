import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TaskingPrediction, UnpredictedReason } from '@satportal/contract';
import { Alert, Button, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import { useMapController } from '../../map/react/mapControllerContext';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useTimeFormat } from '../auth/useTimeFormat';
import { CapturePlanView } from './CapturePlanView';
import { ElementsNote } from './ElementsNote';
import {
  emptyPredictionText,
  groupPassesByDay,
  passTimeRange,
  predictionRange,
  staleSummary,
} from './passes';
import { passesOnMap } from './plan';
import styles from './tasking.module.css';
import { useTaskingStore } from './taskingStore';

const reasonKeys: Record<UnpredictedReason, TranslationKey> = {
  notTaskable: 'tasking.reasonNotTaskable',
  retired: 'tasking.reasonRetired',
  noElements: 'tasking.reasonNoElements',
  noSensor: 'tasking.reasonNoSensor',
};

/**
 * Step 1 of the tasking panel (spec 000 §2): AOI coverage, number of passes and their dates, the
 * passes by day with time range, zone, satellite, resolution, off-nadir angle, cloud forecast and
 * the share of the AOI the pass covers (the two the cloud and coverage conditions filter by); hovering a pass
 * makes its footprint stand out on the map. Back returns to step 0.
 */
export function PredictionResults() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const controller = useMapController();
  const { prediction, hoveredPass, back, setHoveredPass } = useTaskingStore();
  const days = useMemo(
    () => (prediction ? groupPassesByDay(prediction.list, timeZone) : []),
    [prediction, timeZone],
  );

  // The list's passes and the capture plan's that the list leaves out (issue 28).
  const onMap = useMemo(
    () =>
      passesOnMap(
        days.flatMap((day) => day.passes),
        prediction?.plan ?? null,
      ),
    [days, prediction],
  );
  useEffect(() => {
    controller?.showPasses(
      onMap.map(({ id, colour, pass }) => ({ passId: id, rings: pass.boundaries, colour })),
    );
    return () => controller?.showPasses([]);
  }, [controller, onMap]);
  useEffect(() => controller?.setHoveredPass(hoveredPass), [controller, hoveredPass]);
  // A new prediction brings its passes into the part of the map the panel leaves free (issue 18).
  useEffect(() => {
    if (onMap.length > 0) controller?.fitRings(onMap.flatMap(({ pass }) => pass.boundaries));
  }, [controller, onMap]);

  const header = (
    <Button
      type="link"
      icon={<ArrowLeftOutlined />}
      onClick={back}
      className={styles.back}
      data-testid="tasking-back"
    >
      {t('tasking.back')}
    </Button>
  );
  if (!prediction)
    return (
      <div data-testid="tasking-results">
        {header}
        <Spin className={styles.loading} tip={t('tasking.predicting')}>
          <div className={styles.spinSpace} />
        </Spin>
      </div>
    );

  const number = (value: number, decimals: number) => formatNumber(value, language, decimals);
  return (
    <div data-testid="tasking-results">
      {header}
      <dl className={styles.summary}>
        <div>
          <dt>{t('tasking.coverage')}</dt>
          <dd data-testid="tasking-coverage">{number(prediction.coverage, 2)}%</dd>
        </div>
        <div>
          <dt>{t('tasking.passCount')}</dt>
          <dd data-testid="tasking-total">{number(prediction.total, 0)}</dd>
        </div>
        <div>
          <dt>{t('tasking.passRange')}</dt>
          <dd data-testid="tasking-range">{predictionRange(prediction, timeZone) ?? t('common.notSet')}</dd>
        </div>
      </dl>

      {prediction.total === 0 && (
        <Alert
          type="warning"
          showIcon
          className={styles.note}
          title={emptyPredictionText(prediction, t)}
          data-testid="tasking-empty"
        />
      )}
      {prediction.plan && <CapturePlanView plan={prediction.plan} />}
      <Notes prediction={prediction} timeZone={timeZone} />

      <div>
        {days.map((day) => (
          <section key={day.date} data-testid="tasking-day" data-date={day.date}>
            <h4 className={styles.date}>{day.date}</h4>
            {day.passes.map(({ id, colour, pass }) => {
              const { range, zone } = passTimeRange(pass, timeZone);
              return (
                // biome-ignore lint/a11y/noStaticElementInteractions: hover only makes the footprint stand out on the map; nothing to activate
                <div
                  key={id}
                  className={`${styles.pass} ${hoveredPass === id ? styles.hovered : ''}`}
                  style={{ borderLeftColor: colour }}
                  onMouseEnter={() => setHoveredPass(id)}
                  onMouseLeave={() => setHoveredPass(null)}
                  data-testid="tasking-pass"
                  data-pass-id={id}
                  data-hovered={hoveredPass === id}
                >
                  <div className={styles.time}>
                    <span data-testid="pass-time">{range}</span>
                    <span className={styles.zone}>{zone}</span>
                  </div>
                  <div className={styles.facts}>
                    <span title={t('tasking.satellite')} data-testid="pass-sat">
                      {pass.satName}
                    </span>
                    <span title={t('tasking.resolution')} data-testid="pass-gsd">
                      {t('tasking.metres', { value: number(pass.imageGsd, 2) })}
                    </span>
                    <span title={t('tasking.offNadir')} data-testid="pass-ona">
                      {t('tasking.offNadir')} {t('tasking.degrees', { value: number(pass.offNadirAngle, 2) })}
                    </span>
                    <span title={t('tasking.cloudForecastHint')} data-testid="pass-cloud">
                      {t('tasking.cloudForecast')}{' '}
                      {t('tasking.percent', { value: number(pass.cloudForecast, 2) })}
                    </span>
                    <span title={t('tasking.passCoverageHint')} data-testid="pass-coverage">
                      {t('tasking.passCoverage')} {t('tasking.percent', { value: number(pass.coverage, 2) })}
                    </span>
                    <span title={t('tasking.clearChanceHint')} data-testid="pass-clear">
                      {t('tasking.clearChance', {
                        value: t('tasking.percent', { value: number(pass.clearProbability * 100, 0) }),
                      })}
                    </span>
                  </div>
                </div>
              );
            })}
          </section>
        ))}
      </div>
    </div>
  );
}

/** The staleness warning (elements older than 14 days) and the satellites left out, with why. */
function Notes({ prediction, timeZone }: { prediction: TaskingPrediction; timeZone: string }) {
  const { t } = useTranslation();
  const stale = staleSummary(prediction.staleElements, timeZone);
  return (
    <>
      {stale && (
        <Alert
          type="warning"
          showIcon
          className={styles.note}
          title={t('tasking.staleTitle')}
          description={<span className={styles.noteText}>{t('tasking.staleDetail', stale)}</span>}
          data-testid="tasking-stale"
        />
      )}
      <ElementsNote prediction={prediction} />
      {prediction.unpredicted.length > 0 && (
        <Alert
          type="info"
          showIcon
          className={styles.note}
          title={t('tasking.unpredictedTitle')}
          description={
            <ul className={styles.noteList}>
              {prediction.unpredicted.map((u) => (
                <li key={u.satId}>
                  {t('tasking.unpredictedItem', { satName: u.satName, reason: t(reasonKeys[u.reason]) })}
                </li>
              ))}
            </ul>
          }
          data-testid="tasking-unpredicted"
        />
      )}
    </>
  );
}
