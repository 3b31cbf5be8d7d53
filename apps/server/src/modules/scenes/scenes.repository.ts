import type { Band, ProductQuality, Provenance, SensorType, StereoMode } from '@satportal/contract';
import { resolutionClassOf, StereoModes } from '@satportal/contract';
import type { Queryable } from '../../db/database';
import { GeometryError, normaliseLonLat } from './lonlat';

/** A quicklook or data file of a scene. */
export interface SceneAsset {
  key: string;
  href: string;
  type: string | null;
  title: string | null;
  roles: string[];
}

export interface SceneAssets {
  /** A preview image of the whole scene (STAC role `overview`, `visual` or `thumbnail`). */
  quicklook: SceneAsset | null;
  /** The scene's data files (STAC role `data`, or no role). */
  files: SceneAsset[];
}

/** A scene as ingest and the simulator write it (spec 000 §3 Scene). */
export interface SceneInput {
  id: string;
  satelliteId: number;
  acquiredAt: Date | string;
  /** GeoJSON; edges straight in lon/lat, may cross ±180° (stored split there). */
  footprint:
    | { type: 'Polygon'; coordinates: number[][][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] };
  /** % — null when not published or not applicable (radar) */
  cloudCover: number | null;
  /** degrees — null when not published */
  offNadir: number | null;
  /** degrees — null when not published */
  sunZenith: number | null;
  /** metres */
  gsd: number;
  /** 1 ascending, 2 descending */
  orbitDirection: 1 | 2;
  sensorType: SensorType;
  bands: Band[];
  stereoMode: StereoMode;
  productQuality: ProductQuality;
  provenance: Provenance;
  assets: SceneAssets;
  /** The original STAC properties of an ingested item; null for simulated scenes. */
  properties: Record<string, unknown> | null;
}

export interface RejectedScene {
  id: string;
  reason: string;
}

export interface UpsertReport {
  /** New scene ids. */
  inserted: number;
  /** Known ids whose stored scene differed and was replaced. */
  updated: number;
  /** Known ids whose stored scene was already the same. */
  unchanged: number;
  /** Rows not written, with the reason (invalid geometry, value out of range…). */
  rejected: RejectedScene[];
}

/** Scenes per statement: each batch is one short statement (the embedded database runs one at a time). */
export const upsertBatchSize = 500;

const range = (v: number | null, min: number, max: number) =>
  v === null || (Number.isFinite(v) && v >= min && v <= max);

/** What the table's checks would refuse, said before a whole batch fails on one row. */
export function sceneInputProblem(s: SceneInput): string | null {
  if (typeof s.id !== 'string' || s.id.length < 1 || s.id.length > 200)
    return 'the id must have 1 to 200 characters';
  const at = new Date(s.acquiredAt);
  if (Number.isNaN(at.getTime())) return `acquisition time "${String(s.acquiredAt)}" is not a date`;
  if (!Number.isInteger(s.satelliteId)) return 'no satellite';
  if (!range(s.cloudCover, 0, 100)) return `cloud cover ${s.cloudCover} is outside 0–100`;
  if (!range(s.offNadir, 0, 90)) return `off-nadir angle ${s.offNadir} is outside 0–90°`;
  if (!range(s.sunZenith, 0, 180)) return `sun zenith angle ${s.sunZenith} is outside 0–180°`;
  if (!(Number.isFinite(s.gsd) && s.gsd > 0)) return `GSD ${s.gsd} is not a positive number`;
  if (s.orbitDirection !== 1 && s.orbitDirection !== 2)
    return `orbit direction ${s.orbitDirection} is not 1 or 2`;
  if (!Number.isInteger(s.sensorType) || s.sensorType < 1 || s.sensorType > 5)
    return 'sensor type must be 1–5';
  if (!StereoModes.includes(s.stereoMode)) return `stereo mode ${s.stereoMode} is unknown`;
  if (s.productQuality !== 'A' && s.productQuality !== 'B') return 'product quality must be A or B';
  if (s.provenance !== 'real' && s.provenance !== 'simulated') return 'provenance must be real or simulated';
  return null;
}

const sceneRecord = `jsonb_to_recordset($1::jsonb) AS x(
  "id" text, "satelliteId" int, "acquiredAt" timestamptz, "footprint" jsonb, "cloudCover" float8,
  "offNadir" float8, "sunZenith" float8, "gsd" float8, "resolutionId" int, "orbitDirection" int,
  "sensorType" int, "bands" text[], "stereoMode" text, "productQuality" text, "provenance" text,
  "assets" jsonb, "properties" jsonb)`;

const compared = [
  'satellite_id',
  'acquired_at',
  'orbit_direction',
  'sensor_type',
  'bands',
  'stereo_mode',
  'product_quality',
  'cloud_cover',
  'off_nadir',
  'sun_zenith',
  'gsd',
  'resolution_id',
  'assets',
  'provenance',
  'properties',
];

/** SQL of the scene table: bulk writes (ingest, simulator), counts, and the demo ingest record. */
export class ScenesRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Inserts or replaces scenes by id, `upsertBatchSize` per statement. A row that is the same
   * as the stored one is left alone (a second ingest of the same items changes nothing).
   * Footprints are checked by PostGIS (valid, non-zero area) and split at ±180°; rows with a
   * problem are reported, the others written.
   */
  async upsertScenes(scenes: SceneInput[]): Promise<UpsertReport> {
    const report: UpsertReport = { inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    for (let i = 0; i < scenes.length; i += upsertBatchSize) {
      const batch = this.prepare(scenes.slice(i, i + upsertBatchSize), report.rejected);
      if (!batch.length) continue;
      const { rows } = await this.db.query<{ id: string; inserted: boolean | null; reason: string | null }>(
        upsertSql,
        [JSON.stringify(batch)],
      );
      let written = 0;
      for (const r of rows) {
        if (r.reason !== null) report.rejected.push({ id: r.id, reason: r.reason });
        else {
          written++;
          if (r.inserted) report.inserted++;
          else report.updated++;
        }
      }
      const rejectedHere = rows.length - written;
      report.unchanged += batch.length - written - rejectedHere;
    }
    return report;
  }

  /** Checks and unwraps the rows of one batch; the last of repeated ids wins. */
  private prepare(scenes: SceneInput[], rejected: RejectedScene[]) {
    const byId = new Map<string, object>();
    for (const s of scenes) {
      const problem = sceneInputProblem(s);
      if (problem) {
        rejected.push({ id: String(s.id), reason: problem });
        continue;
      }
      let footprint: ReturnType<typeof normaliseLonLat>;
      try {
        footprint = normaliseLonLat(s.footprint);
      } catch (e) {
        if (!(e instanceof GeometryError)) throw e;
        rejected.push({ id: s.id, reason: `invalid geometry: ${e.message}` });
        continue;
      }
      byId.delete(s.id);
      byId.set(s.id, {
        id: s.id,
        satelliteId: s.satelliteId,
        acquiredAt: new Date(s.acquiredAt).toISOString(),
        footprint: { type: footprint.type, coordinates: footprint.coordinates },
        cloudCover: s.cloudCover,
        offNadir: s.offNadir,
        sunZenith: s.sunZenith,
        gsd: s.gsd,
        resolutionId: resolutionClassOf(s.gsd),
        orbitDirection: s.orbitDirection,
        sensorType: s.sensorType,
        bands: s.bands,
        stereoMode: s.stereoMode,
        productQuality: s.productQuality,
        provenance: s.provenance,
        assets: s.assets,
        properties: s.properties,
      });
    }
    return [...byId.values()];
  }

  /** How many scenes there are, by provenance. */
  async countByProvenance(): Promise<Record<Provenance, number>> {
    const { rows } = await this.db.query<{ provenance: Provenance; n: number }>(
      'SELECT provenance, count(*)::int AS n FROM scenes GROUP BY provenance',
    );
    const counts: Record<Provenance, number> = { real: 0, simulated: 0 };
    for (const r of rows) counts[r.provenance] = r.n;
    return counts;
  }

  /** Demo ingest: the digest of a file already ingested under that name, if any. */
  async ingestedFileDigest(name: string): Promise<string | undefined> {
    const { rows } = await this.db.query<{ sha256: string }>(
      'SELECT sha256 FROM ingested_files WHERE name = $1',
      [name],
    );
    return rows[0]?.sha256;
  }

  async recordIngestedFile(name: string, sha256: string, items: number, rejected: number): Promise<void> {
    await this.db.query(
      `INSERT INTO ingested_files (name, sha256, items, rejected) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET sha256 = $2, items = $3, rejected = $4, ingested_at = now()`,
      [name, sha256, items, rejected],
    );
  }
}

/**
 * One statement per batch: parse, check with PostGIS, split at ±180° (ST_WrapX moves what lies
 * east of 180 by −360 and what lies west of −180 by +360), upsert, and answer each written id
 * (inserted or updated) and each refused one with its reason. Ids not answered were already
 * the same.
 */
const upsertSql = `
  WITH input AS (
    SELECT x.*, ST_SetSRID(ST_GeomFromGeoJSON(x.footprint), 4326) AS g, sat.id IS NOT NULL AS known
      FROM ${sceneRecord}
      LEFT JOIN satellites sat ON sat.id = x."satelliteId"
  ),
  checked AS (
    SELECT i.*, CASE
             WHEN NOT i.known THEN 'no satellite with id ' || i."satelliteId"
             WHEN NOT ST_IsValid(i.g) THEN 'invalid geometry: ' || ST_IsValidReason(i.g)
             WHEN ST_Area(i.g) = 0 THEN 'invalid geometry: zero area'
           END AS reason
      FROM input i
  ),
  valid AS (
    -- Splitting a shape whose part already ends at ±180° can leave a sliver of float noise
    -- (-179.9999999999999 beside -180): snapping to 1e-9° (0.1 mm) collapses it, and
    -- ST_MakeValid + the polygon extract drop what collapsed.
    SELECT c.*, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SnapToGrid(
                  ST_WrapX(ST_WrapX(c.g, 180, -360), -180, 360), 1e-9)), 3)) AS w
      FROM checked c WHERE c.reason IS NULL
  ),
  written AS (
    INSERT INTO scenes (id, satellite_id, acquired_at, footprint, orbit_direction, sensor_type, bands,
                        stereo_mode, product_quality, cloud_cover, off_nadir, sun_zenith, gsd, resolution_id,
                        area_km2, assets, provenance, properties)
    SELECT v.id, v."satelliteId", v."acquiredAt", v.w::geography, v."orbitDirection", v."sensorType", v.bands,
           v."stereoMode", v."productQuality", v."cloudCover", v."offNadir", v."sunZenith", v.gsd,
           v."resolutionId", lonlat_area_km2(v.w), v.assets, v.provenance, v.properties
      FROM valid v
    ON CONFLICT (id) DO UPDATE
       SET ${[...compared, 'footprint', 'area_km2'].map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
     WHERE (${compared.map((c) => `scenes.${c}`).join(', ')}, ST_AsBinary(scenes.footprint))
           IS DISTINCT FROM
           (${compared.map((c) => `EXCLUDED.${c}`).join(', ')}, ST_AsBinary(EXCLUDED.footprint))
    RETURNING id, (xmax = 0) AS inserted
  )
  SELECT id, inserted, NULL AS reason FROM written
  UNION ALL
  SELECT id, NULL, reason FROM checked WHERE reason IS NOT NULL`;
