import type { CapturePlan } from '@satportal/contract';
import { Alert, Button, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn } from '../../shared/format/days';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useTimeFormat } from '../auth/useTimeFormat';
import { passIdOf, passTimeRange } from './passes';
import { completionAt, defaultPlanConfidence, expectedByEnd, planConfidences } from './plan';
import styles from './tasking.module.css';
import { useTaskingStore } from './taskingStore';
import { usePrediction } from './useTasking';

/**
 * The capture plan of a prediction (issue 28 #2): the fewest passes that cover the AOI, each with
 * the share it adds and its chance of clear sky, when the order is complete at a chosen
 * confidence, and — when the list's cloud and coverage limits leave planned passes out — the
 * limits that would list them, applied with one click.
 */
export function CapturePlanView({ plan }: { plan: CapturePlan }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { timeZone } = useTimeFormat();
  const [confidence, setConfidence] = useState<number>(defaultPlanConfidence);
  const { hoveredPass, setHoveredPass, predictionRequest, setConditions, setPredictionRequest } =
    useTaskingStore();
  const predict = usePrediction();
  const number = (value: number, decimals: number) => formatNumber(value, language, decimals);
  const percent = (value: number, decimals = 1) => t('tasking.percent', { value: number(value, decimals) });
  const completion = useMemo(() => completionAt(plan, confidence, timeZone), [plan, confidence, timeZone]);

  const applyLimits = () => {
    if (!plan.conditions || !predictionRequest) return;
    const { cc, ac } = plan.conditions;
    setConditions({ cc, ac });
    const body = { ...predictionRequest, condition: { ...predictionRequest.condition, cc, ac } };
    setPredictionRequest(body);
    predict.mutate(body);
  };

  return (
    <section className={styles.plan} data-testid="tasking-plan" aria-label={t('tasking.planTitle')}>
      <h4 className={styles.planTitle}>{t('tasking.planTitle')}</h4>
      <p className={styles.planLine} data-testid="plan-summary">
        {t('tasking.planSummary', {
          count: plan.passes.length,
          coverage: number(plan.coverage, 2),
          coverable: number(plan.coverable, 2),
          candidates: number(plan.candidates, 0),
        })}
      </p>
      <div className={styles.planCompletion}>
        <span>{t('tasking.planConfidence')}</span>
        <Select
          size="small"
          value={confidence}
          onChange={setConfidence}
          options={planConfidences.map((c) => ({ value: c, label: percent(c, 0) }))}
          data-testid="plan-confidence"
          aria-label={t('tasking.planConfidence')}
          popupMatchSelectWidth={false}
        />
        <strong data-testid="plan-completion">
          {'day' in completion
            ? t('tasking.planCompletes', { day: completion.day })
            : t('tasking.planNotWithin', { chance: percent(completion.chanceByEnd) })}
        </strong>
      </div>
      <p className={styles.planLine} data-testid="plan-expected">
        {t('tasking.planExpected', { coverage: percent(expectedByEnd(plan)) })}
        {' · '}
        {t('tasking.planAllClear', { chance: percent(plan.planClearProbability * 100) })}
      </p>
      {plan.conditions && (
        <Alert
          type="info"
          showIcon
          className={styles.note}
          data-testid="plan-limits"
          title={
            <span data-testid="plan-limits-text">
              {t('tasking.planLimits', {
                cc: number(plan.conditions.cc, 0),
                ac: number(plan.conditions.ac, 0),
              })}
            </span>
          }
          action={
            <Button size="small" onClick={applyLimits} loading={predict.isPending} data-testid="plan-apply">
              {t('tasking.planApply')}
            </Button>
          }
        />
      )}
      <ol className={styles.planPasses}>
        {plan.passes.map(({ pass, addedCoverage }) => {
          const id = passIdOf(pass);
          const { range, zone } = passTimeRange(pass, timeZone);
          return (
            <li
              key={id}
              className={`${styles.planPass} ${hoveredPass === id ? styles.hovered : ''}`}
              onMouseEnter={() => setHoveredPass(id)}
              onMouseLeave={() => setHoveredPass(null)}
              data-testid="plan-pass"
              data-pass-id={id}
            >
              <span className={styles.planTime}>
                <span data-testid="plan-pass-day">{dayIn(new Date(pass.enterTime), timeZone)}</span>{' '}
                <span data-testid="plan-pass-time">{range}</span> <span className={styles.zone}>{zone}</span>
              </span>
              <span className={styles.facts}>
                <span>{pass.satName}</span>
                <span data-testid="plan-pass-adds">
                  {t('tasking.planAdds', { value: percent(addedCoverage) })}
                </span>
                <span title={t('tasking.clearChanceHint')} data-testid="plan-pass-clear">
                  {t('tasking.clearChance', { value: percent(pass.clearProbability * 100, 0) })}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
