import { useEffect, useState } from 'react';
import type { MapController } from '../MapController';
import type { AnchorTarget } from '../types';

/**
 * An element the map keeps beside a drawn shape (render into it with a portal). It is made here,
 * not by React's tree, because the map moves it into its own overlay layer.
 */
export function useAnchor(controller: MapController | null, target: AnchorTarget): HTMLElement {
  const [element] = useState(() => document.createElement('div'));
  useEffect(() => controller?.anchor(element, target), [controller, element, target]);
  return element;
}
