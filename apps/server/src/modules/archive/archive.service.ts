import { createHash, randomUUID } from 'node:crypto';
import {
  type Aoi,
  type AoiSearchHistoryResponse,
  type ArchiveSearchHistoryResponse,
  type ArchiveSearchRequest,
  type ArchiveSearchResponse,
  type ArchiveSortKey,
  Limits,
  type ProductQuality,
  type SceneIdSearchResponse,
  type SearchCondition,
  type SensorChoice,
  type StoredArchiveSearch,
  stripBidiControls,
} from '@satportal/contract';
import type { WritingCtes } from '../../db/params';
import { ApiError } from '../../http/api-error';
import { type AreasRepository, checkAois, percent, prepareArea, utcDay } from '../areas';
import type { NormalisedGeometry } from '../scenes/lonlat';
import {
  type ArchiveHistoryEntryData,
  toAoiHistoryEntry,
  toArchiveHistoryEntry,
  toArchiveScene,
  toStoredSearch,
} from './archive.mapper';
import type { SceneFilter, SearchArea, SearchCursor, SearchSort } from './archive.queries';
import type { ArchiveRepository, SceneRow } from './archive.repository';
import { coverageArea, rectanglesOf, searchCoverage, withCoverage } from './coverage/search-coverage';
import {
  type AoiHistoryInput,
  aoiHistoryWrites,
  archiveHistoryWrites,
  type HistoryRepository,
} from './history.repository';

/** What a stored search keeps to continue: the request without its page, and its order. */
/** The scenes of a user's latest search (`latestResults`). */
export interface LatestResults {
  searchedAt: Date;
  /** scenes the search matched (more than `scenes` holds past the limit) */
  count: number;
  scenes: SceneRow[];
}

interface StoredSearch {
  aois: Aoi[];
  condition: SearchCondition;
  satIds: number[];
  sensor: SensorChoice;
}

/** Searches are kept this long for "get more" and for the calls that name a taskId. */
const searchRetentionDays = 30;

const dayMs = 86_400_000;

export function parseSort(value: string | undefined): SearchSort {
  const [key, dir] = (value || 'time,desc').split(',') as [ArchiveSortKey, string | undefined];
  // Newest first is what a search shows; the angles and cloud read best lowest first.
  return { key, desc: dir ? dir === 'desc' : key === 'time' };
}

/**
 * The search filter of a request (spec 000 §3 Search condition, Sensor). The spec's sun-zenith
 * default is 0 and its history calls the field a maximum: read literally it would match no
 * scene, so 0 means "no limit" and any other value is a maximum (docs/ARCHITECTURE.md).
 */
export function filterOf(s: StoredSearch): SceneFilter {
  const c = s.condition;
  return {
    from: new Date(utcDay(c.fdate)!),
    to: new Date(utcDay(c.tdate)! + dayMs),
    satIds: [...new Set(s.satIds)],
    qualities: [...new Set(c.productQualities)] as ProductQuality[],
    maxCloudCover: c.cc >= 100 ? null : c.cc,
    maxOffNadir: c.ona >= 90 ? null : c.ona,
    maxSunZenith: c.sza === 0 || c.sza >= 180 ? null : c.sza,
    minCoverage: c.ac,
    orbit: c.orbit,
    sensorType: s.sensor.type ?? null,
    resolutionIds: [...new Set(s.sensor.resolutionIds ?? [])],
    stereoMode: s.sensor.mode || null,
    bands: [...new Set(s.sensor.band ?? [])],
  };
}

/**
 * Validation of spec 000 §5 "Archive search", in the order the panel checks: a quality, a
 * satellite, the dates (start not after end, 2010-01-01 to today), then the AOIs.
 */
export function checkSearch(
  request: Pick<ArchiveSearchRequest, 'aois' | 'condition' | 'satIds'>,
  today: Date,
): NormalisedGeometry[] {
  const c = request.condition;
  if (!c.productQualities.length)
    throw ApiError.invalid('condition.productQualities', 'search.chooseQuality');
  if (!request.satIds.length) throw ApiError.invalid('satIds', 'placeholder.selectSatellite');
  const from = utcDay(c.fdate);
  if (from === undefined) throw ApiError.invalid('condition.fdate', 'search.invalidDate');
  const to = utcDay(c.tdate);
  if (to === undefined) throw ApiError.invalid('condition.tdate', 'search.invalidDate');
  if (from > to) throw ApiError.invalid('condition.fdate', 'search.exceedTime');
  const min = Limits.archiveEarliestDate;
  // "Today" of the user: a day ahead of UTC at most (UTC+14).
  const latest = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) + dayMs;
  const max = new Date(latest).toISOString().slice(0, 10);
  if (from < utcDay(min)!) throw ApiError.invalid('condition.fdate', 'search.dateOutOfRange', { min, max });
  if (to > latest) throw ApiError.invalid('condition.tdate', 'search.dateOutOfRange', { min, max });
  return checkAois(request.aois);
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

const stripName = (aoi: Aoi): Aoi => ({ type: aoi.type, coordinates: aoi.coordinates }) as Aoi;

/** The AOI with its name (kept for the histories) without bidi override or isolate characters. */
const withCleanName = (aoi: Aoi): Aoi =>
  aoi.name === undefined ? aoi : { ...aoi, name: stripBidiControls(aoi.name) };

/** Archive search, scene-id search and the search histories (spec 000 §5, §7; 001 §2). */
export class ArchiveService {
  constructor(
    private readonly archive: ArchiveRepository,
    private readonly areas: Pick<AreasRepository, 'prepareAois'>,
    private readonly history: HistoryRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A new search, or "get more" of an earlier one of the same user when the request names its taskId. */
  async search(userId: number, request: ArchiveSearchRequest, sort?: string): Promise<ArchiveSearchResponse> {
    if (request.taskId) return this.more(userId, request.taskId, request.page);
    const aois = checkSearch(request, this.now());
    const prepared = await prepareArea(this.areas, aois);
    const stored: StoredSearch = {
      aois: request.aois.map(withCleanName),
      condition: request.condition,
      satIds: request.satIds,
      sensor: request.sensor ?? {},
    };
    const filter = filterOf(stored);
    const order = parseSort(sort);
    const searched = coverageArea(prepared.unionGeometry!);
    const area: SearchArea = {
      aoi: prepared.union,
      areaKm2: prepared.areaKm2,
      snapshot: prepared.snapshot,
      ...rectanglesOf(searched),
    };
    const found = await this.archive.firstPage(area, filter, order, request.page.length, request.page.start);
    const rows = withCoverage(searched, found.rows);
    const { count } = found;
    const coverage = await searchCoverage(searched, found, (sample) =>
      this.archive.coveredKm2(area, filter, sample),
    );
    const taskId = randomUUID();
    await this.archive.insertSearch(
      {
        id: taskId,
        userId,
        kind: 'aoi',
        request: stored,
        aoi: prepared.union,
        aoiAreaKm2: prepared.areaKm2,
        sort: order,
        matchCount: count,
        coverage,
        cursor: cursorAfter(request.page.start, rows),
        createdAt: prepared.snapshot,
      },
      historyWrites(
        userId,
        stored,
        aois,
        prepared.aois.map((a) => a.areaKm2),
      ),
    );
    return {
      images: rows.map(toArchiveScene),
      more: request.page.start + rows.length < count,
      count,
      ac: percent(coverage),
      taskId,
    };
  }

  /** The next page of a stored search: after the previous page's last scene when it continues it. */
  private async more(
    userId: number,
    taskId: string,
    page: ArchiveSearchRequest['page'],
  ): Promise<ArchiveSearchResponse> {
    const search = await this.archive.findSearch(taskId, userId);
    if (search?.kind !== 'aoi' || !search.aoi) throw ApiError.notFound('search.taskNotFound');
    const filter = filterOf(search.request as StoredSearch);
    const order: SearchSort = { key: search.sort_key, desc: search.sort_desc };
    const position = search.cursor?.start === page.start ? { after: search.cursor } : { offset: page.start };
    const rows =
      page.start < search.match_count && search.aoi_geometry
        ? await this.archive
            .page(
              { aoi: search.aoi, areaKm2: search.aoi_area_km2 ?? 0, snapshot: search.created_at },
              filter,
              order,
              page.length,
              position,
            )
            .then((found) => withCoverage(coverageArea(search.aoi_geometry!), found))
        : [];
    const cursor = cursorAfter(page.start, rows);
    if (cursor) await this.archive.updateCursor(search.id, cursor);
    return {
      images: rows.map(toArchiveScene),
      more: page.start + rows.length < search.match_count,
      count: search.match_count,
      ac: percent(search.coverage ?? 0),
      taskId: search.id,
    };
  }

  /**
   * What one of the user's stored searches asked, for a link that names it (issue 28 #6); another
   * user's, an unknown or a purged one is 4004, as for get more.
   */
  async storedSearch(userId: number, taskId: string): Promise<StoredArchiveSearch> {
    const search = await this.archive.findSearch(taskId, userId);
    if (!search) throw ApiError.notFound('search.taskNotFound');
    return toStoredSearch(search);
  }

  /** Scene-id search (spec 000 §5): the known scenes in the order asked, and the unknown ids. */
  async searchByIds(userId: number, sceneIds: string[]): Promise<SceneIdSearchResponse> {
    const ids = [...new Set(sceneIds.map((id) => id.trim()).filter(Boolean))];
    if (!ids.length) throw ApiError.invalid('sceneIds', 'search.noSceneId');
    const rows = await this.archive.findScenes(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const found = ids.flatMap((id) => byId.get(id) ?? []);
    const taskId = randomUUID();
    await this.archive.insertSearch({
      id: taskId,
      userId,
      kind: 'ids',
      request: { sceneIds: ids },
      aoi: null,
      aoiAreaKm2: null,
      sort: { key: 'time', desc: true },
      matchCount: found.length,
      coverage: null,
      cursor: null,
      createdAt: this.now(),
    });
    return {
      images: found.map(toArchiveScene),
      unknownIds: ids.filter((id) => !byId.has(id)),
      count: found.length,
      more: false,
      taskId,
    };
  }

  async archiveHistory(userId: number): Promise<ArchiveSearchHistoryResponse> {
    const list = (await this.history.listArchiveSearches(userId)).map(toArchiveHistoryEntry);
    return { list, total: list.length, more: false };
  }

  clearArchiveHistory(userId: number): Promise<void> {
    return this.history.clearArchiveSearches(userId);
  }

  async aoiHistory(userId: number): Promise<AoiSearchHistoryResponse> {
    const list = (await this.history.listAois(userId)).map(toAoiHistoryEntry);
    return { list, total: list.length, more: false };
  }

  clearAoiHistory(userId: number): Promise<void> {
    return this.history.clearAois(userId);
  }

  /**
   * The first `limit` scenes of the user's latest archive search, in its order (a scene-id search:
   * in the order asked), with when it was made and how many scenes it matched; null without one.
   * What the quicklook WMS lists as layers (GetCapabilities).
   */
  async latestResults(userId: number, limit: number): Promise<LatestResults | null> {
    const search = await this.archive.latestSearch(userId);
    if (!search) return null;
    let scenes: SceneRow[] = [];
    if (search.kind === 'ids') {
      const ids = ((search.request as { sceneIds?: string[] }).sceneIds ?? []).slice(0, limit);
      const byId = new Map((await this.archive.findScenes(ids)).map((r) => [r.id, r]));
      scenes = ids.flatMap((id) => byId.get(id) ?? []);
    } else if (search.aoi && search.match_count > 0) {
      const area = { aoi: search.aoi, areaKm2: search.aoi_area_km2 ?? 0, snapshot: search.created_at };
      const order: SearchSort = { key: search.sort_key, desc: search.sort_desc };
      const filter = filterOf(search.request as StoredSearch);
      scenes = await this.archive.page(area, filter, order, limit, { offset: 0 });
    }
    return { searchedAt: search.created_at, count: search.match_count, scenes };
  }

  /** Searches older than the retention (run at start). */
  purgeOldSearches(): Promise<number> {
    return this.archive.purgeSearchesBefore(new Date(this.now().getTime() - searchRetentionDays * dayMs));
  }
}

/** The history entries of a search: the search itself, and each distinct AOI in it. */
function historyWrites(
  userId: number,
  search: StoredSearch,
  normalised: NormalisedGeometry[],
  areas: number[],
): WritingCtes {
  // The satellite groups are added by the statement, from the catalogue. The AOIs keep their
  // names for the list, but the same search under another AOI name is the same entry.
  const entry: Omit<ArchiveHistoryEntryData, 'satGroups'> = {
    condition: search.condition,
    sensor: search.sensor,
    satIds: search.satIds,
    aois: search.aois,
  };
  const entryKey = digest({ ...entry, aois: search.aois.map(stripName) });
  // One entry per distinct AOI: the same AOI twice in a request is one AOI searched.
  const aois = new Map<string, AoiHistoryInput>();
  for (const [i, aoi] of search.aois.entries()) {
    const key = digest(normalised[i]?.coordinates);
    if (aois.has(key) || aois.size === Limits.historyEntries) continue;
    aois.set(key, {
      name: aoi.name?.trim() || null,
      geometry: stripName(aoi),
      areaKm2: areas[i] ?? 0,
      key,
    });
  }
  return (p) => [
    ...archiveHistoryWrites(p, userId, entry, entryKey),
    ...aoiHistoryWrites(p, userId, [...aois.values()]),
  ];
}

function cursorAfter(start: number, rows: SceneRow[]): SearchCursor | null {
  const last = rows[rows.length - 1];
  return last ? { start: start + rows.length, key: last.sort_value, id: last.id } : null;
}
