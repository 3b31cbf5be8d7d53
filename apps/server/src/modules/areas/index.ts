/** AOI preparation: what archive search, tasking, the STAC API and ordering share. */
export {
  AreasRepository,
  floatingOverlay,
  type Overlay,
  overlayFor,
  type PreparedAoi,
  type PreparedAois,
  snappedOverlay,
} from './areas.repository';
export { checkAois, percent, prepareArea, utcDay } from './areas.service';
