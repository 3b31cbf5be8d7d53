import { lazy } from 'react';
import { withLaterMessages } from '../../i18n';
import { useMapController } from '../../map/react/mapControllerContext';
import { useMapEvent } from '../../map/react/useMapEvents';
import { LoadWhen } from '../../shared/ui/LoadWhen';
import { AreaTip, MeasureTip, ToolHint } from './MapTips';
import { PoiPopup } from './PoiPopup';

// Its code (the folder tree select) loads when the first polygon is drawn.
const SaveAoiBar = lazy(() =>
  withLaterMessages(() => import('./SaveAoiBar'))().then((m) => ({ default: m.SaveAoiBar })),
);

/** What the drawing tools show over the map: the tool hint, area and measure tips, save-AOI bar, POI popup. */
export default function DrawingLayer() {
  const controller = useMapController();
  const polygon = useMapEvent(controller, 'polygonDrawn', () => null);
  return (
    <>
      <ToolHint controller={controller} />
      <AreaTip controller={controller} />
      <MeasureTip controller={controller} />
      <LoadWhen when={polygon !== null}>
        <SaveAoiBar controller={controller} polygon={polygon} />
      </LoadWhen>
      <PoiPopup controller={controller} />
    </>
  );
}
