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
import { invalidReason } from '../scenes/storable';
import { toAoiNode } from './aois.mapper';
import type { AoiNodeRow, AoisRepository, AoiTree, NewNode, ShapedNode } from './aois.repository';
import { contentDisposition, type ExportFile, exportBaseName, exportFile } from './files/export';
import type { UploadExtension } from './files/read-file';
import { type UploadReader, uploadReader } from './files/upload-pool';
import { UploadRefused } from './files/upload-refused';
import type { ScreenedFile } from './files/upload-worker';
import {
  type Candidate,
  type CoordinateRange,
  candidatesOf,
  drawnRange,
  ringFromCors,
  type Screened,
  type ScreenedAoi,
  type ShapeProblem,
  screenCandidates,
  toScreened,
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

/**
 * An AOI's stored geometry from its parts' coordinates (GeoJSON text): one part stays a Polygon,
 * several make a MultiPolygon. Built as text: the parts come as text from the upload worker.
 */
const polygonGeoJson = (parts: string[]) =>
  parts.length === 1
    ? `{"type":"Polygon","coordinates":${parts[0]}}`
    : `{"type":"MultiPolygon","coordinates":[${parts.join(',')}]}`;

/** Why the database could not make or hold a shape (`AoisRepository.shapes`, `checkParts`). */
const unstorable = (error: string): ShapeProblem =>
  /zero area/i.test(error)
    ? { reason: 'aoi.zeroArea' }
    : { reason: 'aoi.notStorable', params: { detail: error } };

/**
 * The AOI and POI trees (spec 001 §2 AOI centre, POI centre, Upload dialog; §5; §7). Every
 * call is bound to the caller: another user's ids are not found (404), never forbidden.
 */
export class AoisService {
  constructor(
    private readonly aois: AoisRepository,
    private readonly reader: UploadReader = uploadReader,
  ) {}

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
    const [id] = await this.aois.insert(userId, [await this.shaped(node)]);
    return this.get(userId, id as number);
  }

  /** The node with its stored shape; a shape the database cannot make or hold is 4000 on `geometry`. */
  private async shaped({ geojson, ...node }: NewNode): Promise<ShapedNode> {
    if (!geojson || node.kind === 'folder') return { ...node, shape: null, area: null };
    const [outcome] = await this.aois.shapes([{ kind: node.kind, geojson }]);
    if (!outcome || outcome.error !== null) {
      const problem = unstorable(outcome?.error ?? 'no answer');
      throw ApiError.invalid('geometry', problem.reason, problem.params);
    }
    return { ...node, shape: outcome.shape, area: outcome.area };
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
    const [checked] = (await this.check(
      screenCandidates([aoi]).map((c) => toScreened(c, name)),
    )) as ScreenedAoi[];
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
   * Reads the whole file first, in a worker thread (refusing it whole when it cannot be read),
   * checks every shape, then stores what passed in one transaction. A feature that fails, in the
   * worker's checks or in the database's, is reported with its position in the file and its
   * reason and never stored; the others are.
   */
  async upload(userId: number, input: UploadInput): Promise<AoiUploadResponse> {
    await this.aois.ensureRoots(userId);
    const aoiParent = await this.aoiFolder(userId, input.aoiParentId, 'aoiParentId', false);
    const poiParent = await this.poiFolder(userId, input.poiParentId, 'poiParentId');

    let read: ScreenedFile;
    try {
      read = await this.reader.read(input.bytes, input.extension);
    } catch (e) {
      if (e instanceof UploadRefused) throw ApiError.invalid('file', e.key, e.params);
      // The parsers met something no rule above foresaw: still the file's fault, not a 500.
      throw ApiError.invalid('file', 'upload.unreadable');
    }
    const checked = await this.check(read.candidates);

    const failures: UploadFailure[] = [];
    const failed = (c: Screened, problem: ShapeProblem, part: number | null = null) =>
      failures.push({
        index: c.index,
        name: c.name,
        kind: c.kind,
        part,
        reason: problem.reason,
        ...paramsOf(problem),
      });
    const wanted: { candidate: Screened; node: NewNode }[] = [];
    for (const c of checked) {
      if (c.kind === 'aoi') {
        for (const f of c.failures) failed(c, f, f.part);
        if (c.parts.length) {
          const node: NewNode = {
            parentId: aoiParent.id,
            tree: 'aois',
            kind: 'aoi',
            name: c.name,
            geojson: polygonGeoJson(c.parts),
          };
          wanted.push({ candidate: c, node });
        }
      } else if (c.position) {
        const node: NewNode = {
          parentId: poiParent.id,
          tree: 'pois',
          kind: 'poi',
          name: c.name,
          geojson: JSON.stringify({ type: 'Point', coordinates: c.position }),
        };
        wanted.push({ candidate: c, node });
      } else {
        failed(c, c.failure ?? { reason: 'aoi.badCoordinates' });
      }
    }

    // Shapes the database cannot make or hold fail one by one, the rest are stored.
    const outcomes = await this.aois.shapes(
      wanted.map(({ node }) => ({ kind: node.kind as 'aoi' | 'poi', geojson: node.geojson as string })),
    );
    const nodes: ShapedNode[] = [];
    wanted.forEach(({ candidate, node: { geojson: _, ...node } }, i) => {
      const outcome = outcomes[i];
      if (outcome && outcome.error === null)
        nodes.push({ ...node, shape: outcome.shape, area: outcome.area });
      else failed(candidate, unstorable(outcome?.error ?? 'no answer'));
    });
    failures.sort((a, b) => a.index - b.index || (a.part ?? 0) - (b.part ?? 0));
    const ignored = read.ignored.map((i) => ({ index: i.index, name: i.name ?? '', reason: i.reason }));

    if (!nodes.length) {
      const first = failures[0];
      throw first
        ? ApiError.invalid('file', 'upload.allFailed', {
            failed: failures.length,
            reason: first.reason,
            name: first.name,
            index: first.index,
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
  private async check(candidates: Screened[]): Promise<Screened[]> {
    const parts = candidates.flatMap((c) =>
      c.kind === 'aoi' ? c.parts.map((coordinates) => `{"type":"Polygon","coordinates":${coordinates}}`) : [],
    );
    const verdicts = await this.aois.checkParts(parts);
    let next = 0;
    return candidates.map((c) => {
      if (c.kind !== 'aoi') return c;
      const kept: ScreenedAoi = { ...c, parts: [], partNumbers: [], failures: [...c.failures] };
      c.parts.forEach((coordinates, j) => {
        const verdict = verdicts[next++];
        const number = c.partNumbers[j] as number;
        const part = c.partCount > 1 ? number : null;
        if (verdict?.error) kept.failures.push({ ...unstorable(verdict.error), part });
        else if (verdict?.repaired) {
          const repaired = JSON.parse(verdict.repaired) as { type: string; coordinates: unknown[] };
          for (const polygon of repaired.type === 'Polygon' ? [repaired.coordinates] : repaired.coordinates) {
            kept.parts.push(JSON.stringify(polygon));
            kept.partNumbers.push(number);
          }
        } else if (!verdict?.valid) kept.failures.push({ ...invalidReason(verdict?.reason ?? null), part });
        else if (verdict.empty) kept.failures.push({ reason: 'aoi.zeroArea', part });
        else {
          kept.parts.push(coordinates);
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
  candidatesOf(geometry, name, range, out, 0);
  return (
    out.candidates.find((c) => c.kind === kind) ?? {
      kind: 'poi',
      index: 0,
      name,
      position: null,
      failure: null,
    }
  );
}
