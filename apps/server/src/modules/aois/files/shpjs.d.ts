/** The parts of shpjs 6 used here (the package ships no types). */
declare module 'shpjs' {
  type Buffer = ArrayBuffer | Uint8Array | DataView;
  /** Geometries of a .shp, reprojected to WGS 84 longitude/latitude when `prj` is given. */
  export function parseShp(shp: Buffer, prj?: string | false): (Record<string, unknown> | null)[];
  /** Rows of a .dbf, decoded with the code page of a .cpg. */
  export function parseDbf(dbf: Buffer, cpg?: string): Record<string, unknown>[];
}
