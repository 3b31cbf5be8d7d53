/**
 * The reference grids that the operators' scene names carry: the MGRS 100 km
 * tiles of Sentinel-2, Landsat's Worldwide Reference System 2 (path/row), and
 * Sentinel-2's relative orbits.
 */

const DEG = Math.PI / 180;

/** UTM zone of a point, with the Norway (32V) and Svalbard (31X–37X) exceptions of the MGRS. */
export function utmZone(lat: number, lon: number): number {
  const l = lon >= 180 ? lon - 360 : lon;
  let zone = Math.floor((l + 180) / 6) + 1;
  if (zone > 60) zone = 60;
  if (lat >= 56 && lat < 64 && l >= 3 && l < 12) zone = 32;
  if (lat >= 72 && lat < 84) {
    if (l >= 0 && l < 9) zone = 31;
    else if (l >= 9 && l < 21) zone = 33;
    else if (l >= 21 && l < 33) zone = 35;
    else if (l >= 33 && l < 42) zone = 37;
  }
  return zone;
}

/** MGRS latitude band letter (C–X without I and O; X spans 72–84°). */
export function latitudeBand(lat: number): string {
  const letters = 'CDEFGHJKLMNPQRSTUVWXX';
  const i = Math.floor((Math.max(-80, Math.min(83.999, lat)) + 80) / 8);
  return letters[i]!;
}

/**
 * Transverse Mercator on WGS-84 (UTM: k0 = 0.9996, false easting 500 km,
 * false northing 10 000 km in the south), Snyder's series (USGS PP 1395,
 * eq. 8-9 to 8-11): millimetres within a zone.
 */
export function toUtm(
  lat: number,
  lon: number,
  zone = utmZone(lat, lon),
): { easting: number; northing: number } {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const ep2 = e2 / (1 - e2);
  const k0 = 0.9996;
  const phi = lat * DEG;
  const lambda0 = (zone * 6 - 183) * DEG;
  let dl = lon * DEG - lambda0;
  if (dl > Math.PI) dl -= 2 * Math.PI;
  if (dl < -Math.PI) dl += 2 * Math.PI;
  const s = Math.sin(phi);
  const c = Math.cos(phi);
  const t = Math.tan(phi);
  const N = a / Math.sqrt(1 - e2 * s * s);
  const T = t * t;
  const C = ep2 * c * c;
  const A = c * dl;
  const e4 = e2 * e2;
  const e6 = e4 * e2;
  const M =
    a *
    ((1 - e2 / 4 - (3 * e4) / 64 - (5 * e6) / 256) * phi -
      ((3 * e2) / 8 + (3 * e4) / 32 + (45 * e6) / 1024) * Math.sin(2 * phi) +
      ((15 * e4) / 256 + (45 * e6) / 1024) * Math.sin(4 * phi) -
      ((35 * e6) / 3072) * Math.sin(6 * phi));
  const easting =
    500000 +
    k0 * N * (A + ((1 - T + C) * A ** 3) / 6 + ((5 - 18 * T + T * T + 72 * C - 58 * ep2) * A ** 5) / 120);
  let northing =
    k0 *
    (M +
      N *
        t *
        ((A * A) / 2 +
          ((5 - T + 9 * C + 4 * C * C) * A ** 4) / 24 +
          ((61 - 58 * T + T * T + 600 * C - 330 * ep2) * A ** 6) / 720));
  if (lat < 0) northing += 10_000_000;
  return { easting, northing };
}

/** The two letters of the MGRS 100 km square (the "AA" lettering of WGS-84) of UTM coordinates. */
export function mgrsSquareLetters(zone: number, easting: number, northing: number): string {
  const columnSets = ['STUVWXYZ', 'ABCDEFGH', 'JKLMNPQR'];
  const columns = columnSets[zone % 3]!;
  const rows = 'ABCDEFGHJKLMNPQRSTUV';
  const col = Math.floor(easting / 100_000);
  const column = columns[Math.min(7, Math.max(0, col - 1))]!;
  const rowIndex = (Math.floor(northing / 100_000) + (zone % 2 === 0 ? 5 : 0)) % 20;
  return column + rows[rowIndex]!;
}

/** The MGRS 100 km tile (as Sentinel-2 names its granules, e.g. 31UDQ) holding a point. */
export function mgrsTile(lat: number, lon: number): string {
  const zone = utmZone(lat, lon);
  const { easting, northing } = toUtm(lat, lon, zone);
  return `${String(zone).padStart(2, '0')}${latitudeBand(lat)}${mgrsSquareLetters(zone, easting, northing)}`;
}

/** WRS-2: 233 paths, numbered westward, path 1 crossing the equator descending at 64.60° W. */
export const WRS2_PATHS = 233;
export const WRS2_ROWS = 248;
const WRS2_PATH1_NODE_LON = -64.6;

/**
 * WRS-2 path and row from the longitude of the descending node of the
 * revolution and the argument of latitude of the scene centre. Rows are
 * 360°/248 of orbit apart, row 60 at the descending node (the equator by day).
 */
export function wrs2PathRow(
  descendingNodeLon: number,
  argumentOfLatitudeDeg: number,
): { path: number; row: number } {
  const spacing = 360 / WRS2_PATHS;
  const steps = Math.round((WRS2_PATH1_NODE_LON - descendingNodeLon) / spacing);
  const path = (((steps % WRS2_PATHS) + WRS2_PATHS) % WRS2_PATHS) + 1;
  const rowSteps = Math.round((argumentOfLatitudeDeg - 180) / (360 / WRS2_ROWS));
  const row = (((59 + rowSteps) % WRS2_ROWS) + WRS2_ROWS) % WRS2_ROWS;
  return { path, row: row + 1 };
}

/**
 * Sentinel-2 relative orbit (1–143) from the absolute orbit, ESA's offsets:
 * checked against the absolute orbits and relative orbits of real items
 * (S2A: +2, S2B: −27). Sentinel-2C took over Sentinel-2A's orbital position in
 * 2025: its offset here is Sentinel-2A's (est.).
 */
export function sentinel2RelativeOrbit(unit: string, absoluteOrbit: number): number {
  const offset = unit === 'B' ? -27 : 2;
  return ((((absoluteOrbit + offset) % 143) + 143) % 143) + 1;
}
