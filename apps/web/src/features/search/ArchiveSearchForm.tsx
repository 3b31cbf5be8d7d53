import type { Band, ProductQuality, ResolutionClassId, SensorType, StereoMode } from '@satportal/contract';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Select,
  Slider,
  Space,
  Spin,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentAoi } from '../../map/types';
import { usableTimeZone } from '../../shared/format/dates';
import { useToast } from '../../shared/ui/toast';
import { useMe } from '../auth/useMe';
import { useMapController } from '../workspace/mapControllerContext';
import { useMapEvent } from '../workspace/useMapEvents';
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
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';
import {
  groupOptions,
  loadSavedSats,
  type SensorSelection,
  selectionForType,
  sensorOptions,
  sensorTypesOf,
  storeSavedSats,
  withSavedSelection,
  withSensorFilter,
} from './sensorChoice';
import { useArchiveSearchActions, useCatalogue } from './useArchiveSearch';

const { RangePicker } = DatePicker;

type SliderField = keyof typeof sliderRanges;
const sliderFields: ReadonlyArray<{ field: SliderField; labelKey: `search.${SliderField}Label` }> = [
  { field: 'cc', labelKey: 'search.ccLabel' },
  { field: 'ac', labelKey: 'search.acLabel' },
  { field: 'ona', labelKey: 'search.onaLabel' },
  { field: 'sza', labelKey: 'search.szaLabel' },
];

/** The AOI the search will use, as the map reports it. */
export function useCurrentAoi(): CurrentAoi | null {
  const controller = useMapController();
  return useMapEvent(controller, 'currentAoiChanged', (c) => c?.getCurrentAoi() ?? null);
}

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

  // The form is built from the catalogue and the selection saved for the last sensor type.
  useEffect(() => {
    if (!catalogue.data || initialised) return;
    const saved = loadSavedSats().archive;
    const types = sensorTypesOf(catalogue.data);
    const first = saved && types.includes(saved.type) ? saved.type : (types[0] ?? 1);
    setSensor(first, selectionForType(catalogue.data, first, saved?.sensors[first]));
  }, [catalogue.data, initialised, setSensor]);

  const options = useMemo(
    () => (catalogue.data ? sensorOptions(catalogue.data, type) : null),
    [catalogue.data, type],
  );
  const groups = useMemo(
    () => (catalogue.data ? groupOptions(catalogue.data, type, selection) : []),
    [catalogue.data, type, selection],
  );

  if (!catalogue.data || !options) return <Spin className={styles.loading} />;
  const data = catalogue.data;

  /** Every change of the sensor part is saved for this type (local key `sats`). */
  const choose = (nextType: SensorType, next: SensorSelection) => {
    setSensor(nextType, next);
    storeSavedSats(withSavedSelection(loadSavedSats(), 'archive', nextType, next));
  };
  const changeType = (nextType: SensorType) =>
    choose(nextType, selectionForType(data, nextType, loadSavedSats().archive?.sensors[nextType]));
  const filter = (change: Parameters<typeof withSensorFilter>[3]) =>
    choose(type, withSensorFilter(data, type, selection, change));

  const submit = () => {
    const searchAoi = searchAoiOf(aoi);
    const problems = validateArchiveSearch({ aoi: searchAoi, conditions, selection, today });
    const first = problems[0];
    if (first) {
      void message.warning({ key: 'search-form', content: t(first.key, first.params) });
      return;
    }
    if (!searchAoi) return;
    const request = archiveSearchRequest({ aoi: searchAoi, conditions, catalogue: data, type, selection });
    search.mutate({ kind: 'aoi', request });
  };

  const range: [Dayjs, Dayjs] = [dayjs(conditions.fdate), dayjs(conditions.tdate)];
  const noGroups = selection.satGroups.length === 0;

  return (
    <Form layout="vertical" size="small" className={styles.form} data-testid="archive-form">
      <div className={styles.aoi} data-testid="archive-aoi">
        {aoi ? (
          <span>
            {t('search.aoi')}: <strong>{aoi.name ?? t('search.drawnAoi')}</strong>
          </span>
        ) : (
          <span className={styles.noAoi}>{t('search.noAoiSelected')}</span>
        )}
      </div>

      <Form.Item label={t('search.dateRange')}>
        <div data-testid="archive-dates">
          <RangePicker
            className={styles.full}
            allowClear={false}
            value={range}
            disabledDate={(d) => isDayDisabled(d.format('YYYY-MM-DD'), today)}
            onChange={(value) => {
              if (!value?.[0] || !value[1]) return;
              setConditions({ fdate: value[0].format('YYYY-MM-DD'), tdate: value[1].format('YYYY-MM-DD') });
            }}
          />
        </div>
      </Form.Item>
      {startIsOld(conditions.fdate, today) && (
        <Alert
          type="warning"
          showIcon
          className={styles.alert}
          title={t('search.year3Data')}
          data-testid="year3-warning"
        />
      )}

      {sliderFields.map(({ field, labelKey }) => {
        const { min, max, unit } = sliderRanges[field];
        return (
          <Form.Item key={field} label={t(labelKey)} className={styles.sliderItem}>
            <div className={styles.sliderRow}>
              <Slider
                className={styles.slider}
                min={min}
                max={max}
                value={conditions[field]}
                onChange={(value: number) => setConditions({ [field]: value } as Partial<ArchiveConditions>)}
                tooltip={{ formatter: (v) => `${v}${unit}` }}
              />
              <InputNumber
                className={styles.sliderNumber}
                min={min}
                max={max}
                value={conditions[field]}
                suffix={unit}
                onChange={(value) => {
                  if (typeof value === 'number')
                    setConditions({ [field]: value } as Partial<ArchiveConditions>);
                }}
                data-testid={`archive-${field}`}
              />
            </div>
          </Form.Item>
        );
      })}

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

      <Form.Item label={t('search.sensorType')}>
        <Radio.Group
          value={type}
          onChange={(e) => changeType(e.target.value)}
          options={sensorTypesOf(data).map((value) => ({
            value,
            label: <span data-testid={`sensor-type-${value}`}>{t(`search.sensor${value}`)}</span>,
          }))}
        />
      </Form.Item>

      {options.bands.length > 0 && (
        <Form.Item label={t('search.bands')}>
          <Checkbox.Group
            value={selection.bands}
            onChange={(value) => filter({ bands: value as Band[] })}
            options={options.bands.map((band) => ({ value: band, label: t(`band.${band}`) }))}
            data-testid="archive-bands"
          />
        </Form.Item>
      )}

      {options.stereos.length > 0 && (
        <Form.Item label={t('search.stereo')}>
          <Radio.Group
            optionType="button"
            value={selection.stereo ?? ''}
            onChange={(e) => filter({ stereo: (e.target.value || null) as StereoMode | null })}
            options={[
              ...(options.stereos.length > 1 ? [{ value: '', label: t('search.stereoAny') }] : []),
              ...options.stereos.map((mode) => ({ value: mode, label: t(`stereo.${mode}`) })),
            ]}
            data-testid="archive-stereo"
          />
        </Form.Item>
      )}

      <Form.Item label={t('search.resolutions')}>
        <Checkbox.Group
          className={styles.resolutions}
          value={selection.resolutions}
          onChange={(value) => filter({ resolutions: value as ResolutionClassId[] })}
          options={options.resolutions.map((id) => ({ value: id, label: t(`resolution.class${id}`) }))}
          data-testid="archive-resolutions"
        />
      </Form.Item>

      <Form.Item
        label={
          <Space size={4}>
            {t('search.satGroups')}
            <Button
              type="link"
              size="small"
              onClick={() => choose(type, { ...selection, satGroups: groups })}
              data-testid="sat-groups-all"
            >
              {t('search.all')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => choose(type, { ...selection, satGroups: [] })}
              data-testid="sat-groups-clear"
            >
              {t('search.clear')}
            </Button>
          </Space>
        }
        validateStatus={noGroups ? 'warning' : undefined}
        help={noGroups ? t('placeholder.selectSatellite') : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t('placeholder.selectSatellite')}
          value={selection.satGroups}
          onChange={(value: string[]) => choose(type, { ...selection, satGroups: value })}
          options={groups.map((category) => ({ value: category, label: category }))}
          data-testid="archive-sat-groups"
        />
      </Form.Item>

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
