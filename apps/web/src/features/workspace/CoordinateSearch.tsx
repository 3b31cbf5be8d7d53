import { parseCoordinates } from '@satportal/contract';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapController } from '../../map/react/mapControllerContext';
import { usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import styles from './workspace.module.css';

/**
 * The coordinate search box (spec 000 §2, §5): `lat,lon` in decimal or degrees-minutes-seconds.
 * A valid entry centres the map and marks the point; an invalid one says `poi.wrongCoord` and
 * leaves the map alone; emptying the box removes the mark.
 */
export function CoordinateSearch() {
  const { t } = useTranslation();
  const controller = useMapController();
  const message = useToast();
  const besidePanel = usePanelStore((s) => s.openPanel !== null);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const search = (entry: string) => {
    if (entry.trim() === '') {
      setInvalid(false);
      controller?.clearSearchedPoint();
      return;
    }
    const position = parseCoordinates(entry);
    if (!position) {
      setInvalid(true);
      void message.error({ key: 'coordinate-search', content: t('poi.wrongCoord') });
      return;
    }
    setInvalid(false);
    controller?.showSearchedPoint({ lat: position.lat, lon: position.lng });
  };

  return (
    <search
      className={`${styles.coordinateSearch} ${besidePanel ? styles.coordinateSearchBesidePanel : ''}`}
      data-testid="coordinate-search"
      data-map-cover
    >
      <Input.Search
        value={text}
        allowClear
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-label={t('map.coordinateSearch')}
        placeholder={t('map.coordinateSearchPlaceholder')}
        disabled={!controller}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
          if (event.target.value === '') controller?.clearSearchedPoint();
        }}
        onSearch={(value) => search(value)}
      />
    </search>
  );
}
