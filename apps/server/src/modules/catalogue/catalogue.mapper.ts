import type {
  Capability,
  ElementsFetch,
  ElementsFetchProblem,
  OrbitalElementsStatus,
  ResolutionClassId,
  Satellite,
  SatelliteGroup,
  SatellitesResponse,
  SensorType,
} from '@satportal/contract';
import type { CapabilityRow, SatelliteRow } from './catalogue.repository';
import type { FetchRow, SatelliteAgeRow } from './element-fetches.repository';
import type { OrbitalElementsRow } from './orbital-elements.repository';

/** Rows leave only through these mappings to the contract (spec 000 §3 Satellite, Sensor). */
export function toCapability(row: CapabilityRow): Capability {
  return {
    type: row.sensor_type as SensorType,
    bands: row.bands as Capability['bands'],
    stereos: row.stereos as Capability['stereos'],
    polarisations: row.polarisations as Capability['polarisations'],
    maxResolution: row.max_resolution_m,
    maxShtPeriod: row.max_sht_period_days,
  };
}

export function toSatellite(row: SatelliteRow): Satellite {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    noradId: row.norad_id,
    taskable: row.taskable,
    status: row.status,
    operator: row.operator,
    launchDate: row.launch_date,
    cap: { caps: row.capabilities.map(toCapability) },
    altitudeKm: row.altitude_km,
    swathKm: row.swath_km,
    maxOffNadirDeg: row.max_off_nadir_deg,
    panGsd: row.pan_gsd_m,
    msGsd: row.ms_gsd_m,
    localTimeOfNode: row.node && row.node_local_time ? { node: row.node, time: row.node_local_time } : null,
  };
}

/** Satellite groups of the listed satellites, in the order the rows come (the groups' order). */
export function toSatelliteGroups(rows: SatelliteRow[]): SatelliteGroup[] {
  const groups = new Map<string, SatelliteGroup>();
  for (const row of rows) {
    let group = groups.get(row.category);
    if (!group) {
      group = {
        category: row.category,
        satIds: [],
        resolutionId: row.group_resolution_id as ResolutionClassId,
      };
      groups.set(row.category, group);
    }
    group.satIds.push(row.id);
  }
  return [...groups.values()];
}

export function toSatellitesResponse(rows: SatelliteRow[]): SatellitesResponse {
  return { sats: rows.map(toSatellite), groups: toSatelliteGroups(rows) };
}

/** Orbital elements as the pass predictor and the simulator take them (not sent to clients). */
export interface OrbitalElements {
  noradId: number;
  name: string;
  epoch: Date;
  line1: string;
  line2: string;
  sourceFile: string;
}

export function toOrbitalElements(row: OrbitalElementsRow): OrbitalElements {
  return {
    noradId: row.norad_id,
    name: row.name,
    epoch: row.epoch,
    line1: row.line1,
    line2: row.line2,
    sourceFile: row.source_file,
  };
}

const dayMs = 86_400_000;

function toElementsFetch(row: FetchRow): ElementsFetch {
  return {
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    outcome: row.outcome,
    problem: row.problem as ElementsFetchProblem | null,
    stored: row.stored,
    satellites: row.satellites,
  };
}

/**
 * Ages and the refresh as customers see them: no source addresses and no error texts (the
 * operator's CLI has those), only what the panel needs to say how far the passes can be trusted.
 */
export function toOrbitalElementsStatus(s: {
  configured: boolean;
  refreshHours: number;
  satellites: SatelliteAgeRow[];
  last: FetchRow | undefined;
  lastSuccess: FetchRow | undefined;
  now: Date;
}): OrbitalElementsStatus {
  return {
    sourceConfigured: s.configured,
    refreshHours: s.configured ? s.refreshHours : null,
    lastRefreshedAt: s.lastSuccess?.finished_at?.toISOString() ?? null,
    lastFetch: s.last ? toElementsFetch(s.last) : null,
    satellites: s.satellites.map((r) => ({
      satId: r.satellite_id,
      satName: r.name,
      noradId: r.norad_id,
      epoch: r.epoch?.toISOString() ?? null,
      ageDays: r.epoch ? Math.round(((s.now.getTime() - r.epoch.getTime()) / dayMs) * 10) / 10 : null,
      origin: r.epoch ? (r.fetched_at ? 'source' : 'file') : null,
      fetchedAt: r.fetched_at?.toISOString() ?? null,
    })),
  };
}
