import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { MapController } from '../../map/MapController';
import type { BaseMapId, MapState } from '../../map/types';

const baseMapLabel: Record<BaseMapId, TranslationKey> = {
  osm: 'map.baseMapOsm',
  satellite: 'map.baseMapSatellite',
  tianditu: 'map.baseMapTianditu',
  offline: 'map.baseMapOffline',
};

/** The map switch: one of the offered base maps (the offline world map always lies beneath). */
export function BaseMapSwitch({
  controller,
  state,
}: {
  controller: MapController | null;
  state: MapState | null;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      disabled={!state}
      menu={{
        selectable: true,
        selectedKeys: state ? [state.baseMap] : [],
        items: (state?.baseMaps ?? []).map(({ id }) => ({
          key: id,
          label: <span data-testid={`base-map-${id}`}>{t(baseMapLabel[id])}</span>,
        })),
        onClick: ({ key }) => controller?.setBaseMap(key as BaseMapId),
      }}
    >
      <Tooltip title={t('map.baseMap')} placement="left">
        <Button
          type="text"
          icon={<AppstoreOutlined />}
          aria-label={t('map.baseMap')}
          data-testid="base-map-switch"
          data-base-map={state?.baseMap}
        />
      </Tooltip>
    </Dropdown>
  );
}
