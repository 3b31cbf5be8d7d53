import { useEffect, useRef } from 'react';
import { naturalEarthUrl } from '../../map/assets';
import { MapController } from '../../map/MapController';
import { runtimeConfig } from '../../shared/config';
import { browserTimeZone } from '../../shared/format/dates';
import styles from './workspace.module.css';

/**
 * The map element and its controller: created when the element mounts, disposed when it unmounts.
 * Loaded lazily, so OpenLayers arrives in its own chunk.
 */
export default function MapCanvas({ onReady }: { onReady: (controller: MapController | null) => void }) {
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!element.current) return;
    const controller = new MapController(element.current, {
      tiandituKey: runtimeConfig().tiandituKey,
      naturalEarthUrl,
      timeZone: browserTimeZone(),
    });
    onReady(controller);
    return () => {
      onReady(null);
      controller.dispose();
    };
  }, [onReady]);

  return <div ref={element} className={styles.map} data-testid="map" />;
}
