import { useMapController } from '../workspace/mapControllerContext';
import { AreaTip, MeasureTip, ToolHint } from './MapTips';
import { PoiPopup } from './PoiPopup';
import { SaveAoiBar } from './SaveAoiBar';

/** What the drawing tools show over the map: the tool hint, area and measure tips, save-AOI bar, POI popup. */
export default function DrawingLayer() {
  const controller = useMapController();
  return (
    <>
      <ToolHint controller={controller} />
      <AreaTip controller={controller} />
      <MeasureTip controller={controller} />
      <SaveAoiBar controller={controller} />
      <PoiPopup controller={controller} />
    </>
  );
}
