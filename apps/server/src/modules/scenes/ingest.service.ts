import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { CatalogueRepository } from '../catalogue/catalogue.repository';
import type { SceneInput, ScenesRepository } from './scenes.repository';
import { upsertBatchSize } from './scenes.repository';
import { type IngestSatellite, platformResolver, stacItemToScene } from './stac';

export interface RejectedItem {
  /** "line 12" (NDJSON) or "item 3" (a JSON file). */
  where: string;
  id: string | null;
  reason: string;
}

export interface IngestReport {
  /** File name, without its folder. */
  source: string;
  /** Items read (every line or feature, the rejected ones included). */
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: RejectedItem[];
  /** Demo start: the file was ingested before with the same content and was skipped. */
  skipped?: boolean;
}

type Progress = (message: string) => void;

/** How often a long ingest says how far it is. */
const progressEvery = 5000;

const itemFile = /\.(ndjson|jsonl|json|geojson)$/i;

/** Ingest of STAC Items (NDJSON, an ItemCollection, a single Item, or a folder of them). */
export class IngestService {
  constructor(
    private readonly scenes: ScenesRepository,
    private readonly catalogue: CatalogueRepository,
  ) {}

  /** A file or every item file of a folder (name order); idempotent (upsert by scene id). */
  async ingestPath(path: string, onProgress: Progress = () => {}): Promise<IngestReport[]> {
    const info = await stat(path);
    if (!info.isDirectory()) return [await this.ingestFile(path, onProgress)];
    const reports: IngestReport[] = [];
    for (const file of await itemFiles(path))
      reports.push(await this.ingestFile(join(path, file), onProgress));
    return reports;
  }

  /**
   * Demo mode: ingests the files of a folder that were not ingested before with the same
   * content, so that later starts only read and digest them.
   */
  async ingestFolderOnce(folder: string, onProgress: Progress = () => {}): Promise<IngestReport[]> {
    const reports: IngestReport[] = [];
    for (const file of await itemFiles(folder)) {
      const path = join(folder, file);
      const digest = createHash('sha256')
        .update(await readFile(path))
        .digest('hex');
      const key = `demo/${file}`;
      if ((await this.scenes.ingestedFileDigest(key)) === digest) {
        reports.push({
          source: file,
          read: 0,
          inserted: 0,
          updated: 0,
          unchanged: 0,
          rejected: [],
          skipped: true,
        });
        continue;
      }
      const report = await this.ingestFile(path, onProgress);
      await this.scenes.recordIngestedFile(key, digest, report.read, report.rejected.length);
      reports.push(report);
    }
    return reports;
  }

  async ingestFile(path: string, onProgress: Progress = () => {}): Promise<IngestReport> {
    const source = basename(path);
    const report: IngestReport = { source, read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: [] };
    const satelliteOf = platformResolver(await this.satellites());
    let batch: SceneInput[] = [];
    const whereOf = new Map<string, string>();

    const flush = async () => {
      if (!batch.length) return;
      const r = await this.scenes.upsertScenes(batch);
      report.inserted += r.inserted;
      report.updated += r.updated;
      report.unchanged += r.unchanged;
      for (const x of r.rejected)
        report.rejected.push({ where: whereOf.get(x.id) ?? '', id: x.id, reason: x.reason });
      batch = [];
      whereOf.clear();
    };

    const take = async (item: unknown, where: string) => {
      report.read++;
      const mapped = stacItemToScene(item, satelliteOf);
      if ('scene' in mapped) {
        batch.push(mapped.scene);
        whereOf.set(mapped.scene.id, where);
        if (batch.length >= upsertBatchSize) await flush();
      } else {
        report.rejected.push({ where, id: mapped.id, reason: mapped.reason });
      }
      if (report.read % progressEvery === 0) onProgress(`${source}: ${report.read} items…`);
    };

    if (await looksLikeNdjson(path)) {
      const lines = createInterface({
        input: createReadStream(path, 'utf8'),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      let n = 0;
      for await (const line of lines) {
        n++;
        if (!line.trim()) continue;
        let item: unknown;
        try {
          item = JSON.parse(line);
        } catch (e) {
          report.read++;
          report.rejected.push({ where: `line ${n}`, id: null, reason: `not JSON: ${(e as Error).message}` });
          continue;
        }
        await take(item, `line ${n}`);
      }
    } else {
      let document: unknown;
      try {
        document = JSON.parse(await readFile(path, 'utf8'));
      } catch (e) {
        report.rejected.push({ where: 'file', id: null, reason: `not JSON: ${(e as Error).message}` });
        return report;
      }
      const items = itemsOf(document);
      for (const [i, item] of items.entries()) await take(item, `item ${i + 1}`);
    }
    await flush();
    return report;
  }

  private async satellites(): Promise<IngestSatellite[]> {
    const rows = await this.catalogue.listSatellites(false);
    return rows.map((s) => {
      const resolutions = [s.pan_gsd_m, s.ms_gsd_m, ...s.capabilities.map((c) => c.max_resolution_m)].filter(
        (g): g is number => g !== null,
      );
      return {
        id: s.id,
        name: s.name,
        caps: s.capabilities.map((c) => ({
          type: c.sensor_type as IngestSatellite['caps'][number]['type'],
          bands: c.bands as IngestSatellite['caps'][number]['bands'],
          stereos: c.stereos as IngestSatellite['caps'][number]['stereos'],
          polarisations: c.polarisations as IngestSatellite['caps'][number]['polarisations'],
          maxResolution: c.max_resolution_m,
          maxShtPeriod: c.max_sht_period_days,
        })),
        node: s.node,
        nodeLocalTime: s.node_local_time,
        bestGsd: resolutions.length ? Math.min(...resolutions) : null,
      };
    });
  }
}

async function itemFiles(folder: string): Promise<string[]> {
  return (await readdir(folder, { withFileTypes: true }))
    .filter((e) => e.isFile() && itemFile.test(e.name))
    .map((e) => e.name)
    .sort();
}

/** NDJSON by its extension; otherwise a file whose first line is a whole JSON object. */
async function looksLikeNdjson(path: string): Promise<boolean> {
  if (/\.(ndjson|jsonl)$/i.test(path)) return true;
  if (/\.(json|geojson)$/i.test(path)) return false;
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8', end: 1 << 20 }) });
  for await (const line of lines) {
    lines.close();
    try {
      JSON.parse(line);
      return true;
    } catch {
      return false;
    }
  }
  return false;
}

/** The items of an ItemCollection (or any FeatureCollection), a single Item, or an array of Items. */
function itemsOf(document: unknown): unknown[] {
  if (Array.isArray(document)) return document;
  if (document && typeof document === 'object') {
    const d = document as { type?: unknown; features?: unknown };
    if (d.type === 'FeatureCollection' && Array.isArray(d.features)) return d.features;
  }
  return [document];
}

/** Lines for the CLI and the start log. */
export function describeIngest(r: IngestReport): string[] {
  if (r.skipped) return [`${r.source}: already ingested, skipped`];
  return [
    `${r.source}: ${r.read} items read, ${r.inserted} inserted, ${r.updated} updated, ${r.unchanged} unchanged, ${r.rejected.length} rejected`,
    ...r.rejected.map((x) => `  rejected ${x.where}${x.id ? ` (${x.id})` : ''}: ${x.reason}`),
  ];
}
