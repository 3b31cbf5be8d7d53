import type { Band, ResolutionClassId, SensorType, StereoMode } from '@satportal/contract';
import { Button, Checkbox, Form, Radio, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './conditions.module.css';
import {
  type Catalogue,
  groupOptions,
  loadSavedSats,
  type SearchKind,
  type SensorSelection,
  selectionForType,
  sensorOptions,
  sensorTypesOf,
  storeSavedSats,
  withSavedSelection,
  withSensorFilter,
} from './sensorChoice';

interface SensorFieldsProps {
  /** Which saved preferences of the local key `sats` the fields read and write. */
  kind: SearchKind;
  catalogue: Catalogue;
  type: SensorType;
  selection: SensorSelection;
  initialised: boolean;
  onChange(type: SensorType, selection: SensorSelection): void;
}

/**
 * Sensor type, bands, stereo mode, resolution classes and satellite groups (spec 000 §2, §4
 * "Sensor type change") over the pure rules of `sensorChoice.ts`; every change is saved for its
 * type under `sats` for this kind of search.
 */
export function SensorFields({ kind, catalogue, type, selection, initialised, onChange }: SensorFieldsProps) {
  const { t } = useTranslation();

  // Built once from the catalogue and the selection saved for the last sensor type.
  useEffect(() => {
    if (initialised) return;
    const saved = loadSavedSats()[kind];
    const types = sensorTypesOf(catalogue);
    const first = saved && types.includes(saved.type) ? saved.type : (types[0] ?? 1);
    onChange(first, selectionForType(catalogue, first, saved?.sensors[first]));
  }, [catalogue, initialised, kind, onChange]);

  const options = useMemo(() => sensorOptions(catalogue, type), [catalogue, type]);
  const groups = useMemo(() => groupOptions(catalogue, type, selection), [catalogue, type, selection]);

  const choose = (nextType: SensorType, next: SensorSelection) => {
    onChange(nextType, next);
    storeSavedSats(withSavedSelection(loadSavedSats(), kind, nextType, next));
  };
  const changeType = (nextType: SensorType) =>
    choose(nextType, selectionForType(catalogue, nextType, loadSavedSats()[kind]?.sensors[nextType]));
  const filter = (change: Parameters<typeof withSensorFilter>[3]) =>
    choose(type, withSensorFilter(catalogue, type, selection, change));
  const noGroups = selection.satGroups.length === 0;

  return (
    <>
      <Form.Item label={t('search.sensorType')}>
        <Radio.Group
          value={type}
          onChange={(e) => changeType(e.target.value)}
          options={sensorTypesOf(catalogue).map((value) => ({
            value,
            label: <span data-testid={`${kind}-sensor-type-${value}`}>{t(`search.sensor${value}`)}</span>,
          }))}
        />
      </Form.Item>

      {options.bands.length > 0 && (
        <Form.Item label={t('search.bands')}>
          <Checkbox.Group
            value={selection.bands}
            onChange={(value) => filter({ bands: value as Band[] })}
            options={options.bands.map((band) => ({ value: band, label: t(`band.${band}`) }))}
            data-testid={`${kind}-bands`}
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
            data-testid={`${kind}-stereo`}
          />
        </Form.Item>
      )}

      <Form.Item label={t('search.resolutions')}>
        <Checkbox.Group
          className={styles.resolutions}
          value={selection.resolutions}
          onChange={(value) => filter({ resolutions: value as ResolutionClassId[] })}
          options={options.resolutions.map((id) => ({ value: id, label: t(`resolution.class${id}`) }))}
          data-testid={`${kind}-resolutions`}
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
              data-testid={`${kind}-sat-groups-all`}
            >
              {t('search.all')}
            </Button>
            <Button
              type="link"
              size="small"
              onClick={() => choose(type, { ...selection, satGroups: [] })}
              data-testid={`${kind}-sat-groups-clear`}
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
          data-testid={`${kind}-sat-groups`}
        />
      </Form.Item>
    </>
  );
}
