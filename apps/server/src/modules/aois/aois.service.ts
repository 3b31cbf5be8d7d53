import {
  type AoiAddRequest,
  type AoiDeleteResponse,
  type AoiExportFormat,
  type AoiListResponse,
  type AoiNode,
  type AoiTimeResponse,
  AoiUploadLimits,
  type AoiUploadResponse,
  Limits,
  ResultCode,
  stripBidiControls,
  type UploadFailure,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { toAoiNode } from './aois.mapper';
import type { AoiNodeRow, AoisRepository, AoiTree, NewNode } from './aois.repository';
import { contentDisposition, type ExportFile, exportBaseName, exportFile } from './files/export';
import { type ReadResult, readUploadedFile, type UploadExtension } from './files/read-file';
import { UploadRefused } from './files/upload-refused';
import {
  type AoiCandidate,
  type Candidate,
  type CoordinateRange,
  candidatesOf,
  drawnRange,
  type PolygonRings,
  ringFromCors,
  type ShapeProblem,
} from './shapes';

export interface UploadInput {
  fileName: string;
  extension: UploadExtension;
  bytes: Uint8Array;
  aoiParentId: number | undefined;
  poiParentId: number | undefined;
}

export interface ExportedFile extends ExportFile {
  fileName: string;
  contentDisposition: string;
}

/** Dates answered by the "time" call: enough for any calendar, bounded for any AOI. */
const TIME_LIMIT = 1000;

const notFound = (field: string, key = 'aoi.notFound') => new ApiError(ResultCode.NotFound, key, { field });
const readonlyNode = (key = 'aoi.rootReadonly') => new ApiError(ResultCode.Conflict, key, { field: 'id' });
const isFolder = (row: AoiNodeRow) => row.kind === 'folder' || row.kind === 'root';

/** An AOI's stored geometry: one part stays a Polygon, several make a MultiPolygon. */
const polygonGeoJson = (parts: PolygonRings[]) =>
  JSON.stringify(
    parts.length === 1
      ? { type: 'Polygon', coordinates: parts[0] }
      : { type: 'MultiPolygon', coordinates: parts },
  );

/** PostGIS's reason for an invalid polygon as a translation key. */
function invalidReason(reason: string | null): ShapeProblem {
  const detail = (reason ?? '').slice(0, 200);
  if (/self-intersection/i.test(detail)) return { reason: 'aoi.selfIntersection', params: { detail } };
  if (/too few points/i.test(detail)) return { reason: 'aoi.tooFewPoints', params: { min: 4 } };
  if (/hole lies outside/i.test(detail)) return { reason: 'aoi.holeOutside', params: { detail } };
  return { reason: 'aoi.invalidGeometry', params: { detail } };
}

/**
 * The AOI and POI trees (spec 001 §2 AOI centre, POI centre, Upload dialog; §5; §7). Every
 * call is bound to the caller: another user's ids are not found (404), never forbidden.
 */
export class AoisService {
  constructor(private readonly aois: AoisRepository) {}

  async list(userId: number, type: 1 | 2): Promise<AoiListResponse> {
    await this.aois.ensureRoots(userId);
    const tree: AoiTree = type === 2 ? 'pois' : 'aois';
    const rows = await this.aois.list(userId, tree, tree === 'pois');
    return { aois: rows.map(toAoiNode) };
  }

  async get(userId: number, id: number): Promise<AoiNode> {
    return toAoiNode(await this.owned(userId, id, true));
  }

  async add(userId: number, request: AoiAddRequest): Promise<AoiNode> {
    await this.aois.ensureRoots(userId);
    const node = !request.hasGeo
      ? await this.newFolder(userId, request)
      : request.geometry?.type === 4
        ? await this.newAoi(userId, request)
        : request.geometry?.type === 1
          ? await this.newPoi(userId, request)
          : undefined;
    if (!node) throw ApiError.invalid('geometry', 'common.dataError');
    const [id] = await this.aois.insert(userId, [node]);
    return this.get(userId, id as number);
  }

  private async newFolder(userId: number, request: AoiAddRequest): Promise<NewNode> {
    const name = validName(request.name, 'poi.tipAOIname');
    const parent = await this.aoiFolder(userId, request.parentId, 'parentId', true);
    return { parentId: parent.id, tree: 'aois', kind: 'folder', name, geojson: null };
  }

  /** A drawn AOI is stored whole or not at all. */
  private async newAoi(userId: number, request: AoiAddRequest): Promise<NewNode> {
    const name = validName(request.name, 'tip.aoiName');
    const parent = await this.aoiFolder(userId, request.parentId, 'parentId', true);
    const geometry = request.geometry?.geojson ?? {
      type: 'Polygon',
      coordinates: [ringFromCors(request.geometry?.cors ?? [])],
    };
    const aoi = geometry.type === 'Point' ? undefined : single(geometry, 'aoi', name, drawnRange);
    if (aoi?.kind !== 'aoi') throw ApiError.invalid('geometry', 'common.dataError');
    const [checked] = (await this.check([aoi])) as AoiCandidate[];
    const failure = checked?.failures[0];
    if (failure || !checked?.parts.length) {
      throw ApiError.invalid('geometry', failure?.reason ?? 'common.dataError', failure?.params);
    }
    return { parentId: parent.id, tree: 'aois', kind: 'aoi', name, geojson: polygonGeoJson(checked.parts) };
  }

  private async newPoi(userId: number, request: AoiAddRequest): Promise<NewNode> {
    const name = validName(request.name, 'poi.tipPOIname');
    const parent = await this.poiFolder(userId, request.parentId, 'parentId');
    const cors = request.geometry?.cors;
    const geometry = request.geometry?.geojson ?? {
      type: 'Point',
      coordinates: cors?.length === 1 ? [cors[0]?.lng, cors[0]?.lat] : [],
    };
    const poi = geometry.type === 'Point' ? single(geometry, 'poi', name, drawnRange) : undefined;
    if (poi?.kind !== 'poi' || !poi.position) {
      const problem = poi?.kind === 'poi' ? poi.failure : null;
      throw ApiError.invalid('geometry', problem?.reason ?? 'common.dataError', problem?.params);
    }
    const coordinates = poi.position;
    return {
      parentId: parent.id,
      tree: 'pois',
      kind: 'poi',
      name,
      geojson: JSON.stringify({ type: 'Point', coordinates }),
    };
  }

  async rename(userId: number, id: number, rawName: string): Promise<AoiNode> {
    const node = await this.owned(userId, id);
    if (node.readonly) throw readonlyNode();
    const name = validName(rawName, node.kind === 'poi' ? 'poi.tipPOIname' : 'poi.tipAOIname');
    if (!(await this.aois.rename(userId, id, name))) throw notFound('id');
    return this.get(userId, id);
  }

  async move(userId: number, id: number, parentId: number): Promise<AoiNode> {
    const node = await this.owned(userId, id);
    if (node.readonly) throw readonlyNode();
    const parent = await this.aois.find(userId, parentId, false);
    if (!parent) throw notFound('parentId', 'aoi.parentNotFound');
    if (parent.tree !== node.tree) throw ApiError.invalid('parentId', 'aoi.wrongTree');
    if (!isFolder(parent)) throw ApiError.invalid('parentId', 'tip.chooseFolder');
    const outcome = await this.aois.move(userId, id, parentId);
    if (outcome === 'cycle') throw ApiError.invalid('parentId', 'aoi.moveCycle');
    if (outcome === 'missing') throw notFound('id');
    return this.get(userId, id);
  }

  async delete(userId: number, ids: number[], withChildren: boolean): Promise<AoiDeleteResponse> {
    const nodes = await this.ownedMany(userId, ids);
    if (nodes.some((n) => n.readonly)) throw readonlyNode();
    const outcome = await this.aois.delete(userId, ids, withChildren);
    if ('notEmpty' in outcome) {
      throw new ApiError(ResultCode.Conflict, 'aoi.folderNotEmpty', {
        field: 'deletedChild',
        params: { id: outcome.notEmpty },
      });
    }
    return outcome;
  }

  /** AOIs and POIs among `ids` and inside the folders among them, as one file. */
  async export(
    userId: number,
    ids: number[],
    format: AoiExportFormat,
    now = new Date(),
  ): Promise<ExportedFile> {
    const nodes = await this.ownedMany(userId, ids);
    if (nodes.some((n) => n.kind === 'root')) throw readonlyNode('aoi.rootNotExportable');
    const rows = await this.aois.shapesUnder(userId, ids);
    if (!rows.length) throw ApiError.invalid('ids', 'aoi.nothingToExport');
    const shapes = rows.map((r) => ({ name: r.name, geometry: JSON.parse(r.geojson as string) }));
    const baseName = exportBaseName(shapes, now);
    const file = exportFile(shapes, format, 'aois');
    const fileName = `${baseName}.${file.extension}`;
    return { ...file, fileName, contentDisposition: contentDisposition(fileName) };
  }

  async time(userId: number, id: number): Promise<AoiTimeResponse> {
    const node = await this.owned(userId, id);
    if (node.kind !== 'aoi' && node.kind !== 'poi') return { time: [] };
    return { time: await this.aois.sceneDates(userId, id, TIME_LIMIT) };
  }

  /**
   * Reads the whole file first (refusing it whole when it cannot be read), checks every shape,
   * then stores what passed in one transaction. Shapes that fail are reported, never stored.
   */
  async upload(userId: number, input: UploadInput): Promise<AoiUploadResponse> {
    await this.aois.ensureRoots(userId);
    const aoiParent = await this.aoiFolder(userId, input.aoiParentId, 'aoiParentId', false);
    const poiParent = await this.poiFolder(userId, input.poiParentId, 'poiParentId');

    let read: ReadResult;
    try {
      read = readUploadedFile(input.bytes, input.extension);
    } catch (e) {
      if (e instanceof UploadRefused) throw ApiError.invalid('file', e.key, e.params);
      // The parsers met something no rule above foresaw: still the file's fault, not a 500.
      throw ApiError.invalid('file', 'upload.unreadable');
    }

    let polygonNumber = 0;
    let pointNumber = 0;
    for (const c of read.candidates) {
      c.name ??= c.kind === 'aoi' ? `Polygon${++polygonNumber}` : `Point${++pointNumber}`;
    }
    const checked = await this.check(read.candidates);

    const failures: UploadFailure[] = [];
    const nodes: NewNode[] = [];
    for (const c of checked) {
      const name = c.name as string;
      if (c.kind === 'aoi') {
        for (const f of c.failures)
          failures.push({ name, kind: 'aoi', part: f.part, reason: f.reason, ...paramsOf(f) });
        if (c.parts.length) {
          nodes.push({
            parentId: aoiParent.id,
            tree: 'aois',
            kind: 'aoi',
            name,
            geojson: polygonGeoJson(c.parts),
          });
        }
      } else if (c.position) {
        nodes.push({
          parentId: poiParent.id,
          tree: 'pois',
          kind: 'poi',
          name,
          geojson: JSON.stringify({ type: 'Point', coordinates: c.position }),
        });
      } else {
        const f = c.failure ?? { reason: 'aoi.badCoordinates' };
        failures.push({ name, kind: 'poi', part: null, reason: f.reason, ...paramsOf(f) });
      }
    }
    const ignored = read.ignored.map((i) => ({ name: i.name ?? '', reason: i.reason }));

    if (!nodes.length) {
      const first = failures[0];
      throw first
        ? ApiError.invalid('file', 'upload.allFailed', {
            failed: failures.length,
            reason: first.reason,
            name: first.name,
          })
        : ApiError.invalid('file', 'upload.noShapes', { ignored: ignored.length });
    }

    const ids = await this.aois.insert(userId, nodes);
    const aoiIds = ids.filter((_, i) => nodes[i]?.kind === 'aoi');
    const poiIds = ids.filter((_, i) => nodes[i]?.kind === 'poi');
    return {
      aoiCount: aoiIds.length,
      poiCount: poiIds.length,
      failAoiCount: failures.filter((f) => f.kind === 'aoi').length,
      failPoiCount: failures.filter((f) => f.kind === 'poi').length,
      ignoredCount: ignored.length,
      onlyOneAoi: aoiIds.length === 1 ? await this.get(userId, aoiIds[0] as number) : null,
      onlyOnePoi: poiIds.length === 1 ? await this.get(userId, poiIds[0] as number) : null,
      aoiIds,
      poiIds,
      failures: failures.slice(0, AoiUploadLimits.maxReported),
      ignored: ignored.slice(0, AoiUploadLimits.maxReported),
      noPrjAssumedWgs84: read.noPrjAssumedWgs84,
    };
  }

  /** Asks PostGIS about every polygon part at once; invalid parts move to the failures. */
  private async check(candidates: Candidate[]): Promise<Candidate[]> {
    const parts = candidates.flatMap((c) =>
      c.kind === 'aoi' ? c.parts.map((rings) => JSON.stringify({ type: 'Polygon', coordinates: rings })) : [],
    );
    const verdicts = await this.aois.checkParts(parts);
    let next = 0;
    return candidates.map((c) => {
      if (c.kind !== 'aoi') return c;
      const kept: AoiCandidate = { ...c, parts: [], partNumbers: [], failures: [...c.failures] };
      c.parts.forEach((rings, j) => {
        const verdict = verdicts[next++];
        const number = c.partNumbers[j] as number;
        const part = c.partCount > 1 ? number : null;
        if (verdict?.repaired) {
          const repaired = JSON.parse(verdict.repaired) as {
            type: string;
            coordinates: PolygonRings | PolygonRings[];
          };
          for (const polygon of repaired.type === 'Polygon'
            ? [repaired.coordinates as PolygonRings]
            : (repaired.coordinates as PolygonRings[])) {
            kept.parts.push(polygon);
            kept.partNumbers.push(number);
          }
        } else if (!verdict?.valid) kept.failures.push({ ...invalidReason(verdict?.reason ?? null), part });
        else if (verdict.empty) kept.failures.push({ reason: 'aoi.zeroArea', part });
        else {
          kept.parts.push(rings);
          kept.partNumbers.push(number);
        }
      });
      kept.failures.sort((a, b) => (a.part ?? 0) - (b.part ?? 0));
      return kept;
    });
  }

  private async owned(userId: number, id: number, withGeometry = false): Promise<AoiNodeRow> {
    const row = await this.aois.find(userId, id, withGeometry);
    if (!row) throw notFound('id');
    return row;
  }

  private async ownedMany(userId: number, ids: number[]): Promise<AoiNodeRow[]> {
    const unique = [...new Set(ids)];
    const rows = await this.aois.findMany(userId, unique);
    if (rows.length !== unique.length) throw notFound('ids');
    return rows;
  }

  /** A folder of the caller's AOI tree; absent or -1 means "My AOIs" unless a choice is required. */
  private async aoiFolder(
    userId: number,
    id: number | undefined,
    field: string,
    required: boolean,
  ): Promise<AoiNodeRow> {
    if (id === undefined || id <= 0) {
      if (required) throw ApiError.invalid(field, 'tip.chooseFolder');
      return this.aois.root(userId, 'aois');
    }
    const row = await this.aois.find(userId, id, false);
    if (!row) throw notFound(field, 'aoi.parentNotFound');
    if (row.tree !== 'aois') throw ApiError.invalid(field, 'aoi.wrongTree');
    if (!isFolder(row)) throw ApiError.invalid(field, 'tip.chooseFolder');
    return row;
  }

  /** POIs live in "My POIs" (spec: POI parent -1): -1, absent, or that folder's own id. */
  private async poiFolder(userId: number, id: number | undefined, field: string): Promise<AoiNodeRow> {
    const root = await this.aois.root(userId, 'pois');
    if (id === undefined || id === -1 || id === root.id) return root;
    if (id <= 0 || !(await this.aois.find(userId, id, false))) throw notFound(field, 'aoi.parentNotFound');
    throw ApiError.invalid(field, 'aoi.wrongTree');
  }
}

const paramsOf = (p: ShapeProblem) => (p.params ? { params: p.params } : {});

/**
 * A name of 1–50 characters after trimming; `key` is the spec's message for an empty one. Bidi
 * override and isolate characters are dropped first (a spoofed "gpj.exe" must not read "exe.jpg").
 */
function validName(raw: string, key: string): string {
  const name = stripBidiControls(raw).trim();
  if (!name) throw ApiError.invalid('name', key);
  if ([...name].length > Limits.nameMax)
    throw ApiError.invalid('name', 'aoi.nameTooLong', { max: Limits.nameMax });
  return name;
}

/** The candidate of a single drawn geometry. */
function single(geometry: unknown, kind: 'aoi' | 'poi', name: string, range: CoordinateRange): Candidate {
  const out = { candidates: [] as Candidate[], ignored: [] };
  candidatesOf(geometry, name, range, out);
  return out.candidates.find((c) => c.kind === kind) ?? { kind: 'poi', name, position: null, failure: null };
}
