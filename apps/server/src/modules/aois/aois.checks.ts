import { ResultCode } from '@satportal/contract';
import { ApiError } from '../../http/api-error';
import { invalidReason } from '../scenes/storable';
import type { AoiNodeRow, AoisRepository } from './aois.repository';
import type { Screened, ScreenedAoi, ShapeProblem } from './shapes';

// What drawing an AOI (aois.service.ts) and uploading a file (upload.service.ts) share: the folder
// a new node goes into and the database's verdict on its shapes. Kept apart so that neither service
// imports the other.

export const notFound = (field: string, key = 'aoi.notFound') =>
  new ApiError(ResultCode.NotFound, key, { field });
export const isFolder = (row: AoiNodeRow) => row.kind === 'folder' || row.kind === 'root';

/**
 * An AOI's stored geometry from its parts' coordinates (GeoJSON text): one part stays a Polygon,
 * several make a MultiPolygon. Built as text: the parts come as text from the upload worker.
 */
export const polygonGeoJson = (parts: string[]) =>
  parts.length === 1
    ? `{"type":"Polygon","coordinates":${parts[0]}}`
    : `{"type":"MultiPolygon","coordinates":[${parts.join(',')}]}`;

/** Why the database could not make or hold a shape (`AoisRepository.shapes`, `checkParts`). */
export const unstorable = (error: string): ShapeProblem =>
  /zero area/i.test(error)
    ? { reason: 'aoi.zeroArea' }
    : { reason: 'aoi.notStorable', params: { detail: error } };

/** Asks PostGIS about every polygon part at once; invalid parts move to the failures. */
export async function checkShapes(aois: AoisRepository, candidates: Screened[]): Promise<Screened[]> {
  const parts = candidates.flatMap((c) =>
    c.kind === 'aoi' ? c.parts.map((coordinates) => `{"type":"Polygon","coordinates":${coordinates}}`) : [],
  );
  const verdicts = await aois.checkParts(parts);
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

/** A folder of the caller's AOI tree; absent or -1 means "My AOIs" unless a choice is required. */
export async function aoiFolder(
  aois: AoisRepository,
  userId: number,
  id: number | undefined,
  field: string,
  required: boolean,
): Promise<AoiNodeRow> {
  if (id === undefined || id <= 0) {
    if (required) throw ApiError.invalid(field, 'tip.chooseFolder');
    return aois.root(userId, 'aois');
  }
  const row = await aois.find(userId, id, false);
  if (!row) throw notFound(field, 'aoi.parentNotFound');
  if (row.tree !== 'aois') throw ApiError.invalid(field, 'aoi.wrongTree');
  if (!isFolder(row)) throw ApiError.invalid(field, 'tip.chooseFolder');
  return row;
}

/** POIs live in "My POIs" (spec: POI parent -1): -1, absent, or that folder's own id. */
export async function poiFolder(
  aois: AoisRepository,
  userId: number,
  id: number | undefined,
  field: string,
): Promise<AoiNodeRow> {
  const root = await aois.root(userId, 'pois');
  if (id === undefined || id === -1 || id === root.id) return root;
  if (id <= 0 || !(await aois.find(userId, id, false))) throw notFound(field, 'aoi.parentNotFound');
  throw ApiError.invalid(field, 'aoi.wrongTree');
}
