import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { type OrbitalElements, toOrbitalElements } from './catalogue.mapper';
import type { OrbitalElementsRepository } from './orbital-elements.repository';
import { parseTle, type RejectedElementSet } from './tle';

export interface TleLoadReport {
  /** File name as recorded with the elements (no folder: the same file loads alike anywhere). */
  sourceFile: string;
  /** Valid element sets read from the file. */
  read: number;
  /** Of those, the ones new to the database. */
  loaded: number;
  /** Of those, the ones already there (same NORAD id and epoch). */
  alreadyKnown: number;
  /** Distinct NORAD ids of the file that satellites of the catalogue carry. */
  catalogueSatellites: number;
  /** Distinct NORAD ids no satellite carries yet: their elements are kept all the same. */
  otherSatellites: number;
  rejected: RejectedElementSet[];
}

/** Orbital elements: loading TLE files and finding the set nearest an instant. */
export class OrbitalElementsService {
  constructor(private readonly elements: OrbitalElementsRepository) {}

  /**
   * Loads the element sets of a TLE text; idempotent (a set is known by NORAD id
   * and epoch). Elements of satellites outside the catalogue are kept, because
   * operators add satellites later and they link by NORAD id.
   */
  async load(text: string, sourceFile: string): Promise<TleLoadReport> {
    const { elementSets, rejected } = parseTle(text);
    const loaded = await this.elements.insertNew(elementSets, sourceFile);
    const noradIds = [...new Set(elementSets.map((e) => e.noradId))];
    const outside = await this.elements.noradIdsOutsideCatalogue(noradIds);
    return {
      sourceFile,
      read: elementSets.length,
      loaded,
      alreadyKnown: elementSets.length - loaded,
      catalogueSatellites: noradIds.length - outside.length,
      otherSatellites: outside.length,
      rejected,
    };
  }

  async loadFile(path: string): Promise<TleLoadReport> {
    return this.load(await readFile(path, 'utf8'), basename(path));
  }

  /** Every `*.tle` file of a folder, in name order (demo mode: the bundled `data/tle`). */
  async loadFolder(folder: string): Promise<TleLoadReport[]> {
    const files = (await readdir(folder)).filter((f) => f.endsWith('.tle')).sort();
    const reports: TleLoadReport[] = [];
    for (const file of files) reports.push(await this.loadFile(join(folder, file)));
    return reports;
  }

  /** The element set nearest the instant for a satellite of the catalogue, if it has any. */
  async nearestForSatellite(satelliteId: number, at: Date): Promise<OrbitalElements | undefined> {
    const row = await this.elements.nearestForSatellite(satelliteId, at);
    return row && toOrbitalElements(row);
  }

  async nearest(noradId: number, at: Date): Promise<OrbitalElements | undefined> {
    const row = await this.elements.nearest(noradId, at);
    return row && toOrbitalElements(row);
  }
}

/** One line per report, for the CLI and the start log. */
export function describeTleLoad(r: TleLoadReport): string[] {
  return [
    `${r.sourceFile}: ${r.read} element sets read, ${r.loaded} loaded, ${r.alreadyKnown} already known, ${r.rejected.length} rejected`,
    `  satellites: ${r.catalogueSatellites} in the catalogue, ${r.otherSatellites} not in the catalogue${r.otherSatellites ? ' (kept; they link by NORAD id once added)' : ''}`,
    ...r.rejected.map((x) => `  rejected ${x.reason}${x.name ? ` (${x.name})` : ''}`),
  ];
}
