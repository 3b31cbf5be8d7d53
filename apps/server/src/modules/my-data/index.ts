/** My data (issue 15): the caller's delivered scenes and batches; the tile services look scenes up here. */
export {
  type DeliveredScene,
  DeliveredScenesRepository,
  deliveredScenesSql,
  formatTypeOf,
} from './delivered-scenes.repository';
export { MyDataRepository } from './my-data.repository';
export { myDataRoutes } from './my-data.routes';
export { MyDataService } from './my-data.service';
