import { CloseOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Checkbox, Slider } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, usableTimeZone } from '../../shared/format/dates';
import { useSessionStore } from '../auth/sessionStore';
import { useMe } from '../auth/useMe';
import { useMapController } from '../workspace/mapControllerContext';
import {
  canCompare,
  compareMax,
  compareOpacities,
  compareSliderMax,
  compareStep,
  timeOrdered,
} from './compare';
import { hoverTooltipDelayS } from './ResultList';
import styles from './search.module.css';
import { useArchiveSearchStore } from './searchStore';

const quicklookUrl = '/tiles/quicklooks/wms';

type Hit = { sceneIds: string[]; pixel: [number, number] };

const at = (pixel: [number, number]) => ({ left: `calc(var(--menu-width) + ${pixel[0]}px)`, top: pixel[1] });

/**
 * The archive results on the map (spec 000 §2, §4): footprints of every loaded scene, the shown
 * quicklooks, one highlight, the hover outline and tooltip, the overlap box with compare mode
 * (2–10 scenes, a time-ordered vertical slider) and right click to remove a shown scene.
 */
export function SceneMapBinding() {
  const { t } = useTranslation();
  const controller = useMapController();
  const token = useSessionStore((s) => s.session?.token ?? '');
  const timeZone = usableTimeZone(useMe()?.timezone);
  const { results, onView, highlight, hovered, setOnView, setHighlight } = useArchiveSearchStore();
  const images = results?.images;
  const byId = useMemo(() => new Map((images ?? []).map((s) => [s.sceneId, s])), [images]);
  const [overlap, setOverlap] = useState<Hit | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [compare, setCompare] = useState<{ sceneIds: string[]; value: number } | null>(null);
  const [removeMenu, setRemoveMenu] = useState<Hit | null>(null);
  const [mapHover, setMapHover] = useState<{ sceneId: string; pixel: [number, number] } | null>(null);
  const [tooltip, setTooltip] = useState<{ sceneId: string; pixel: [number, number] } | null>(null);

  useEffect(() => {
    controller?.showFootprints((images ?? []).map((s) => ({ sceneId: s.sceneId, rings: s.boundaries })));
    setOverlap(null);
    setRemoveMenu(null);
  }, [controller, images]);

  // Compare closes by itself when fewer than 2 of its scenes remain (spec 000 §4).
  const compared = useMemo(() => compare?.sceneIds.filter((id) => byId.has(id)) ?? [], [compare, byId]);
  const comparing = compare !== null && compared.length >= 2;
  useEffect(() => {
    if (compare && compared.length < 2) setCompare(null);
  }, [compare, compared.length]);

  const shown = useMemo(
    () => (comparing ? compared : onView.filter((id) => byId.has(id))),
    [comparing, compared, onView, byId],
  );
  const opacities = useMemo(
    () => (comparing && compare ? compareOpacities(compared, compare.value) : {}),
    [comparing, compared, compare],
  );
  useEffect(() => {
    controller?.showQuicklooks(shown, { url: quicklookUrl, token }, opacities);
  }, [controller, shown, opacities, token]);

  useEffect(() => controller?.setHighlightedScene(highlight), [controller, highlight]);
  useEffect(
    () => controller?.setHoveredScene(hovered ?? mapHover?.sceneId ?? null),
    [controller, hovered, mapHover?.sceneId],
  );

  // The scene-name tooltip on the map follows the pointer after 500 ms on one footprint.
  useEffect(() => {
    setTooltip(null);
    if (!mapHover) return;
    const timer = setTimeout(() => setTooltip(mapHover), hoverTooltipDelayS * 1000);
    return () => clearTimeout(timer);
  }, [mapHover]);

  useEffect(() => {
    if (!controller) return;
    const stops = [
      controller.on('footprintHovered', setMapHover),
      controller.on('footprintsClicked', (hit) => {
        setRemoveMenu(null);
        if (hit.sceneIds.length === 1) {
          const [id] = hit.sceneIds as [string];
          setOverlap(null);
          setOnView([id], true);
          setHighlight(id);
        } else {
          setOverlap(hit);
          setPicked([]);
        }
      }),
      controller.on('quicklooksRightClicked', (hit) => {
        setOverlap(null);
        if (hit.sceneIds.length === 1) setOnView(hit.sceneIds, false);
        else setRemoveMenu(hit);
      }),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [controller, setOnView, setHighlight]);

  const overlapScenes = timeOrdered((overlap?.sceneIds ?? []).flatMap((id) => byId.get(id) ?? []));
  const onViewSet = new Set(onView);
  const startCompare = () => {
    const ordered = timeOrdered(picked.flatMap((id) => byId.get(id) ?? [])).map((s) => s.sceneId);
    setCompare({ sceneIds: ordered, value: 0 });
    setOnView(ordered, true);
    setOverlap(null);
  };

  return (
    <>
      {tooltip && (
        <div className={styles.mapTooltip} style={at(tooltip.pixel)} data-testid="footprint-tooltip">
          {tooltip.sceneId}
        </div>
      )}
      {overlap && (
        <MapBox
          pixel={overlap.pixel}
          title={t('overlap.title', { count: overlapScenes.length })}
          onClose={() => setOverlap(null)}
          testId="overlap-box"
        >
          <ul className={styles.overlapList}>
            {overlapScenes.map((scene) => {
              const shown = onViewSet.has(scene.sceneId);
              return (
                <li key={scene.sceneId} className={styles.overlapItem}>
                  <Checkbox
                    checked={picked.includes(scene.sceneId)}
                    disabled={!picked.includes(scene.sceneId) && picked.length >= compareMax}
                    onChange={(e) =>
                      setPicked((p) =>
                        e.target.checked ? [...p, scene.sceneId] : p.filter((id) => id !== scene.sceneId),
                      )
                    }
                    aria-label={t('overlap.pick')}
                  />
                  <span className={styles.overlapText}>
                    <span className={styles.sceneId}>{scene.sceneId}</span>
                    <span className={styles.muted}>
                      {scene.satName} · {formatDateTime(scene.time, timeZone)}
                    </span>
                  </span>
                  <Button
                    type="text"
                    size="small"
                    icon={shown ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                    aria-pressed={shown}
                    aria-label={t(shown ? 'results.hideScene' : 'results.showScene')}
                    onClick={() => {
                      setOnView([scene.sceneId], !shown);
                      setHighlight(shown ? null : scene.sceneId);
                    }}
                  />
                </li>
              );
            })}
          </ul>
          <Button
            type="primary"
            size="small"
            block
            disabled={!canCompare(picked.length)}
            onClick={startCompare}
            data-testid="overlap-compare"
          >
            {t('overlap.compare', { count: picked.length })}
          </Button>
          <p className={styles.muted}>{t('overlap.compareHint', { min: 2, max: compareMax })}</p>
        </MapBox>
      )}
      {removeMenu && (
        <MapBox
          pixel={removeMenu.pixel}
          title={t('overlap.removeTitle')}
          onClose={() => setRemoveMenu(null)}
          testId="remove-menu"
        >
          <ul className={styles.overlapList}>
            {removeMenu.sceneIds.map((id) => (
              <li key={id} className={styles.overlapItem}>
                <span className={`${styles.overlapText} ${styles.sceneId}`}>{id}</span>
                <Button
                  size="small"
                  onClick={() => {
                    setOnView([id], false);
                    const rest = removeMenu.sceneIds.filter((x) => x !== id);
                    setRemoveMenu(rest.length ? { ...removeMenu, sceneIds: rest } : null);
                  }}
                >
                  {t('overlap.remove')}
                </Button>
              </li>
            ))}
          </ul>
        </MapBox>
      )}
      {comparing && compare && (
        <div className={styles.compare} data-testid="compare-slider">
          <strong className={styles.compareTitle}>{t('overlap.compareTitle')}</strong>
          <Slider
            vertical
            reverse
            min={0}
            max={compareSliderMax(compared.length)}
            value={compare.value}
            onChange={(value: number) => setCompare({ ...compare, value })}
            marks={Object.fromEntries(
              compared.map((id, i) => [i * compareStep, (byId.get(id)?.time ?? '').slice(0, 10)]),
            )}
            tooltip={{ open: false }}
            className={styles.compareSlider}
          />
          <Button size="small" onClick={() => setCompare(null)} data-testid="compare-close">
            {t('overlap.closeCompare')}
          </Button>
        </div>
      )}
    </>
  );
}

/** A small box on the map at a clicked pixel, with its title and a close button. */
function MapBox(props: {
  pixel: [number, number];
  title: string;
  onClose(): void;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.overlapBox} style={at(props.pixel)} data-testid={props.testId}>
      <header className={styles.overlapHeader}>
        <strong>{props.title}</strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('common.close')}
          onClick={props.onClose}
        />
      </header>
      {props.children}
    </div>
  );
}
