import { useEffect, useRef, useState } from 'react';
import { naturalEarthUrl } from '../../map/assets';
import { MapController } from '../../map/MapController';
import type { LatLon } from '../../map/types';
import { runtimeConfig } from '../../shared/config';
import { formatLatLonData } from '../../shared/format/coordinates';
import { browserTimeZone } from '../../shared/format/dates';
import styles from './workspace.module.css';

const asData = (point: LatLon | null | undefined) =>
  point ? formatLatLonData(point.lat, point.lon) : undefined;

/**
 * The map element and its controller: created when the element mounts, disposed when it unmounts.
 * Loaded lazily, so OpenLayers arrives in its own chunk. The element shows the view's centre and
 * the coordinate-search marker, the active drawing tool, the current AOI (JSON), whether the
 * drawn polygon is in modify mode, the quicklooks shown with their opacities (JSON) and the last
 * fit that ended (JSON: where the fitted extent lies on the map) in `data-` attributes, which the
 * end-to-end tests read.
 */
export default function MapCanvas({ onReady }: { onReady: (controller: MapController | null) => void }) {
  const element = useRef<HTMLDivElement>(null);
  const [center, setCenter] = useState<string>();
  const [searchedPoint, setSearchedPoint] = useState<string>();
  const [tool, setTool] = useState<string>();
  const [currentAoi, setCurrentAoi] = useState<string>();
  const [aoiModifiable, setAoiModifiable] = useState(false);
  const [quicklooks, setQuicklooks] = useState<string>();
  const [lastFit, setLastFit] = useState<string>();

  useEffect(() => {
    if (!element.current) return;
    const controller = new MapController(element.current, {
      tiandituKey: runtimeConfig().tiandituKey,
      naturalEarthUrl,
      timeZone: browserTimeZone(),
    });
    const state = controller.getState();
    setCenter(asData(state.view.center));
    setSearchedPoint(asData(state.searchedPoint));
    const stops = [
      controller.on('viewChanged', (view) => setCenter(asData(view.center))),
      controller.on('searchedPointChanged', (point) => setSearchedPoint(asData(point))),
      controller.on('toolChanged', (active) => setTool(active ?? undefined)),
      controller.on('currentAoiChanged', (aoi) => setCurrentAoi(aoi ? JSON.stringify(aoi) : undefined)),
      controller.on('aoiModifiableChanged', setAoiModifiable),
      controller.on('quicklooksChanged', (shown) => setQuicklooks(JSON.stringify(shown))),
      controller.on('viewFitted', (fit) => setLastFit(JSON.stringify(fit))),
    ];
    onReady(controller);
    return () => {
      for (const stop of stops) stop();
      onReady(null);
      controller.dispose();
    };
  }, [onReady]);

  return (
    <div
      ref={element}
      className={styles.map}
      data-testid="map"
      data-center={center}
      data-searched-point={searchedPoint}
      data-tool={tool}
      data-current-aoi={currentAoi}
      data-aoi-modifiable={aoiModifiable}
      data-quicklooks={quicklooks}
      data-last-fit={lastFit}
    />
  );
}
