import type { ProductQuality } from '@satportal/contract';
import { Alert, Button, Checkbox, Form, Radio, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import { usableTimeZone } from '../../shared/format/dates';
import { useToast } from '../../shared/ui/toast';
import { useMe } from '../auth/useMe';
import {
  type ArchiveConditions,
  archiveSearchRequest,
  dayIn,
  isDayDisabled,
  searchAoiOf,
  sliderRanges,
  startIsOld,
  validateArchiveSearch,
} from './archiveForm';
import { DateRangeField, SearchAoiLine, SliderField } from './FormParts';
import { SensorFields } from './SensorFields';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';
import { useArchiveSearchActions, useCatalogue } from './useArchiveSearch';

type SliderKey = keyof typeof sliderRanges;
const sliderFields: ReadonlyArray<{ field: SliderKey; labelKey: `search.${SliderKey}Label` }> = [
  { field: 'cc', labelKey: 'search.ccLabel' },
  { field: 'ac', labelKey: 'search.acLabel' },
  { field: 'ona', labelKey: 'search.onaLabel' },
  { field: 'sza', labelKey: 'search.szaLabel' },
];

/** The Archive tab of the search centre (spec 000 §2 "Archive search panel", §4, §5). */
export function ArchiveSearchForm() {
  const { t } = useTranslation();
  const message = useToast();
  const timeZone = usableTimeZone(useMe()?.timezone);
  const today = dayIn(new Date(), timeZone);
  const catalogue = useCatalogue();
  const aoi = useCurrentAoi();
  const { search } = useArchiveSearchActions();
  const { conditions, type, selection, initialised, setConditions, setSensor } = useArchiveSearchStore();
  const defaultDatesIn = useArchiveSearchStore((s) => s.defaultDatesIn);
  // The store starts in the browser's days; the account's zone arrives with `me`.
  useEffect(() => defaultDatesIn(timeZone), [defaultDatesIn, timeZone]);

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
  if (!catalogue.data) return <Spin className={styles.loading} />;
  const data = catalogue.data;

  const submit = () => {
    const searchAoi = searchAoiOf(aoi);
    const problems = validateArchiveSearch({ aoi: searchAoi, conditions, selection, today });
    const first = problems[0];
    if (first) {
      // One toast per message: a new message must not replace one that is already fading out.
      void message.warning({ key: `search-form:${first.key}`, content: t(first.key, first.params) });
      return;
    }
    if (!searchAoi) return;
    const request = archiveSearchRequest({ aoi: searchAoi, conditions, catalogue: data, type, selection });
    search.mutate({ kind: 'aoi', request });
  };

  return (
    <Form layout="vertical" size="small" className={styles.form} data-testid="archive-form">
      <SearchAoiLine aoi={aoi} testId="archive-aoi" />

      <DateRangeField
        label={t('search.dateRange')}
        from={conditions.fdate}
        to={conditions.tdate}
        isDisabled={(day) => isDayDisabled(day, today)}
        onChange={(fdate, tdate) => setConditions({ fdate, tdate })}
        testId="archive-dates"
      />
      {startIsOld(conditions.fdate, today) && (
        <Alert
          type="warning"
          showIcon
          className={styles.alert}
          title={t('search.year3Data')}
          data-testid="year3-warning"
        />
      )}

      {sliderFields.map(({ field, labelKey }) => (
        <SliderField
          key={field}
          label={t(labelKey)}
          range={sliderRanges[field]}
          value={conditions[field]}
          onChange={(value) => setConditions({ [field]: value } as Partial<ArchiveConditions>)}
          testId={`archive-${field}`}
        />
      ))}

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

      <SensorFields
        kind="archive"
        catalogue={data}
        type={type}
        selection={selection}
        initialised={initialised}
        onChange={setSensor}
      />

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
    </Form>
  );
}
