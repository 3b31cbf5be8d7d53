import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../i18n/keys';
import type { MapController } from '../../map/MapController';
import type { BaseMapId, MapState } from '../../map/types';
import { LazyDropdown } from '../../shared/ui/LazyDropdown';
import { useHdMap } from '../hd-map/useHdMap';

const HdMapHost = lazy(() => import('../hd-map/HdMapHost'));

/** The HD image map's entry in the switch: not a base map of the catalogue (it needs a session). */
const hdKey = 'hd';

const baseMapLabel: Record<BaseMapId, TranslationKey> = {
  osm: 'map.baseMapOsm',
  satellite: 'map.baseMapSatellite',
  tianditu: 'map.baseMapTianditu',
  offline: 'map.baseMapOffline',
};

/**
 * The map switch: one of the offered base maps (the offline world map always lies beneath), and
 * with a session the HD image map, drawn over the base map last chosen.
 */
export function BaseMapSwitch({
  controller,
  state,
}: {
  controller: MapController | null;
  state: MapState | null;
}) {
  const { t } = useTranslation();
  const hd = useHdMap(controller);
  const chosen = hd.state ? hdKey : state?.baseMap;
  return (
    <>
      <LazyDropdown
        trigger={['click']}
        placement="bottomRight"
        disabled={!state}
        menu={{
          selectable: true,
          selectedKeys: chosen ? [chosen] : [],
          items: [
            ...(state?.baseMaps ?? []).map(({ id }) => ({
              key: id,
              label: <span data-testid={`base-map-${id}`}>{t(baseMapLabel[id])}</span>,
            })),
            ...(hd.offered
              ? [
                  {
                    key: hdKey,
                    disabled: !hd.available,
                    title: hd.available ? undefined : t('hdMap.noYears'),
                    label: <span data-testid="base-map-hd">{t('map.baseMapHd')}</span>,
                  },
                ]
              : []),
          ],
          onClick: ({ key }) => {
            if (key === hdKey) return hd.choose();
            hd.leave();
            controller?.setBaseMap(key as BaseMapId);
          },
        }}
      >
        <Tooltip title={t('map.baseMap')} placement="left">
          <Button
            type="text"
            icon={<AppstoreOutlined />}
            aria-label={t('map.baseMap')}
            data-testid="base-map-switch"
            data-base-map={chosen}
          />
        </Tooltip>
      </LazyDropdown>
      {controller && hd.state && (
        <Suspense fallback={null}>
          <HdMapHost controller={controller} state={hd.state} years={hd.years} />
        </Suspense>
      )}
    </>
  );
}
