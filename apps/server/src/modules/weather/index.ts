/** The simulated world's weather: cloud climatology and the deterministic sky (simulator and tasking share it). */
export {
  CLOUD_CONCENTRATION,
  cloudCoverAt,
  dayOfYear,
  drawCloudCover,
  meanCloudFraction,
} from './clouds';
export { hashInts, Random } from './random';
