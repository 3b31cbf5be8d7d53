import {
  type GroupArea,
  LevelsBySensorType,
  type ProcessingLevel,
  type SensorType,
} from '@satportal/contract';

/** Order area minimums of spec 000 §5 / 001 §5, per kind and whether the group is sub-metre. */
export interface Minimum {
  /** km² */
  area: number;
  /** km */
  width: number;
}

const minimums: Record<'archive' | 'tasking', { subMetre: Minimum; aboveOneMetre: Minimum }> = {
  archive: { subMetre: { area: 25, width: 5 }, aboveOneMetre: { area: 500, width: 10 } },
  tasking: { subMetre: { area: 100, width: 5 }, aboveOneMetre: { area: 2500, width: 10 } },
};

/** A group is sub-metre when its best GSD (pan or multispectral, else its sensors' best) is below 1 m. */
export const isSubMetre = (bestGsd: number) => bestGsd < 1;

export const minimumOf = (kind: 'archive' | 'tasking', bestGsd: number): Minimum =>
  isSubMetre(bestGsd) ? minimums[kind].subMetre : minimums[kind].aboveOneMetre;

/** The levels a sensor type offers, lowest first. */
export const levelsOf = (sensorType: SensorType): readonly ProcessingLevel[] =>
  LevelsBySensorType[sensorType];

/** km² or km to the 2 decimals the API reports. */
export const round2 = (x: number) => Math.round(x * 100) / 100;

/** A pass (acquisition) of one satellite: scenes whose times chain within this are one strip. */
export const stripGapMs = 10 * 60 * 1000;

/**
 * Strips: one satellite's scenes whose acquisition times chain within 10 minutes (one pass). An
 * overlap inside a strip is the same acquisition seen twice (adjacent scenes cut from one image
 * strip), so it is not charged; overlaps between strips are distinct acquisitions and are.
 * Answers the strip index of each scene, in the order given.
 */
export function stripsOf(scenes: readonly { satId: number; time: number }[]): number[] {
  const order = scenes
    .map((_, i) => i)
    .sort((a, b) => {
      const x = scenes[a]!;
      const y = scenes[b]!;
      return x.satId - y.satId || x.time - y.time;
    });
  const strip = new Array<number>(scenes.length);
  let current = -1;
  let previous: { satId: number; time: number } | undefined;
  for (const i of order) {
    const s = scenes[i]!;
    if (!previous || previous.satId !== s.satId || s.time - previous.time > stripGapMs) current += 1;
    strip[i] = current;
    previous = s;
  }
  return strip;
}

/**
 * The groups of a tasking order measured against their minimums: the ordered area is the AOI
 * itself, the same for every group (the order, its price and the enlargement share it).
 */
export const taskingGroupAreas = (
  groups: readonly { category: string; bestGsd: number }[],
  areaKm2: number,
  widthKm: number,
): GroupArea[] =>
  groups.map((g) => {
    const minimum = minimumOf('tasking', g.bestGsd);
    return {
      satGroupName: g.category,
      orderArea: round2(areaKm2),
      aoiWidth: round2(widthKm),
      orderMinArea: minimum.area,
      orderMinAoiWidth: minimum.width,
    };
  });
