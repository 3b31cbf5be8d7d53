import { CloseOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import type { MapController } from '../../map/MapController';
import { useAnchor } from '../../map/react/useAnchor';
import { useMapEvent } from '../../map/react/useMapEvents';
import { formatLatLonData } from '../../shared/format/coordinates';
import { useToast } from '../../shared/ui/toast';
import { nameProblem } from '../saved-areas/names';
import styles from './drawing.module.css';
import { NameInput } from './NameInput';

/** Spec 001 §2 POI dialog modes: 1 add, 2 edit name, 3 delete confirm; `saved` shows the POI. */
type Mode = 'add' | 'saved' | 'edit' | 'delete';

/**
 * The popup of a drawn point (spec 000 §2): its position as lat,lon with 6 decimals, and adding it
 * as a POI of "My POIs" (name ≤ 50, poi.tipPOIname when empty), then editing its name or deleting it.
 * Failures are told by the API client; the popup stays as it was.
 */
export function PoiPopup({ controller }: { controller: MapController | null }) {
  const { t } = useTranslation();
  const api = useApi();
  const queryClient = useQueryClient();
  const message = useToast();
  const point = useMapEvent(controller, 'pointDrawn', () => null);
  const element = useAnchor(controller, 'drawnPoint');
  const [mode, setMode] = useState<Mode>('add');
  const [poi, setPoi] = useState<{ id: number; name: string } | null>(null);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!point) return;
    setMode('add');
    setPoi(null);
    setName('');
    setProblem(null);
  }, [point]);

  if (!point) return null;
  const position = formatLatLonData(point.lat, point.lon);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: queryKeys.aois });
    } catch {
      // The API client has said why; nothing changed.
    } finally {
      setBusy(false);
    }
  };

  const submitName = () => {
    const invalid = nameProblem(name, 'poi.tipPOIname');
    if (invalid) {
      setProblem(t(invalid.key, invalid.params));
      return;
    }
    void run(async () => {
      const saved =
        mode === 'edit' && poi
          ? await api.renameAoi(poi.id, name.trim())
          : await api.addAoi({
              hasGeo: true,
              name: name.trim(),
              parentId: -1,
              geometry: { type: 1, geojson: { type: 'Point', coordinates: [point.lon, point.lat] } },
            });
      controller?.showPoi({ id: saved.id, name: saved.name, lat: point.lat, lon: point.lon }, { fit: false });
      void message.success(t(mode === 'edit' ? 'saveOK' : 'addOK'));
      setPoi({ id: saved.id, name: saved.name });
      setMode('saved');
    });
  };

  const remove = () =>
    void run(async () => {
      if (!poi) return;
      await api.deleteAois([poi.id]);
      controller?.hidePoi(poi.id);
      controller?.clearDrawnPoint();
      void message.success(t('delOK'));
    });

  const nameInput = (
    <NameInput
      value={name}
      autoFocus
      label={t('draw.poiName')}
      invalid={problem !== null}
      testId="poi-name"
      onChange={(value) => {
        setName(value);
        setProblem(null);
      }}
      onEnter={submitName}
    />
  );

  return createPortal(
    <section
      className={styles.popup}
      data-testid="poi-popup"
      data-mode={mode}
      aria-label={t('draw.poiTitle')}
    >
      <header className={styles.popupHeader}>
        <strong>{poi && mode !== 'edit' ? poi.name : t('draw.poiTitle')}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          data-testid="poi-close"
          onClick={() => controller?.clearDrawnPoint()}
        />
      </header>
      <div className={styles.popupPosition} data-testid="poi-position">
        {position}
      </div>
      {(mode === 'add' || mode === 'edit') && (
        <>
          {nameInput}
          {problem && (
            <div className={styles.popupProblem} role="alert">
              {problem}
            </div>
          )}
          <div className={styles.popupActions}>
            {mode === 'edit' && (
              <Button size="small" onClick={() => setMode('saved')}>
                {t('common.cancel')}
              </Button>
            )}
            <Button type="primary" size="small" loading={busy} data-testid="poi-submit" onClick={submitName}>
              {mode === 'edit' ? t('draw.save') : t('draw.poiAdd')}
            </Button>
          </div>
        </>
      )}
      {mode === 'saved' && poi && (
        <div className={styles.popupActions}>
          <Button
            size="small"
            data-testid="poi-edit"
            onClick={() => {
              setName(poi.name);
              setMode('edit');
            }}
          >
            {t('draw.poiEdit')}
          </Button>
          <Button size="small" danger data-testid="poi-delete" onClick={() => setMode('delete')}>
            {t('draw.poiDelete')}
          </Button>
        </div>
      )}
      {mode === 'delete' && poi && (
        <>
          <p className={styles.popupQuestion}>{t('draw.poiDeleteConfirm', { name: poi.name })}</p>
          <div className={styles.popupActions}>
            <Button size="small" onClick={() => setMode('saved')}>
              {t('common.cancel')}
            </Button>
            <Button
              size="small"
              type="primary"
              danger
              loading={busy}
              data-testid="poi-delete-confirm"
              onClick={remove}
            >
              {t('common.confirm')}
            </Button>
          </div>
        </>
      )}
    </section>,
    element,
  );
}
