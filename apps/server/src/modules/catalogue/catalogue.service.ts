import {
  ResolutionClasses,
  type ResolutionsResponse,
  resolutionClassOf,
  type SatellitesResponse,
} from '@satportal/contract';
import { toSatellitesResponse } from './catalogue.mapper';
import type { CatalogueRepository, SatelliteGroupSeed, SatelliteSeed } from './catalogue.repository';
import type { ConstellationGroup } from './constellation';

export interface SeedReport {
  groups: number;
  satellites: number;
  warnings: string[];
}

/** The satellite catalogue: satellites, satellite groups, resolution classes (spec 000 §3, §7). */
export class CatalogueService {
  constructor(private readonly catalogue: CatalogueRepository) {}

  /** `taskable`: only satellites that take tasking orders; otherwise every archive satellite. */
  async listSatellites(query: { taskable: boolean }): Promise<SatellitesResponse> {
    return toSatellitesResponse(await this.catalogue.listSatellites(query.taskable));
  }

  listResolutions(): ResolutionsResponse {
    return { resolutions: ResolutionClasses.map((c) => ({ ...c })) };
  }

  /**
   * Writes the constellation into the database; run at every start so that
   * corrected figures reach existing databases. A satellite without any
   * capability is kept and only warned about (spec 000 §3): it is still a real
   * satellite of the archive, it just matches no sensor search.
   */
  async seedConstellation(
    constellation: ConstellationGroup[],
    warn: (message: string) => void = () => {},
  ): Promise<SeedReport> {
    const warnings: string[] = [];
    const seen = new Set<number>();
    const groups: SatelliteGroupSeed[] = [];
    const satellites: SatelliteSeed[] = [];
    let sortOrder = 0;

    for (const [groupIndex, group] of constellation.entries()) {
      const resolutions = group.satellites.flatMap((s) => [
        ...s.caps.map((c) => c.maxResolution),
        ...[s.panGsd, s.msGsd].filter((g): g is number => g !== null),
      ]);
      // The group's class is that of its sharpest sensor: the class a customer filters by.
      const best = resolutions.length ? Math.min(...resolutions) : Number.POSITIVE_INFINITY;
      groups.push({ category: group.category, resolutionId: resolutionClassOf(best), sortOrder: groupIndex });

      for (const s of group.satellites) {
        if (seen.has(s.noradId)) {
          throw new Error(`constellation: NORAD id ${s.noradId} (${s.name}) appears twice`);
        }
        seen.add(s.noradId);
        if (s.caps.length === 0) {
          warnings.push(
            `satellite "${s.name}" (NORAD ${s.noradId}) has no capability; kept in the catalogue`,
          );
        }
        satellites.push({ ...s, category: group.category, sortOrder: sortOrder++ });
      }
    }

    await this.catalogue.upsertConstellation(groups, satellites);
    for (const w of warnings) warn(w);
    return { groups: groups.length, satellites: satellites.length, warnings };
  }
}
