/** My data (issue 15): the caller's delivered scenes and batches; the tile services look scenes up here. */
export {
  type DeliveredScene,
  DeliveredScenesRepository,
  formatTypeOf,
} from './delivered-scenes.repository';
