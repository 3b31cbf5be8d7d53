/**
 * The few map projections the quicklook renderer needs, written out rather than pulled in
 * through proj4: Web Mercator (EPSG:3857, the map's), plate carrée (EPSG:4326, the NASA
 * image's and WMS's alternative) and Transverse Mercator on WGS 84 for UTM zones
 * (EPSG:326zz / 327zz, Landsat's and Sentinel-2's).
 *
 * Transverse Mercator uses Krüger's series in the third flattening n to sixth order, with
 * the conformal latitude computed exactly (Karney 2011, "Transverse Mercator with an accuracy
 * of a few nanometers", eqs. 7–9, 19–21, 35–36): accurate to nanometres within 3900 km of the
 * central meridian, far more than any raster here needs.
 */

const DEG = Math.PI / 180;

/** WGS 84 semi-major axis, metres; also the radius of the Web Mercator sphere. */
export const EARTH_RADIUS = 6378137;
const WGS84_F = 1 / 298.257223563;

/** Half the width of the Web Mercator world, metres (x spans ±this, as y does at ±85.0511°). */
export const MERCATOR_HALF_WORLD = Math.PI * EARTH_RADIUS;
/** The latitude where Web Mercator's y reaches ±MERCATOR_HALF_WORLD (the square world). */
export const MERCATOR_MAX_LAT = (Math.atan(Math.sinh(Math.PI)) * 180) / Math.PI;

export const mercatorX = (lonDeg: number): number => EARTH_RADIUS * lonDeg * DEG;

export function mercatorY(latDeg: number): number {
  const lat = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, latDeg));
  return EARTH_RADIUS * Math.atanh(Math.sin(lat * DEG));
}

export const mercatorLon = (x: number): number => x / EARTH_RADIUS / DEG;
export const mercatorLat = (y: number): number => Math.atan(Math.sinh(y / EARTH_RADIUS)) / DEG;

/** A Transverse Mercator projection on WGS 84. */
export interface TransverseMercator {
  /** longitude of the central meridian, degrees */
  lon0: number;
  /** scale on the central meridian */
  k0: number;
  falseEasting: number;
  falseNorthing: number;
}

const n = WGS84_F / (2 - WGS84_F);
const n2 = n * n;
const n3 = n2 * n;
const n4 = n3 * n;
const n5 = n4 * n;
const n6 = n5 * n;
const rectifyingRadius = (EARTH_RADIUS / (1 + n)) * (1 + n2 / 4 + n4 / 64 + n6 / 256);
// Karney (2011) eq. 35: conformal → rectifying; eq. 36: rectifying → conformal.
const alpha = [
  n / 2 - (2 * n2) / 3 + (5 * n3) / 16 + (41 * n4) / 180 - (127 * n5) / 288 + (7891 * n6) / 37800,
  (13 * n2) / 48 - (3 * n3) / 5 + (557 * n4) / 1440 + (281 * n5) / 630 - (1983433 * n6) / 1935360,
  (61 * n3) / 240 - (103 * n4) / 140 + (15061 * n5) / 26880 + (167603 * n6) / 181440,
  (49561 * n4) / 161280 - (179 * n5) / 168 + (6601661 * n6) / 7257600,
  (34729 * n5) / 80640 - (3418889 * n6) / 1995840,
  (212378941 * n6) / 319334400,
];
const beta = [
  n / 2 - (2 * n2) / 3 + (37 * n3) / 96 - n4 / 360 - (81 * n5) / 512 + (96199 * n6) / 604800,
  n2 / 48 + n3 / 15 - (437 * n4) / 1440 + (46 * n5) / 105 - (1118711 * n6) / 3870720,
  (17 * n3) / 480 - (37 * n4) / 840 - (209 * n5) / 4480 + (5569 * n6) / 90720,
  (4397 * n4) / 161280 - (11 * n5) / 504 - (830251 * n6) / 7257600,
  (4583 * n5) / 161280 - (108847 * n6) / 3991680,
  (20648693 * n6) / 638668800,
];
const e2 = WGS84_F * (2 - WGS84_F);
const e = Math.sqrt(e2);

/** tan χ (conformal latitude) of tan φ (Karney eq. 7–9). */
function conformalTan(tau: number): number {
  const sigma = Math.sinh(e * Math.atanh((e * tau) / Math.hypot(1, tau)));
  return tau * Math.hypot(1, sigma) - sigma * Math.hypot(1, tau);
}

/** tan φ of tan χ, by Newton's method (Karney eq. 19–21); converges in 2–3 steps. */
function geodeticTan(tauP: number): number {
  let tau = tauP / (1 - e2);
  for (let i = 0; i < 5; i++) {
    const tauIP = conformalTan(tau);
    const dTau =
      ((tauP - tauIP) / Math.hypot(1, tauIP)) *
      ((1 + (1 - e2) * tau * tau) / ((1 - e2) * Math.hypot(1, tau)));
    tau += dTau;
    if (Math.abs(dTau) < 1e-15 * Math.max(1, Math.abs(tau))) break;
  }
  return tau;
}

/** lon/lat (degrees) → easting/northing (metres). */
export function tmForward(tm: TransverseMercator, lonDeg: number, latDeg: number): [number, number] {
  // Longitudes of another world copy (beyond ±180°) land on the same meridian.
  const dLon = ((((lonDeg - tm.lon0 + 180) % 360) + 360) % 360) - 180;
  const lam = dLon * DEG;
  const tauP = conformalTan(Math.tan(Math.max(-90, Math.min(90, latDeg)) * DEG));
  const xiP = Math.atan2(tauP, Math.cos(lam));
  const etaP = Math.asinh(Math.sin(lam) / Math.hypot(tauP, Math.cos(lam)));
  let xi = xiP;
  let eta = etaP;
  for (let j = 1; j <= 6; j++) {
    const a = alpha[j - 1]!;
    xi += a * Math.sin(2 * j * xiP) * Math.cosh(2 * j * etaP);
    eta += a * Math.cos(2 * j * xiP) * Math.sinh(2 * j * etaP);
  }
  const k = tm.k0 * rectifyingRadius;
  return [tm.falseEasting + k * eta, tm.falseNorthing + k * xi];
}

/** easting/northing (metres) → lon/lat (degrees). */
export function tmInverse(tm: TransverseMercator, easting: number, northing: number): [number, number] {
  const k = tm.k0 * rectifyingRadius;
  const xi = (northing - tm.falseNorthing) / k;
  const eta = (easting - tm.falseEasting) / k;
  let xiP = xi;
  let etaP = eta;
  for (let j = 1; j <= 6; j++) {
    const b = beta[j - 1]!;
    xiP -= b * Math.sin(2 * j * xi) * Math.cosh(2 * j * eta);
    etaP -= b * Math.cos(2 * j * xi) * Math.sinh(2 * j * eta);
  }
  const sinhEta = Math.sinh(etaP);
  const cosXi = Math.cos(xiP);
  const tauP = Math.sin(xiP) / Math.hypot(sinhEta, cosXi);
  const lat = Math.atan(geodeticTan(tauP)) / DEG;
  const lon = tm.lon0 + Math.atan2(sinhEta, cosXi) / DEG;
  return [lon, lat];
}

/** The Transverse Mercator of a UTM zone (1–60), north or south. */
export function utmZone(zone: number, south: boolean): TransverseMercator {
  if (!Number.isInteger(zone) || zone < 1 || zone > 60) throw new RangeError(`UTM zone ${zone} is not 1–60`);
  return { lon0: zone * 6 - 183, k0: 0.9996, falseEasting: 500_000, falseNorthing: south ? 10_000_000 : 0 };
}

/** A coordinate reference system a source raster may be in. */
export type SourceCrs =
  | { kind: 'geographic' } // EPSG:4326, x = longitude, y = latitude
  | { kind: 'mercator' } // EPSG:3857
  | { kind: 'tm'; tm: TransverseMercator; epsg: number };

/** The CRS of an EPSG code, or null when the renderer does not know it. */
export function sourceCrsOfEpsg(epsg: number): SourceCrs | null {
  if (epsg === 4326) return { kind: 'geographic' };
  if (epsg === 3857 || epsg === 900913) return { kind: 'mercator' };
  if (epsg > 32600 && epsg <= 32660) return { kind: 'tm', tm: utmZone(epsg - 32600, false), epsg };
  if (epsg > 32700 && epsg <= 32760) return { kind: 'tm', tm: utmZone(epsg - 32700, true), epsg };
  return null;
}

/** lon/lat (degrees) → the CRS's x/y. */
export function toSourceCrs(crs: SourceCrs, lon: number, lat: number): [number, number] {
  switch (crs.kind) {
    case 'geographic':
      return [lon, lat];
    case 'mercator':
      return [mercatorX(lon), mercatorY(lat)];
    case 'tm':
      return tmForward(crs.tm, lon, lat);
  }
}

/** The CRS's x/y → lon/lat (degrees). */
export function fromSourceCrs(crs: SourceCrs, x: number, y: number): [number, number] {
  switch (crs.kind) {
    case 'geographic':
      return [x, y];
    case 'mercator':
      return [mercatorLon(x), mercatorLat(y)];
    case 'tm':
      return tmInverse(crs.tm, x, y);
  }
}
