import type Collection from 'ol/Collection';
import { type DefaultsOptions, defaults } from 'ol/interaction/defaults';
import type Interaction from 'ol/interaction/Interaction';

/**
 * Pan and zoom only (spec 000 §2): no rotation, and no double-click zoom, because a double click
 * finishes a drawn polygon.
 */
export const navigationOptions: DefaultsOptions = {
  altShiftDragRotate: false,
  pinchRotate: false,
  doubleClickZoom: false,
};

export function createNavigationInteractions(): Collection<Interaction> {
  return defaults(navigationOptions);
}
