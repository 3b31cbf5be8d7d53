import { createHash, randomUUID } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { defaultImageryDir } from '../../tiles';
import { levelDelivery } from './levels';
import { type SceneRasters, sceneRasters } from './raster-pool';
import { stacItem } from './stac-item';
import { DeliverableError, type DeliverablePackage, type PackageFile, type PackageInput } from './types';

/**
 * One zip per terms entry: per scene its COG and STAC Item, and SHA256SUMS (the format of
 * `sha256sum -c`) over every other file. The same input gives the same bytes (entries in scene
 * order, fixed entry times, deterministic GDAL and deflate), so a retried job writes an
 * identical package. The zip is written under a temporary name in workDir and renamed at the
 * end: `path` holds a whole package or nothing; the temporary file is removed on failure.
 */

export interface MakePackageOptions {
  /** where the real imagery is (default: data/imagery of the repository) */
  imageryDir?: string;
  /** who makes the scene rasters (default: the process's worker threads) */
  rasters?: SceneRasters;
}

const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,64}$/;
/** A local time whose fields are the same in every time zone (zip entry times are local). */
const ENTRY_TIME = new Date(2000, 0, 1, 0, 0, 0);

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const safeName = (sceneId: string): string => sceneId.replace(/[^A-Za-z0-9._-]/g, '_');

/** The zip entry of a scene's COG in its package (the tile services read it from there). */
export const cogEntryName = (sceneId: string, level: number): string =>
  `${safeName(sceneId)}_${levelDelivery(level).name}.tif`;

export async function makePackage(
  input: PackageInput,
  options: MakePackageOptions = {},
): Promise<DeliverablePackage> {
  const level = levelDelivery(input.level);
  if (!ORDER_NUMBER.test(input.orderNumber)) {
    throw new DeliverableError('badOrderNumber', 'the order number cannot name a file');
  }
  if (!Number.isSafeInteger(input.termsId) || input.termsId < 0) {
    throw new DeliverableError('badOrderNumber', 'the terms id must be a non-negative integer');
  }
  // The same scene twice would give two entries of one name: it is delivered once.
  const scenes = input.scenes.filter((s, i, all) => all.findIndex((t) => t.sceneId === s.sceneId) === i);
  if (scenes.length === 0) throw new DeliverableError('noScenes', 'a package needs at least one scene');
  const imageryDir = options.imageryDir ?? defaultImageryDir();
  const rasters = options.rasters ?? sceneRasters;

  const workDir = resolve(input.workDir);
  await mkdir(workDir, { recursive: true });
  const fileName = `${input.orderNumber}_${input.termsId}_${level.name}.zip`;
  const path = join(workDir, fileName);
  const temporary = join(workDir, `.${fileName}.${randomUUID()}.tmp`);

  const fd = openSync(temporary, 'wx');
  let open = true;
  const zipHash = createHash('sha256');
  let zipBytes = 0;
  let zipError: Error | null = null;
  const zip = new Zip((error, chunk, _final) => {
    if (error) {
      zipError = error;
      return;
    }
    writeSync(fd, chunk);
    zipHash.update(chunk);
    zipBytes += chunk.length;
  });
  const files: PackageFile[] = [];
  const add = (name: string, bytes: Uint8Array, compress: boolean) => {
    const entry = compress ? new ZipDeflate(name, { level: 9 }) : new ZipPassThrough(name);
    entry.mtime = ENTRY_TIME;
    zip.add(entry);
    entry.push(bytes, true);
    if (zipError) throw zipError;
    files.push({ name, bytes: bytes.length, sha256: sha256(bytes) });
  };

  try {
    for (const scene of scenes) {
      const result = await rasters.produce({ scene, level: level.code, clipAoi: input.clipAoi, imageryDir });
      if ('failed' in result) {
        const { reason, message, deliverable } = result.failed;
        throw deliverable
          ? new DeliverableError(reason as DeliverableError['reason'], `${scene.sceneId}: ${message}`)
          : new Error(`${scene.sceneId}: ${message}`);
      }
      const cogName = cogEntryName(scene.sceneId, level.code);
      const base = cogName.slice(0, -'.tif'.length);
      const cog = new Uint8Array(result.cog);
      // COGs are compressed inside (DEFLATE tiles): stored, so a reader can range-read them.
      add(cogName, cog, false);
      const item = stacItem({
        orderNumber: input.orderNumber,
        termsId: input.termsId,
        level,
        clipped: input.clipAoi !== null,
        scene,
        info: result.info,
        cogName,
        cogBytes: cog.length,
        cogSha256: files[files.length - 1]!.sha256,
      });
      add(`${base}.json`, new TextEncoder().encode(`${JSON.stringify(item, null, 2)}\n`), true);
    }
    const sums = files.map((f) => `${f.sha256}  ${f.name}\n`).join('');
    add('SHA256SUMS', new TextEncoder().encode(sums), true);
    zip.end();
    if (zipError) throw zipError;
    closeSync(fd);
    open = false;
    await rename(temporary, path);
  } catch (error) {
    if (open) closeSync(fd);
    await rm(temporary, { force: true });
    throw error;
  }
  return { path, fileName, bytes: zipBytes, sha256: zipHash.digest('hex'), files };
}
