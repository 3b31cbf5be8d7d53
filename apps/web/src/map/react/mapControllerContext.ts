import { createContext, useContext } from 'react';
import type { MapController } from '../MapController';

/**
 * The workspace's map engine, null until the map chunk has loaded and the map element exists.
 * A type-only import: the shell stays free of OpenLayers.
 */
export const MapControllerContext = createContext<MapController | null>(null);

export const useMapController = () => useContext(MapControllerContext);
