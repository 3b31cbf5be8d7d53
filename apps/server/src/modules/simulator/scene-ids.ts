import { argumentOfLatitudeDeg, nodeOfRevolution, type Orbit, type OrbitState } from '../orbits/orbit';
import { hashInts } from '../weather';
import { mgrsTile, sentinel2RelativeOrbit, wrs2PathRow } from './grids';

/**
 * Scene ids in each operator's style, from the satellite, the instant, the
 * place and a serial number. Unique within a satellite: every style carries
 * either the serial (the index of the scene's slot, one scene per slot) or,
 * for systematic frames at least 16 s apart, the time to the second or the
 * frame's grid position; different satellites differ in their prefix. Stable:
 * the same scene always gets the same id.
 *
 * Formats (after the operators' published product names, simplified):
 *   SuperView-1   SV1-01_20250102_L1A000123456
 *   Pléiades Neo  DS_PNEO3_202501021032456_FR1_PX_E012N45_0101_23456
 *   Pléiades      DS_PHR1A_…, SPOT: DS_SPOT6_… (same pattern)
 *   Maxar         16 hex digits of the catalog id, prefix per satellite: 102001 (WorldView-1),
 *                 103001 (WorldView-2), 104001 (WorldView-3), 105001 (GeoEye-1)
 *   KOMPSAT       K3A_20250102103245_12345_00123456_L1R, K5_…_L1A
 *   Gaofen        GF2_PMS1_E113.6_N23.1_20250102_L1A0000123456 (sensor per satellite: PMS, DLC, AHSI;
 *                 Gaofen-3: GF3_SAY_FSII_012345_E113.6_N23.1_20250102_L1A_HHHV_L10000123456)
 *   Jilin-1       JL1-03_VIDEO_20250102T033012_L1A000123456 (NIGHT for night-light)
 *   Sentinel-2    S2A_MSIL1C_20250102T103631_N0511_R008_T32TQM_20250102T121503
 *   Sentinel-1    S1A_IW_GRDH_1SDV_20250102T053012_20250102T053037_057123_07012A_1B2C
 *   Landsat       LC08_L1TP_044034_20250102_20250110_02_T1 (WRS-2 path/row)
 *   others        NAME_20250102T103245_000123456
 */

export interface SceneIdInput {
  satelliteName: string;
  /** Scene centre time, ms since 1970. */
  time: number;
  /** Slot or frame index: unique per satellite and scene. */
  serial: number;
  lat: number;
  lon: number;
  sensorType: number;
  orbit: Orbit;
  state: OrbitState;
  /** Frame duration for systematic frames (start/stop times of Sentinel-1 names), seconds. */
  durationSeconds: number;
  seed: number;
}

const pad = (n: number, width: number) => String(Math.trunc(n)).padStart(width, '0');

function parts(time: number) {
  const d = new Date(time);
  return {
    ymd: `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}`,
    hms: `${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${pad(d.getUTCSeconds(), 2)}`,
    tenth: String(Math.floor(d.getUTCMilliseconds() / 100)),
  };
}

const stamp = (time: number) => {
  const p = parts(time);
  return `${p.ymd}T${p.hms}`;
};

/** Airbus' E012N45 style: whole degrees of the scene centre. */
function airbusCell(lat: number, lon: number): string {
  return `${lon < 0 ? 'W' : 'E'}${pad(Math.abs(Math.floor(lon)), 3)}${lat < 0 ? 'S' : 'N'}${pad(Math.abs(Math.floor(lat)), 2)}`;
}

/** CRESDA's E113.6_N23.1 style. */
function cresdaPlace(lat: number, lon: number): string {
  return `${lon < 0 ? 'W' : 'E'}${Math.abs(lon).toFixed(1)}_${lat < 0 ? 'S' : 'N'}${Math.abs(lat).toFixed(1)}`;
}

const hex = (n: number, width: number) =>
  (n >>> 0).toString(16).toUpperCase().padStart(width, '0').slice(-width);

type Style = (c: SceneIdInput, m: RegExpExecArray) => string;

const airbus =
  (code: (m: RegExpExecArray) => string): Style =>
  (c, m) => {
    const p = parts(c.time);
    const tile = `${pad((c.serial % 50) + 1, 2)}${pad(((c.serial / 50) % 50) + 1, 2)}`;
    return `DS_${code(m)}_${p.ymd}${p.hms}${p.tenth}_FR1_PX_${airbusCell(c.lat, c.lon)}_${tile}_${pad(c.serial % 100_000, 5)}`;
  };

const maxar =
  (prefix: string): Style =>
  (c) =>
    `${prefix}${hex(c.serial, 8)}00`;

const gaofenSensor: Record<string, string> = { '1': 'PMS', '2': 'PMS', '5': 'AHSI', '6': 'PMS', '7': 'DLC' };

const styles: [RegExp, Style][] = [
  [
    /^SuperView-1 0?(\d+)/,
    (c, m) => `SV1-${pad(Number(m[1]), 2)}_${parts(c.time).ymd}_L1A${pad(c.serial % 1e9, 9)}`,
  ],
  [/^Pléiades Neo (\d)/, airbus((m) => `PNEO${m[1]}`)],
  [/^Pléiades 1([AB])/, airbus((m) => `PHR1${m[1]}`)],
  [/^SPOT (\d)/, airbus((m) => `SPOT${m[1]}`)],
  [/^WorldView-1/, maxar('102001')],
  [/^WorldView-2/, maxar('103001')],
  [/^WorldView-3/, maxar('104001')],
  [/^GeoEye-1/, maxar('105001')],
  [
    /^KOMPSAT-3A/,
    (c) => {
      const p = parts(c.time);
      return `K3A_${p.ymd}${p.hms}_${pad(c.orbit.revolutionAt(c.time) % 1e5, 5)}_${pad(c.serial % 1e8, 8)}_L1R`;
    },
  ],
  [
    /^KOMPSAT-5/,
    (c) => {
      const p = parts(c.time);
      return `K5_${p.ymd}${p.hms}_${pad(c.orbit.revolutionAt(c.time) % 1e6, 6)}_${pad(c.serial % 1e8, 8)}_L1A`;
    },
  ],
  [
    /^Gaofen-3/,
    (c) => {
      const rev = pad(c.orbit.revolutionAt(c.time) % 1e6, 6);
      return `GF3_SAY_FSII_${rev}_${cresdaPlace(c.lat, c.lon)}_${parts(c.time).ymd}_L1A_HHHV_L1${pad(c.serial % 1e10, 10)}`;
    },
  ],
  [
    /^Gaofen-(\d+)/,
    (c, m) => {
      const n = m[1]!;
      const base = gaofenSensor[n] ?? 'PMS';
      const sensor = n === '1' || n === '2' ? `${base}${(c.serial % 2) + 1}` : base;
      return `GF${n}_${sensor}_${cresdaPlace(c.lat, c.lon)}_${parts(c.time).ymd}_L1A${pad(c.serial % 1e10, 10)}`;
    },
  ],
  [
    /^Jilin-1 0?(\d+)/,
    (c, m) =>
      `JL1-${pad(Number(m[1]), 2)}_${c.sensorType === 2 ? 'NIGHT' : 'VIDEO'}_${stamp(c.time)}_L1A${pad(c.serial % 1e9, 9)}`,
  ],
  [
    /^Sentinel-2([A-Z])/,
    (c, m) => {
      // ESA's absolute orbit runs one behind the NORAD revolution number (checked on real items).
      const relative = sentinel2RelativeOrbit(m[1]!, c.orbit.revolutionAt(c.time) - 1);
      const processed = c.time + 3_600_000 + (hashInts(c.seed, c.serial, 17) % 14_400) * 1000;
      return `S2${m[1]}_MSIL1C_${stamp(c.time)}_N0511_R${pad(relative, 3)}_T${mgrsTile(c.lat, c.lon)}_${stamp(processed)}`;
    },
  ],
  [
    /^Sentinel-1([A-Z])/,
    (c, m) => {
      const half = (c.durationSeconds / 2) * 1000;
      const rev = c.orbit.revolutionAt(c.time);
      const datatake = hashInts(c.seed, c.orbit.noradId, rev) % 0xffffff;
      return `S1${m[1]}_IW_GRDH_1SDV_${stamp(c.time - half)}_${stamp(c.time + half)}_${pad(rev % 1e6, 6)}_${hex(datatake, 6)}_${hex(hashInts(c.seed, c.serial), 4)}`;
    },
  ],
  [
    /^Landsat (\d)/,
    (c, m) => {
      const node = nodeOfRevolution(c.orbit, c.state, 'descending');
      const { path, row } = wrs2PathRow(node.lon, argumentOfLatitudeDeg(c.state.teme));
      const processed = c.time + (2 + (hashInts(c.seed, c.serial, 23) % 15)) * 86_400_000;
      return `LC0${m[1]}_L1TP_${pad(path, 3)}${pad(row, 3)}_${parts(c.time).ymd}_${parts(processed).ymd}_02_T1`;
    },
  ],
  [
    /^Luojia-1 0?(\d+)/,
    (c, m) => `LJ1-${pad(Number(m[1]), 2)}_${stamp(c.time)}_L1A${pad(c.serial % 1e9, 9)}`,
  ],
  [
    /^SDGSAT-1/,
    (c) =>
      `KX10_${c.sensorType === 2 ? 'GIU' : 'MII'}_${parts(c.time).ymd}_${cresdaPlace(c.lat, c.lon)}_${pad(c.serial % 1e9, 9)}_L1A`,
  ],
];

export function sceneId(c: SceneIdInput): string {
  for (const [pattern, style] of styles) {
    const m = pattern.exec(c.satelliteName);
    if (m) return style(c, m);
  }
  const slug = c.satelliteName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toUpperCase();
  return `${slug}_${stamp(c.time)}_${pad(c.serial % 1e9, 9)}`;
}
