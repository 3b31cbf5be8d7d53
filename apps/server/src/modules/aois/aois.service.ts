import {
  type AoiAddRequest,
  type AoiDeleteResponse,
  type AoiExportFormat,
  type AoiListResponse,
  type AoiNode,
  type AoiTimeResponse,
  AoiTreeLimits,
  type AoiUploadResponse,
  Limits,
  ResultCode,
  stripBidiControls,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import {
  aoiFolder,
  checkShapes,
  isFolder,
  notFound,
  poiFolder,
  polygonGeoJson,
  unstorable,
} from './aois.checks';
import { toAoiNode } from './aois.mapper';
import type { AoiNodeRow, AoisRepository, AoiTree, NewNode, ShapedNode } from './aois.repository';
import { contentDisposition, type ExportFile, exportBaseName, exportFile } from './files/export';
import { type UploadReader, uploadReader } from './files/upload-pool';
import {
  type Candidate,
  type CoordinateRange,
  candidatesOf,
  drawnRange,
  ringFromCors,
  type ScreenedAoi,
  screenCandidates,
  toScreened,
} from './shapes';
import { type UploadInput, uploadFile } from './upload.service';

export interface ExportedFile extends ExportFile {
  fileName: string;
  contentDisposition: string;
}

/** Dates answered by the "time" call: enough for any calendar, bounded for any AOI. */
const TIME_LIMIT = 1000;

const readonlyNode = (key = 'aoi.rootReadonly') => new ApiError(ResultCode.Conflict, key, { field: 'id' });

/**
 * The AOI and POI trees (spec 001 §2 AOI centre, POI centre, Upload dialog; §5; §7). Every
 * call is bound to the caller: another user's ids are not found (404), never forbidden.
 */
export class AoisService {
  constructor(
    private readonly aois: AoisRepository,
    private readonly reader: UploadReader = uploadReader,
  ) {}

  /**
   * One page of a tree (at most `AoiTreeLimits.pageMax` nodes): an account may hold 10,000 nodes, and
   * one answer of them all was megabytes that held the server for seconds (issue 26).
   */
  async list(
    userId: number,
    type: 1 | 2,
    page: { start: number; length: number } = { start: 0, length: AoiTreeLimits.pageMax },
  ): Promise<AoiListResponse> {
    await this.aois.ensureRoots(userId);
    const tree: AoiTree = type === 2 ? 'pois' : 'aois';
    const length = Math.min(page.length, AoiTreeLimits.pageMax);
    const { rows, total } = await this.aois.list(userId, tree, tree === 'pois', {
      start: page.start,
      length,
    });
    return { aois: rows.map(toAoiNode), total, more: page.start + rows.length < total };
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
    const inserted = await this.aois.insert(userId, [await this.shaped(node)], AoiTreeLimits.maxNodes);
    if (inserted.full) throw accountFull(inserted.nodes + 1);
    return this.get(userId, inserted.ids[0] as number);
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
    const parent = await aoiFolder(this.aois, userId, request.parentId, 'parentId', true);
    return { parentId: parent.id, tree: 'aois', kind: 'folder', name, geojson: null };
  }

  /** A drawn AOI is stored whole or not at all. */
  private async newAoi(userId: number, request: AoiAddRequest): Promise<NewNode> {
    const name = validName(request.name, 'tip.aoiName');
    const parent = await aoiFolder(this.aois, userId, request.parentId, 'parentId', true);
    const geometry = request.geometry?.geojson ?? {
      type: 'Polygon',
      coordinates: [ringFromCors(request.geometry?.cors ?? [])],
    };
    const aoi = geometry.type === 'Point' ? undefined : single(geometry, 'aoi', name, drawnRange);
    if (aoi?.kind !== 'aoi') throw ApiError.invalid('geometry', 'common.dataError');
    const [checked] = (await checkShapes(
      this.aois,
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
    const parent = await poiFolder(this.aois, userId, request.parentId, 'parentId');
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
   * Reads the whole file first, in a worker thread, checks every shape, then stores what passed
   * (upload.service.ts).
   */
  async upload(userId: number, input: UploadInput): Promise<AoiUploadResponse> {
    return uploadFile(
      {
        aois: this.aois,
        reader: this.reader,
        node: async (id, withGeometry) => toAoiNode(await this.owned(userId, id, withGeometry)),
      },
      userId,
      input,
    );
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
}

/**
 * The refusal of a change that would leave the account holding `nodes` folders, AOIs and POIs, more
 * than `AoiTreeLimits.maxNodes`: 4009, the count and the limit named.
 */
export const accountFull = (nodes: number, field?: string) =>
  new ApiError(ResultCode.Conflict, 'aoi.tooManyNodes', {
    ...(field ? { field } : {}),
    params: { nodes, limit: AoiTreeLimits.maxNodes },
  });

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
