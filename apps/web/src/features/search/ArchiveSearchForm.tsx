import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { ConditionForm, useConditionSubmit } from '../../shared/conditions/ConditionForm';
import { slidersOf } from '../../shared/conditions/conditions';
import { QualityOrbitFields } from '../../shared/conditions/FormParts';
import { useSatelliteCatalogue } from '../../shared/conditions/useSatelliteCatalogue';
import { dayIn } from '../../shared/format/days';
import { useTimeFormat } from '../auth/useTimeFormat';
import { archiveSearchRequest, isDayDisabled, startIsOld, validateArchiveSearch } from './archiveForm';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';
import { useArchiveSearchActions } from './useArchiveSearch';

const sliders = slidersOf(['cc', 'ac', 'ona', 'sza']);

/** The Archive tab of the search centre (spec 000 §2 "Archive search panel", §4, §5). */
export function ArchiveSearchForm() {
  const { t } = useTranslation();
  const { timeZone } = useTimeFormat();
  const today = dayIn(new Date(), timeZone);
  const catalogue = useSatelliteCatalogue(false);
  const aoi = useCurrentAoi();
  const { search } = useArchiveSearchActions();
  const state = useArchiveSearchStore();
  const { conditions, setConditions } = state;
  const submit = useConditionSubmit('archive', {
    aoi,
    state,
    catalogue: catalogue.data,
    today,
    validate: validateArchiveSearch,
    send: (request) => search.mutate({ kind: 'aoi', request: archiveSearchRequest(request) }),
  });

  // Spec 000 §8 "Failed to acquire satellites": without the catalogue there is no form, but a retry.
  if (catalogue.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('search.satellitesFailed')}
        action={
          <Button
            size="small"
            onClick={() => void catalogue.refetch()}
            data-testid="archive-satellites-retry"
          >
            {t('search.retry')}
          </Button>
        }
        data-testid="archive-satellites-failed"
      />
    );

  return (
    <ConditionForm
      kind="archive"
      aoi={aoi}
      catalogue={catalogue.data}
      state={state}
      timeZone={timeZone}
      dateLabel={t('search.dateRange')}
      isDayDisabled={(day) => isDayDisabled(day, today)}
      sliders={sliders}
      afterDates={
        startIsOld(conditions.fdate, today) && (
          <Alert
            type="warning"
            showIcon
            className={styles.alert}
            title={t('search.year3Data')}
            data-testid="year3-warning"
          />
        )
      }
      afterSliders={
        <QualityOrbitFields
          qualities={conditions.productQualities}
          orbit={conditions.orbit}
          onChange={setConditions}
          warnWhenEmpty
          testId="archive"
        />
      }
    >
      <Button
        type="primary"
        block
        size="middle"
        loading={search.isPending}
        onClick={submit}
        data-testid="archive-search"
      >
        {t('search.search')}
      </Button>
    </ConditionForm>
  );
}
