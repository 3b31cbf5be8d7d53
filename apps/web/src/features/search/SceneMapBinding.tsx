import type { ArchiveScene } from '@satportal/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMapController } from '../../map/react/mapControllerContext';
import { useTimeFormat } from '../auth/useTimeFormat';
import { CompareSlider } from './CompareSlider';
import {
  compareCurrent,
  compareMin,
  compareOpacities,
  compareRemaining,
  compareZoom,
  timeOrdered,
} from './compare';
import { OverlapBox } from './OverlapBox';
import styles from './overlap.module.css';
import { RemoveMenu } from './RemoveMenu';
import { hoverTooltipDelayS } from './ResultList';
import { useArchiveSearchStore } from './searchStore';

const quicklookUrl = '/tiles/quicklooks/wms';

type Hit = { sceneIds: string[]; pixel: [number, number] };
/** A left click's hit, with the map coordinate clicked (in every scene it lists). */
type OverlapHit = Hit & { at: [number, number] };
type Compare = { sceneIds: string[]; value: number };

/** Map pixels start right of the left menu. */
const at = (pixel: [number, number]) => ({ left: `calc(var(--menu-width) + ${pixel[0]}px)`, top: pixel[1] });

/**
 * The archive results on the map (spec 000 §2, §4): footprints of every loaded scene, the shown
 * quicklooks, one highlight, the hover outline and tooltip, the overlap box with compare mode
 * (2–10 scenes, a time-ordered vertical slider) and right click to remove a shown scene.
 */
export function SceneMapBinding() {
  const controller = useMapController();
  const { timeZone } = useTimeFormat();
  const { results, onView, highlight, hovered, setOnView, setHighlight, setHovered } =
    useArchiveSearchStore();
  const images = results?.images;
  const byId = useMemo(() => new Map((images ?? []).map((s) => [s.sceneId, s])), [images]);
  const onViewSet = useMemo(() => new Set(onView), [onView]);
  const [overlap, setOverlap] = useState<OverlapHit | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [compare, setCompare] = useState<Compare | null>(null);
  // The compared scenes are fitted once their slider is on screen: the fit keeps clear of it.
  const [compareAt, setCompareAt] = useState<[number, number] | null>(null);
  const [removeMenu, setRemoveMenu] = useState<Hit | null>(null);
  const [mapHover, setMapHover] = useState<{ sceneId: string; pixel: [number, number] } | null>(null);
  const [tooltip, setTooltip] = useState<{ sceneId: string; pixel: [number, number] } | null>(null);
  const scenesOf = useCallback(
    (ids: readonly string[]) => timeOrdered(ids.flatMap((id) => byId.get(id) ?? [])),
    [byId],
  );
  const closeBoxes = useCallback(() => {
    setOverlap(null);
    setRemoveMenu(null);
  }, []);

  useEffect(() => {
    controller?.showFootprints((images ?? []).map((s) => ({ sceneId: s.sceneId, rings: s.boundaries })));
    closeBoxes();
  }, [controller, images, closeBoxes]);

  // Compare holds only scenes still on the map; it closes by itself below 2 (spec 000 §4).
  const active = useMemo(() => {
    if (!compare) return null;
    const rest = compareRemaining(compare, (id) => byId.has(id) && onViewSet.has(id));
    return rest.sceneIds.length >= compareMin ? rest : null;
  }, [compare, byId, onViewSet]);
  useEffect(() => {
    if (compare && (!active || active.sceneIds.length < compare.sceneIds.length)) setCompare(active);
  }, [compare, active]);

  // The compared scenes lie above any other shown one, faded by the slider; the rest fully opaque.
  const [shown, opacities] = useMemo(() => {
    if (!active) return [onView.filter((id) => byId.has(id)), {}];
    const compared = new Set(active.sceneIds);
    const others = onView.filter((id) => byId.has(id) && !compared.has(id));
    return [[...others, ...active.sceneIds], compareOpacities(active.sceneIds, active.value)];
  }, [active, onView, byId]);
  useEffect(() => {
    controller?.showQuicklooks(shown, { url: quicklookUrl }, opacities);
  }, [controller, shown, opacities]);

  // While comparing, the current highlight is the scene the slider shows most.
  const currentCompared = active
    ? active.sceneIds[compareCurrent(active.sceneIds.length, active.value)]
    : null;
  useEffect(() => {
    if (currentCompared) setHighlight(currentCompared);
  }, [currentCompared, setHighlight]);

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
        setOverlap(null);
        if (hit.sceneIds.length === 1) {
          const [id] = hit.sceneIds as [string];
          setOnView([id], true);
          setHighlight(id);
        } else if (hit.sceneIds.length > 1) {
          setOverlap(hit);
          setPicked([]);
        }
      }),
      controller.on('quicklooksRightClicked', (hit) => {
        setOverlap(null);
        if (hit.sceneIds.length === 1) {
          setRemoveMenu(null);
          setOnView(hit.sceneIds, false);
        } else setRemoveMenu(hit);
      }),
      // The boxes belong to the pixel clicked: once the map moves they would point elsewhere.
      controller.on('viewChanged', closeBoxes),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [controller, setOnView, setHighlight, closeBoxes]);

  const toggleView = (scene: ArchiveScene) => {
    const isShown = onViewSet.has(scene.sceneId);
    setOnView([scene.sceneId], !isShown);
    if (!isShown) setHighlight(scene.sceneId);
  };

  const startCompare = () => {
    const ordered = scenesOf(picked).map((s) => s.sceneId);
    // Only the compared scenes stay on the map (the list shows it), the oldest seen first.
    setOnView(onView, false);
    setOnView(ordered, true);
    setCompare({ sceneIds: ordered, value: 0 });
    setOverlap(null);
    setHovered(null);
    if (overlap) setCompareAt(overlap.at);
  };
  useEffect(() => {
    if (!compareAt) return;
    controller?.zoomToComparePoint(compareAt, compareZoom);
    setCompareAt(null);
  }, [controller, compareAt]);

  const menuScenes = removeMenu ? scenesOf(removeMenu.sceneIds.filter((id) => onViewSet.has(id))) : [];
  useEffect(() => {
    if (removeMenu && menuScenes.length === 0) setRemoveMenu(null);
  }, [removeMenu, menuScenes.length]);

  return (
    <>
      {tooltip && !overlap && !removeMenu && (
        <div className={styles.mapTooltip} style={at(tooltip.pixel)} data-testid="footprint-tooltip">
          {tooltip.sceneId}
        </div>
      )}
      {overlap && (
        <OverlapBox
          pixel={overlap.pixel}
          scenes={scenesOf(overlap.sceneIds)}
          timeZone={timeZone}
          onView={onViewSet}
          picked={picked}
          onPick={(id, on) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)))}
          onToggleView={toggleView}
          onHover={setHovered}
          onCompare={startCompare}
          onClose={closeBoxes}
        />
      )}
      {removeMenu && menuScenes.length > 0 && (
        <RemoveMenu
          pixel={removeMenu.pixel}
          scenes={menuScenes}
          timeZone={timeZone}
          onRemove={(id) => {
            setOnView([id], false);
            setHovered(null);
          }}
          onHover={setHovered}
          onClose={closeBoxes}
        />
      )}
      {active && (
        <CompareSlider
          scenes={scenesOf(active.sceneIds)}
          value={active.value}
          timeZone={timeZone}
          onChange={(value) => setCompare({ ...active, value })}
          onClose={() => setCompare(null)}
        />
      )}
    </>
  );
}
