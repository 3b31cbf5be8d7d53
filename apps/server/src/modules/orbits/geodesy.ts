/**
 * WGS-84 geodesy for orbit work: Earth-fixed (ECEF) ⇄ geodetic conversion, the
 * ground point seen from a satellite at a given look angle (ray–ellipsoid
 * intersection), and the look angles of a ground point. Plain numbers, no
 * allocation beyond the returned objects: the simulator calls these millions of
 * times. Lengths in km, angles in degrees unless a name says radians.
 */

export const WGS84_A = 6378.137;
export const WGS84_F = 1 / 298.257223563;
export const WGS84_B = WGS84_A * (1 - WGS84_F);
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);
/** Mean Earth radius (IUGG R1), for spherical estimates. */
export const EARTH_MEAN_RADIUS_KM = 6371.0088;

export const DEG = Math.PI / 180;

export interface Vec3 {
  x: number;
  y: number;
  z: number;
}

export interface Geodetic {
  /** Degrees, −90…90. */
  lat: number;
  /** Degrees, −180…180. */
  lon: number;
  /** Height above the ellipsoid, km. */
  heightKm: number;
}

/** Wraps a longitude into [−180, 180). */
export function wrapLongitude(lon: number): number {
  const w = (((lon + 180) % 360) + 360) % 360;
  return w - 180;
}

export function geodeticToEcef(lat: number, lon: number, heightKm = 0): Vec3 {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  const s = Math.sin(phi);
  const c = Math.cos(phi);
  const n = WGS84_A / Math.sqrt(1 - WGS84_E2 * s * s);
  return {
    x: (n + heightKm) * c * Math.cos(lambda),
    y: (n + heightKm) * c * Math.sin(lambda),
    z: (n * (1 - WGS84_E2) + heightKm) * s,
  };
}

/**
 * ECEF → geodetic latitude, longitude and height on WGS-84. Bowring's
 * parametric start and two refinements: sub-millimetre from the ground to
 * geostationary heights.
 */
export function ecefToGeodetic(x: number, y: number, z: number): Geodetic {
  const p = Math.sqrt(x * x + y * y);
  const lon = Math.atan2(y, x) / DEG;
  if (p < 1e-9) {
    return { lat: z >= 0 ? 90 : -90, lon: 0, heightKm: Math.abs(z) - WGS84_B };
  }
  const ep2 = WGS84_E2 / (1 - WGS84_E2);
  // Bowring's formula gives micrometres at orbital heights after one step; one more for safety.
  let beta = Math.atan2(z * WGS84_A, p * WGS84_B);
  let phi = 0;
  for (let i = 0; i < 2; i++) {
    const sb = Math.sin(beta);
    const cb = Math.cos(beta);
    phi = Math.atan2(z + ep2 * WGS84_B * sb * sb * sb, p - WGS84_E2 * WGS84_A * cb * cb * cb);
    beta = Math.atan2((1 - WGS84_F) * Math.sin(phi), Math.cos(phi));
  }
  const s = Math.sin(phi);
  const n = WGS84_A / Math.sqrt(1 - WGS84_E2 * s * s);
  const c = Math.cos(phi);
  const heightKm = Math.abs(c) > 1e-10 ? p / c - n : Math.abs(z) / Math.abs(s) - n * (1 - WGS84_E2);
  return { lat: phi / DEG, lon, heightKm };
}

/** Unit vector of the ellipsoid normal (local "up") at a geodetic latitude and longitude. */
export function upVector(lat: number, lon: number): Vec3 {
  const phi = lat * DEG;
  const lambda = lon * DEG;
  const c = Math.cos(phi);
  return { x: c * Math.cos(lambda), y: c * Math.sin(lambda), z: Math.sin(phi) };
}

/**
 * The orthonormal look frame of a satellite: `nadir` points down the ellipsoid
 * normal through the sub-satellite point (geodetic nadir, the reference of the
 * operators' off-nadir angles), `along` is the ground-track direction (the
 * Earth-fixed velocity with its vertical part removed), `right` = nadir × along,
 * to the right of the track when looking forward.
 */
export interface LookFrame {
  position: Vec3;
  nadir: Vec3;
  along: Vec3;
  right: Vec3;
  /** Geodetic sub-satellite point and the satellite's height above it. */
  subPoint: Geodetic;
}

export function lookFrame(position: Vec3, velocityEcef: Vec3, subPoint?: Geodetic): LookFrame {
  const sp = subPoint ?? ecefToGeodetic(position.x, position.y, position.z);
  const up = upVector(sp.lat, sp.lon);
  const nadir = { x: -up.x, y: -up.y, z: -up.z };
  const vn = velocityEcef.x * nadir.x + velocityEcef.y * nadir.y + velocityEcef.z * nadir.z;
  let ax = velocityEcef.x - vn * nadir.x;
  let ay = velocityEcef.y - vn * nadir.y;
  let az = velocityEcef.z - vn * nadir.z;
  const an = Math.hypot(ax, ay, az);
  ax /= an;
  ay /= an;
  az /= an;
  const right = {
    x: nadir.y * az - nadir.z * ay,
    y: nadir.z * ax - nadir.x * az,
    z: nadir.x * ay - nadir.y * ax,
  };
  return { position, nadir, along: { x: ax, y: ay, z: az }, right, subPoint: sp };
}

export interface GroundIntersection extends Geodetic {
  /** Satellite-to-ground distance, km. */
  slantRangeKm: number;
  /** Angle between the line of sight and the local vertical at the ground point, degrees. */
  incidenceDeg: number;
  /** ECEF of the ground point. */
  ecef: Vec3;
}

/**
 * Where a line of sight from `origin` along `dir` (need not be unit) meets the
 * WGS-84 ellipsoid, or null when it misses (beyond the horizon).
 */
export function intersectEllipsoid(origin: Vec3, dir: Vec3): GroundIntersection | null {
  const dn = Math.hypot(dir.x, dir.y, dir.z);
  const dx = dir.x / dn;
  const dy = dir.y / dn;
  const dz = dir.z / dn;
  // Scale z so that the ellipsoid becomes a sphere of radius a.
  const k = WGS84_A / WGS84_B;
  const oz = origin.z * k;
  const dzs = dz * k;
  const A = dx * dx + dy * dy + dzs * dzs;
  const B = 2 * (origin.x * dx + origin.y * dy + oz * dzs);
  const C = origin.x * origin.x + origin.y * origin.y + oz * oz - WGS84_A * WGS84_A;
  const disc = B * B - 4 * A * C;
  if (disc < 0) return null;
  const s = (-B - Math.sqrt(disc)) / (2 * A);
  if (s <= 0) return null;
  const gx = origin.x + s * dx;
  const gy = origin.y + s * dy;
  const gz = origin.z + s * dz;
  const g = ecefToGeodetic(gx, gy, gz);
  const up = upVector(g.lat, g.lon);
  const cosInc = -(dx * up.x + dy * up.y + dz * up.z);
  return {
    lat: g.lat,
    lon: g.lon,
    heightKm: 0,
    slantRangeKm: s,
    incidenceDeg: Math.acos(Math.min(1, Math.max(-1, cosInc))) / DEG,
    ecef: { x: gx, y: gy, z: gz },
  };
}

/**
 * The ground point seen at a cross-track off-nadir angle: positive to the right
 * of the ground track, negative to the left, 0 the sub-satellite point;
 * `alongTrackDeg` optionally tilts the line of sight forward (+) or back (−).
 * Null when the line of sight misses the Earth.
 */
export function groundPointAtLook(
  frame: LookFrame,
  crossTrackDeg: number,
  alongTrackDeg = 0,
): GroundIntersection | null {
  // Angles are the roll and pitch of the line of sight (tangents combine as on a plane
  // perpendicular to nadir), so ±θ cross-track is θ off nadir when there is no pitch.
  const tr = Math.tan(crossTrackDeg * DEG);
  const ta = Math.tan(alongTrackDeg * DEG);
  const { nadir: n, right: r, along: a } = frame;
  const dir = {
    x: n.x + tr * r.x + ta * a.x,
    y: n.y + tr * r.y + ta * a.y,
    z: n.z + tr * r.z + ta * a.z,
  };
  return intersectEllipsoid(frame.position, dir);
}

export interface LookAngles {
  /** Angle between nadir and the line of sight, degrees. */
  offNadirDeg: number;
  /** Roll: positive right of the track, degrees. */
  crossTrackDeg: number;
  /** Pitch: positive forward, degrees. */
  alongTrackDeg: number;
  slantRangeKm: number;
  /** Angle of the line of sight from the local vertical at the target, degrees. */
  incidenceDeg: number;
  /** Elevation of the satellite above the target's horizon, degrees. */
  elevationDeg: number;
}

/** The look angles from a satellite (its look frame) to a ground point. */
export function lookAnglesTo(frame: LookFrame, lat: number, lon: number, heightKm = 0): LookAngles {
  const g = geodeticToEcef(lat, lon, heightKm);
  const p = frame.position;
  const dx = g.x - p.x;
  const dy = g.y - p.y;
  const dz = g.z - p.z;
  const range = Math.hypot(dx, dy, dz);
  const dn = (dx * frame.nadir.x + dy * frame.nadir.y + dz * frame.nadir.z) / range;
  const dr = (dx * frame.right.x + dy * frame.right.y + dz * frame.right.z) / range;
  const da = (dx * frame.along.x + dy * frame.along.y + dz * frame.along.z) / range;
  const up = upVector(lat, lon);
  const cosInc = -(dx * up.x + dy * up.y + dz * up.z) / range;
  const incidenceDeg = Math.acos(Math.min(1, Math.max(-1, cosInc))) / DEG;
  return {
    offNadirDeg: Math.acos(Math.min(1, Math.max(-1, dn))) / DEG,
    crossTrackDeg: Math.atan2(dr, dn) / DEG,
    alongTrackDeg: Math.atan2(da, dn) / DEG,
    slantRangeKm: range,
    incidenceDeg,
    elevationDeg: 90 - incidenceDeg,
  };
}

/** Great-circle distance on the mean sphere, km (0.5 % from the ellipsoid's; fine for tolerances of km). */
export function greatCircleKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const dp = p2 - p1;
  const dl = (lon2 - lon1) * DEG;
  const h = Math.sin(dp / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(dl / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Off-nadir angle at which a satellite at `altitudeKm` sees a ground point
 * `groundKm` away from its sub-satellite point, on the mean sphere.
 */
export function offNadirForGroundDistance(altitudeKm: number, groundKm: number): number {
  const R = EARTH_MEAN_RADIUS_KM;
  const g = groundKm / R;
  return Math.atan2(R * Math.sin(g), R + altitudeKm - R * Math.cos(g)) / DEG;
}

/**
 * Ground distance from the sub-satellite point of the point seen at an off-nadir
 * angle, on the mean sphere; NaN beyond the horizon.
 */
export function groundDistanceForOffNadir(altitudeKm: number, offNadirDeg: number): number {
  const R = EARTH_MEAN_RADIUS_KM;
  const theta = Math.abs(offNadirDeg) * DEG;
  const sinGamma = ((R + altitudeKm) / R) * Math.sin(theta);
  if (sinGamma > 1) return Number.NaN;
  const earthCentral = Math.asin(sinGamma) - theta;
  return R * earthCentral;
}
