/**
 * What fulfilment hands the deliverables and what it gets back. Scenes are described as the
 * order stores them (`order_terms.scenes`, `OrderedScene` of orders/sizing): the deliverables
 * need nothing the order does not already hold.
 */

/** A GeoJSON MultiPolygon in longitude/latitude (WGS 84). */
export interface LonLatMultiPolygon {
  type: 'MultiPolygon';
  coordinates: number[][][][];
}

/** One ordered scene (structurally the stored `OrderedScene`; area and group are not needed). */
export interface DeliverableScene {
  sceneId: string;
  /** ISO 8601 acquisition time */
  time: string;
  satId: number;
  satName: string;
  satGroupName?: string;
  /** 1 optical, 2 night, 3 hyperspectral, 4 radar, 5 video */
  sensorType: number;
  /** nominal ground sample distance, metres */
  imageGsd: number;
  /** cloud cover, % */
  cc: number | null;
  /** off-nadir angle, degrees */
  ona: number | null;
  sza?: number | null;
  productQuality: 'A' | 'B';
  /** outer rings of the footprint's parts, [lon, lat] */
  boundaries: number[][][];
}

export interface PackageInput {
  orderNumber: string;
  termsId: number;
  /** processing level code: 10 L1, 11 L1C, 20 L3A, 21 L3C, 22 L3D */
  level: number;
  /** the order's AOI when clipping was chosen, else null (whole scenes) */
  clipAoi: LonLatMultiPolygon | null;
  scenes: DeliverableScene[];
  /** the only folder written to; the package ends up directly in it */
  workDir: string;
}

export interface PackageFile {
  name: string;
  bytes: number;
  /** hex */
  sha256: string;
}

export interface DeliverablePackage {
  /** absolute path of the zip, inside workDir */
  path: string;
  fileName: string;
  bytes: number;
  /** hex SHA-256 of the zip */
  sha256: string;
  /** the files inside the zip, by name */
  files: PackageFile[];
}

/**
 * A deliverable that cannot be made from its input (unknown level, a scene without footprint,
 * a clip AOI that misses the scene): retrying will not help, the job should fail the entry.
 */
export class DeliverableError extends Error {
  constructor(
    readonly reason:
      | 'unknownLevel'
      | 'noScenes'
      | 'badOrderNumber'
      | 'badFootprint'
      | 'clipMissesScene'
      | 'badAoi',
    message: string,
  ) {
    super(message);
    this.name = 'DeliverableError';
  }
}
