import { threadId } from 'node:worker_threads';
import type { UploadEncodingWarning } from '@satportal/contract';
import { type Ignored, type Screened, screenCandidates, toScreened } from '../shapes';
import { readUploadedFile, type UploadExtension } from './read-file';
import { UploadRefused } from './upload-refused';

/**
 * The CPU-bound part of an upload, run in a worker thread (`upload-pool.ts`): the file read
 * (size and position limits first, as each reader does), every shape checked against what
 * PostGIS can hold, features without a name numbered. What it answers crosses threads by
 * structured clone, so errors come back as values.
 */

export interface UploadTask {
  bytes: Uint8Array;
  extension: UploadExtension;
}

export interface ScreenedFile {
  candidates: Screened[];
  ignored: Ignored[];
  /** a shapefile layer had no .prj and was read as WGS 84 */
  noPrjAssumedWgs84: boolean;
  encodingWarnings: UploadEncodingWarning[];
  /** the thread that read the file */
  threadId: number;
}

export type UploadTaskResult =
  | { file: ScreenedFile }
  | { refused: { key: string; params: Record<string, string | number> } }
  | { unreadable: string };

export function readUpload(task: UploadTask): UploadTaskResult {
  try {
    const read = readUploadedFile(task.bytes, task.extension);
    let polygonNumber = 0;
    let pointNumber = 0;
    const candidates = screenCandidates(read.candidates).map((c) =>
      toScreened(c, c.name ?? (c.kind === 'aoi' ? `Polygon${++polygonNumber}` : `Point${++pointNumber}`)),
    );
    return {
      file: {
        candidates,
        ignored: read.ignored,
        noPrjAssumedWgs84: read.noPrjAssumedWgs84,
        encodingWarnings: read.encodingWarnings ?? [],
        threadId,
      },
    };
  } catch (e) {
    if (e instanceof UploadRefused) return { refused: { key: e.key, params: e.params } };
    // The parsers met something no rule foresaw: still the file's fault, not a 500.
    return { unreadable: e instanceof Error ? e.message.slice(0, 200) : String(e) };
  }
}

export default readUpload;
