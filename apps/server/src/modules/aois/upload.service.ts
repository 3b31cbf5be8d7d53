import {
  type AoiNode,
  AoiTreeLimits,
  AoiUploadLimits,
  type AoiUploadResponse,
  ResultCode,
  type UploadFailure,
} from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { aoiFolder, checkShapes, poiFolder, polygonGeoJson, unstorable } from './aois.checks';
import type { AoisRepository, Inserted, NewNode, ShapedNode } from './aois.repository';
import type { UploadExtension } from './files/read-file';
import type { UploadReader } from './files/upload-pool';
import { UploadRefused } from './files/upload-refused';
import type { ScreenedFile } from './files/upload-worker';
import type { Screened, ShapeProblem } from './shapes';
import { uploadFolderName } from './upload-folder-name';

// The upload of a file of AOIs and POIs (spec 001 §7 aoi/upload), apart from the tree's other
// calls in aois.service.ts (which answers it through AoisService.upload).

export interface UploadInput {
  fileName: string;
  extension: UploadExtension;
  bytes: Uint8Array;
  aoiParentId: number | undefined;
  poiParentId: number | undefined;
}

export interface UploadDeps {
  aois: AoisRepository;
  reader: UploadReader;
  /**
   * A stored node as the tree answers it. The only POI of an upload is answered with its position;
   * the only AOI without its geometry, as in the tree listing (GET /aois/{id} has it, and the
   * browser asks it when the AOI is viewed): an uploaded AOI may have 200,000 positions, and
   * echoing them stalled the server for every other caller.
   */
  node: (id: number, withGeometry: boolean) => Promise<AoiNode>;
}

/**
 * Reads the whole file first, in a worker thread (refusing it whole when it cannot be read or holds
 * more than `AoiUploadLimits.maxFeatures` features), checks every shape, then stores what passed in
 * one transaction, unless the account would then hold more than `AoiTreeLimits.maxNodes` nodes. A
 * feature that fails, in the worker's checks or in the database's, is reported with its position
 * in the file and its reason and never stored; the others are: the AOIs in a new folder named after
 * the file (`uploadFolderName`) under the folder chosen, the POIs in "My POIs".
 */
export async function uploadFile(
  { aois, reader, node }: UploadDeps,
  userId: number,
  input: UploadInput,
): Promise<AoiUploadResponse> {
  await aois.ensureRoots(userId);
  const aoiParent = await aoiFolder(aois, userId, input.aoiParentId, 'aoiParentId', false);
  const poiParent = await poiFolder(aois, userId, input.poiParentId, 'poiParentId');

  let read: ScreenedFile;
  try {
    read = await reader.read(input.bytes, input.extension);
  } catch (e) {
    if (e instanceof UploadRefused) throw ApiError.invalid('file', e.key, e.params);
    // The parsers met something no rule above foresaw: still the file's fault, not a 500.
    throw ApiError.invalid('file', 'upload.unreadable');
  }
  // An account that cannot take the file's shapes (and their folder) is told before the database
  // shapes them; the insert checks again under the tree lock (another upload may be running).
  const adding = read.candidates.length + (read.candidates.some((c) => c.kind === 'aoi') ? 1 : 0);
  const held = await aois.countNodes(userId);
  if (held + adding > AoiTreeLimits.maxNodes) throw full(held + adding);
  const checked = await checkShapes(aois, read.candidates);

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
  const outcomes = await aois.shapes(
    wanted.map(({ node }) => ({ kind: node.kind as 'aoi' | 'poi', geojson: node.geojson as string })),
  );
  const nodes: ShapedNode[] = [];
  wanted.forEach(({ candidate, node: { geojson: _, ...node } }, i) => {
    const outcome = outcomes[i];
    if (outcome && outcome.error === null) nodes.push({ ...node, shape: outcome.shape, area: outcome.area });
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

  // Every upload that gives AOIs lands in a folder of its own, however many: one rule to predict.
  const withFolder = nodes.some((n) => n.tree === 'aois');
  const inserted: Inserted<{ folderId: number | null; ids: number[] }> = withFolder
    ? await aois.insertInNewFolder(
        userId,
        { parentId: aoiParent.id, name: uploadFolderName(input.fileName) },
        nodes,
        AoiTreeLimits.maxNodes,
      )
    : await aois
        .insert(userId, nodes, AoiTreeLimits.maxNodes)
        .then((r) => (r.full ? r : { ...r, folderId: null }));
  if (inserted.full) throw full(inserted.nodes + nodes.length + (withFolder ? 1 : 0));
  const { folderId, ids } = inserted;
  const aoiIds = ids.filter((_, i) => nodes[i]?.kind === 'aoi');
  const poiIds = ids.filter((_, i) => nodes[i]?.kind === 'poi');
  return {
    aoiCount: aoiIds.length,
    poiCount: poiIds.length,
    failAoiCount: failures.filter((f) => f.kind === 'aoi').length,
    failPoiCount: failures.filter((f) => f.kind === 'poi').length,
    ignoredCount: ignored.length,
    onlyOneAoi: aoiIds.length === 1 ? await node(aoiIds[0] as number, false) : null,
    onlyOnePoi: poiIds.length === 1 ? await node(poiIds[0] as number, true) : null,
    folderId,
    aoiIds,
    poiIds,
    failures: failures.slice(0, AoiUploadLimits.maxReported),
    ignored: ignored.slice(0, AoiUploadLimits.maxReported),
    noPrjAssumedWgs84: read.noPrjAssumedWgs84,
    encodingWarnings: read.encodingWarnings,
  };
}

const paramsOf = (p: ShapeProblem) => (p.params ? { params: p.params } : {});

/** An upload that would leave the account holding `nodes`, more than its limit: nothing stored. */
const full = (nodes: number) =>
  new ApiError(ResultCode.Conflict, 'aoi.tooManyNodes', {
    field: 'file',
    params: { nodes, limit: AoiTreeLimits.maxNodes },
  });
