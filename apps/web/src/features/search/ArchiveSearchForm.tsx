import type { ProductQuality } from '@satportal/contract';
import { Alert, Button, Checkbox, Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { ConditionForm, useFirstProblemToast } from '../../shared/conditions/ConditionForm';
import { type SliderKey, searchAoiOf } from '../../shared/conditions/conditions';
import { usableTimeZone } from '../../shared/format/dates';
import { dayIn } from '../../shared/format/days';
import { useMe } from '../auth/useMe';
import { archiveSearchRequest, isDayDisabled, startIsOld, validateArchiveSearch } from './archiveForm';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';
import { useArchiveSearchActions, useCatalogue } from './useArchiveSearch';

const sliderFields: ReadonlyArray<{ field: SliderKey; labelKey: `search.${SliderKey}Label` }> = [
  { field: 'cc', labelKey: 'search.ccLabel' },
  { field: 'ac', labelKey: 'search.acLabel' },
  { field: 'ona', labelKey: 'search.onaLabel' },
  { field: 'sza', labelKey: 'search.szaLabel' },
];

/** The Archive tab of the search centre (spec 000 §2 "Archive search panel", §4, §5). */
export function ArchiveSearchForm() {
  const { t } = useTranslation();
  const noProblem = useFirstProblemToast('archive');
  const timeZone = usableTimeZone(useMe()?.timezone);
  const today = dayIn(new Date(), timeZone);
  const catalogue = useCatalogue();
  const aoi = useCurrentAoi();
  const { search } = useArchiveSearchActions();
  const state = useArchiveSearchStore();
  const { conditions, type, selection, setConditions } = state;

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

  const submit = () => {
    const searchAoi = searchAoiOf(aoi);
    if (!noProblem(validateArchiveSearch({ aoi: searchAoi, conditions, selection, today }))) return;
    if (!searchAoi || !catalogue.data) return;
    const request = archiveSearchRequest({
      aoi: searchAoi,
      conditions,
      catalogue: catalogue.data,
      type,
      selection,
    });
    search.mutate({ kind: 'aoi', request });
  };

  return (
    <ConditionForm
      kind="archive"
      aoi={aoi}
      catalogue={catalogue.data}
      state={state}
      timeZone={timeZone}
      dateLabel={t('search.dateRange')}
      isDayDisabled={(day) => isDayDisabled(day, today)}
      sliders={sliderFields}
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
        <>
          <Form.Item
            label={t('search.quality')}
            validateStatus={conditions.productQualities.length ? undefined : 'warning'}
            help={conditions.productQualities.length ? undefined : t('search.chooseQuality')}
          >
            <Checkbox.Group
              value={conditions.productQualities}
              onChange={(value) => setConditions({ productQualities: value as ProductQuality[] })}
              options={[
                { value: 'A', label: t('search.qualityA') },
                { value: 'B', label: t('search.qualityB') },
              ]}
              data-testid="archive-quality"
            />
          </Form.Item>

          <Form.Item label={t('search.orbit')}>
            <Radio.Group
              optionType="button"
              value={conditions.orbit}
              onChange={(e) => setConditions({ orbit: e.target.value })}
              options={[
                { value: 0, label: t('search.orbitAll') },
                { value: 1, label: t('search.orbitAscending') },
                { value: 2, label: t('search.orbitDescending') },
              ]}
            />
          </Form.Item>
        </>
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
