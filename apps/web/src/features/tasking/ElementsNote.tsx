import type { TaskingPrediction } from '@satportal/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { formatNumber } from '../../shared/format/numbers';
import { useLanguage } from '../../shared/hooks/useLanguage';
import { useTimeFormat } from '../auth/useTimeFormat';
import { elementsNote } from './elementsNote';
import styles from './tasking.module.css';

/**
 * Beside the staleness warning: when the orbital elements were last refreshed from their source
 * (or that none is configured, as in the offline demo), a refresh that failed, and the element age
 * of each satellite in the prediction (issue 28).
 */
export function ElementsNote({ prediction }: { prediction: TaskingPrediction }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { dateTimeToMinute, day } = useTimeFormat();
  const api = useApi();
  const { data } = useQuery({
    queryKey: queryKeys.satelliteElements,
    // Not worth a message when it fails: the passes and the staleness warning stand without it.
    queryFn: ({ signal }) => api.satelliteElements({ signal, quiet: true }),
    staleTime: 60_000,
  });
  if (!data) return null;
  const note = elementsNote(data, prediction);
  const title =
    note.refresh.kind === 'noSource'
      ? t('tasking.elementsNoSource')
      : note.refresh.kind === 'never'
        ? t('tasking.elementsNeverRefreshed')
        : t('tasking.elementsRefreshed', { time: dateTimeToMinute(note.refresh.at) });
  return (
    <Alert
      type={note.failed ? 'warning' : 'info'}
      showIcon
      className={styles.note}
      title={title}
      description={
        <>
          {note.failed && (
            <span className={styles.noteText} data-testid="tasking-elements-failed">
              {t('tasking.elementsFailed', {
                time: dateTimeToMinute(note.failed.at),
                reason: t(note.failed.problem),
              })}
            </span>
          )}
          <ul className={styles.noteList} data-testid="tasking-element-ages">
            {note.ages.map((a) => (
              <li key={a.satId} data-sat-id={a.satId}>
                {t('tasking.elementsAge', {
                  satName: a.satName,
                  days: formatNumber(a.ageDays, language, 1),
                  epoch: day(a.epoch),
                })}
              </li>
            ))}
          </ul>
        </>
      }
      data-testid="tasking-elements"
    />
  );
}
