import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Writes `target` so that it either does not exist or is whole: the bytes go to a temporary file
 * in `tempDir` (same file system as the target), are flushed, and the file is renamed into place.
 * A process killed mid-write leaves at most a temporary file, never a half file under the name.
 */
export async function writeFileAtomically(
  target: string,
  source: { path: string } | Buffer | string,
  options: { tempDir: string; mode?: number },
): Promise<number> {
  await mkdir(options.tempDir, { recursive: true });
  await mkdir(dirname(target), { recursive: true });
  // The writer's pid first: a sweep can tell a killed writer's leftover from a write in progress.
  const temp = join(options.tempDir, `${process.pid}-${Date.now()}-${randomBytes(8).toString('hex')}.tmp`);
  try {
    if (typeof source === 'string' || Buffer.isBuffer(source)) {
      await writeFile(temp, source, { mode: options.mode ?? 0o644 });
    } else {
      await copyFile(source.path, temp);
    }
    const handle = await open(temp, 'r+');
    let bytes: number;
    try {
      // Flushed before the rename: after a power cut the name never points at missing bytes.
      await handle.sync();
      bytes = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    return bytes;
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

/** True when a temporary file's name says its writer (this host's process) is gone. */
export function writerIsGone(tempName: string): boolean {
  const pid = Number(tempName.split('-')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** After this long a temporary file is a leftover whatever its name says (a writer's pid may be reused). */
export const StaleTempMs = 3600_000;

/**
 * Removes the temporary files killed writers left in `tempDir`: those whose writer is gone, and
 * any older than `StaleTempMs`. A write in progress (its writer alive, its file young) stays.
 */
export async function removeLeftoverTemps(tempDir: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(tempDir).catch(() => [] as string[])) {
    const path = join(tempDir, name);
    const info = await stat(path).catch(() => null);
    if (info && (writerIsGone(name) || now - info.mtimeMs > StaleTempMs)) await rm(path, { force: true });
  }
}
