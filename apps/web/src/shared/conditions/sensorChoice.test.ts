import type { Satellite } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  type Catalogue,
  chosenSatelliteIds,
  groupOptions,
  parseSavedSats,
  selectionForType,
  sensorOptions,
  sensorTypesOf,
  withSavedSelection,
  withSensorFilter,
} from './sensorChoice';

const sat = (
  id: number,
  category: string,
  caps: Array<Partial<Satellite['cap']['caps'][number]>>,
): Satellite =>
  ({
    id,
    name: `${category} ${id}`,
    category,
    cap: {
      caps: caps.map((c) => ({
        type: 1,
        bands: [],
        stereos: [],
        polarisations: [],
        maxResolution: 1,
        maxShtPeriod: 1,
        ...c,
      })),
    },
  }) as Satellite;

// A small catalogue shaped like the demo one.
const catalogue: Catalogue = {
  sats: [
    sat(1, 'SuperView-1', [
      { bands: ['PAN', 'B', 'G', 'R', 'NIR'], stereos: ['MONO', 'STEREO'], maxResolution: 0.5 },
    ]),
    sat(2, 'Pléiades Neo', [
      {
        bands: ['PAN', 'CB', 'B', 'G', 'R', 'RE', 'NIR'],
        stereos: ['MONO', 'STEREO', 'TRISTEREO'],
        maxResolution: 0.3,
      },
    ]),
    sat(3, 'Sentinel-2', [
      { bands: ['CB', 'B', 'G', 'R', 'RE', 'NIR', 'SWIR'], stereos: ['MONO'], maxResolution: 10 },
    ]),
    sat(4, 'Jilin-1', [
      { type: 2, bands: ['B', 'G', 'R'], maxResolution: 0.92 },
      { type: 5, bands: ['B', 'G', 'R'], maxResolution: 0.92 },
    ]),
    sat(5, 'Gaofen-5', [{ type: 3, bands: ['VNIR', 'SWIR'], maxResolution: 30 }]),
    sat(6, 'Sentinel-1', [{ type: 4, bands: ['C'], maxResolution: 5 }]),
    sat(7, 'Luojia-1', [{ type: 2, bands: ['PAN'], maxResolution: 130 }]),
  ],
  groups: [
    { category: 'SuperView-1', satIds: [1], resolutionId: 2 },
    { category: 'Pléiades Neo', satIds: [2], resolutionId: 2 },
    { category: 'Sentinel-2', satIds: [3], resolutionId: 4 },
    { category: 'Jilin-1', satIds: [4], resolutionId: 3 },
    { category: 'Gaofen-5', satIds: [5], resolutionId: 5 },
    { category: 'Sentinel-1', satIds: [6], resolutionId: 4 },
    { category: 'Luojia-1', satIds: [7], resolutionId: 5 },
  ],
};

describe('sensor options (spec 000 §4: rebuilt from the satellite catalogue)', () => {
  it('lists the sensor types some satellite has, in the spec order', () => {
    expect(sensorTypesOf(catalogue)).toEqual([1, 2, 3, 4, 5]);
  });

  it('unites the bands, stereo modes and resolution classes of the type, in a stable order', () => {
    expect(sensorOptions(catalogue, 1)).toEqual({
      bands: ['PAN', 'CB', 'B', 'G', 'R', 'RE', 'NIR', 'SWIR'],
      stereos: ['MONO', 'STEREO', 'TRISTEREO'],
      resolutions: [2, 4],
    });
    expect(sensorOptions(catalogue, 2)).toEqual({
      bands: ['PAN', 'B', 'G', 'R'],
      stereos: [],
      resolutions: [3, 5],
    });
  });

  it('offers the groups with a satellite matching every chosen band, the stereo mode and a class', () => {
    const none = { bands: [], stereo: null, resolutions: [], satGroups: [] };
    expect(groupOptions(catalogue, 1, none)).toEqual(['SuperView-1', 'Pléiades Neo', 'Sentinel-2']);
    expect(groupOptions(catalogue, 1, { ...none, bands: ['SWIR'] })).toEqual(['Sentinel-2']);
    expect(groupOptions(catalogue, 1, { ...none, stereo: 'TRISTEREO' })).toEqual(['Pléiades Neo']);
    expect(groupOptions(catalogue, 1, { ...none, resolutions: [2] })).toEqual([
      'SuperView-1',
      'Pléiades Neo',
    ]);
    expect(groupOptions(catalogue, 1, { ...none, bands: ['PAN', 'SWIR'] })).toEqual([]);
  });

  it('for archive scenes, offers the classes oblique scenes fall in too, and matches a satellite by them', () => {
    // Issue 28 #8: a 10 m sensor's scenes off nadir are over 15 m (class 5); a 0.5 m one's reach 0.8–1.5 m.
    const scenes = { ...catalogue, resolutionsOf: 'scenes' as const };
    expect(sensorOptions(scenes, 1).resolutions).toEqual([2, 3, 4, 5]);
    expect(sensorOptions(catalogue, 1).resolutions).toEqual([2, 4]);
    // Radar keeps its resolution whatever the pointing.
    expect(sensorOptions(scenes, 4).resolutions).toEqual([4]);
    const none = { bands: [], stereo: null, resolutions: [], satGroups: [] };
    expect(groupOptions(scenes, 1, { ...none, resolutions: [5] })).toEqual(['Sentinel-2']);
    expect(groupOptions(scenes, 1, { ...none, resolutions: [3] })).toEqual(['SuperView-1']);
    expect(groupOptions(catalogue, 1, { ...none, resolutions: [5] })).toEqual([]);
  });

  it('sends the matching satellites of the chosen groups only', () => {
    const selection = { bands: [], stereo: null, resolutions: [], satGroups: ['Jilin-1', 'Luojia-1'] };
    expect(chosenSatelliteIds(catalogue, 2, selection)).toEqual([4, 7]);
    expect(chosenSatelliteIds(catalogue, 2, { ...selection, resolutions: [5] })).toEqual([7]);
    expect(chosenSatelliteIds(catalogue, 1, selection)).toEqual([]);
  });
});

describe('changing the sensor type (spec 000 §4)', () => {
  it('chooses every offered group when nothing was saved for the type', () => {
    expect(selectionForType(catalogue, 1, undefined)).toEqual({
      bands: [],
      stereo: null,
      resolutions: [],
      satGroups: ['SuperView-1', 'Pléiades Neo', 'Sentinel-2'],
    });
  });

  it('preselects a list with a single option', () => {
    // Hyperspectral: two bands (none preselected), no stereo, one class, one group.
    expect(selectionForType(catalogue, 3, undefined)).toEqual({
      bands: [],
      stereo: null,
      resolutions: [5],
      satGroups: ['Gaofen-5'],
    });
    // Radar: one band, one class, one group.
    expect(selectionForType(catalogue, 4, undefined)).toEqual({
      bands: ['C'],
      stereo: null,
      resolutions: [4],
      satGroups: ['Sentinel-1'],
    });
  });

  it('restores the saved selection, keeping only what the type still offers', () => {
    const saved = {
      bands: ['RE', 'TIR' as const],
      stereo: 'STEREO' as const,
      resolutions: [2 as const, 1 as const],
      satGroups: ['Pléiades Neo', 'Gone'],
    };
    expect(selectionForType(catalogue, 1, { ...saved, bands: ['RE', 'TIR'] })).toEqual({
      bands: ['RE'],
      stereo: 'STEREO',
      resolutions: [2],
      satGroups: ['Pléiades Neo'],
    });
  });

  it('does not carry the values chosen for the previous type', () => {
    // Optical with blue, green and red chosen; night light offers them too, but starts afresh.
    const optical = withSensorFilter(catalogue, 1, selectionForType(catalogue, 1, undefined), {
      bands: ['B', 'G', 'R'],
    });
    expect(optical.bands).toEqual(['B', 'G', 'R']);
    expect(selectionForType(catalogue, 2, undefined)).toEqual({
      bands: [],
      stereo: null,
      resolutions: [],
      satGroups: ['Jilin-1', 'Luojia-1'],
    });
  });

  it('drops a saved stereo mode the type does not offer', () => {
    const saved = { bands: [], stereo: 'TRISTEREO' as const, resolutions: [], satGroups: [] };
    expect(selectionForType(catalogue, 2, saved).stereo).toBeNull();
  });
});

describe('changing a band, stereo mode or resolution (spec 000 §4)', () => {
  const chosen = selectionForType(catalogue, 1, undefined);

  it('clears the chosen satellite groups', () => {
    const next = withSensorFilter(catalogue, 1, chosen, { bands: ['NIR'] });
    expect(next).toEqual({ bands: ['NIR'], stereo: null, resolutions: [], satGroups: [] });
    expect(withSensorFilter(catalogue, 1, chosen, { resolutions: [2] }).satGroups).toEqual([]);
  });

  it('clears them on a stereo mode change too, and when the filter goes back to any', () => {
    // Both SuperView-1 and Pléiades Neo offer STEREO: two groups left, none chosen.
    const stereo = withSensorFilter(catalogue, 1, chosen, { stereo: 'STEREO' });
    expect(stereo).toEqual({ bands: [], stereo: 'STEREO', resolutions: [], satGroups: [] });
    expect(groupOptions(catalogue, 1, stereo)).toEqual(['SuperView-1', 'Pléiades Neo']);
    expect(withSensorFilter(catalogue, 1, stereo, { stereo: null }).satGroups).toEqual([]);
  });

  it('leaves no group chosen when the filter matches none', () => {
    expect(withSensorFilter(catalogue, 1, chosen, { bands: ['PAN', 'SWIR'] }).satGroups).toEqual([]);
  });

  it('preselects the group when only one is left', () => {
    expect(withSensorFilter(catalogue, 1, chosen, { stereo: 'TRISTEREO' }).satGroups).toEqual([
      'Pléiades Neo',
    ]);
  });
});

describe('saved selections (local key sats)', () => {
  it('keeps archive and tasking apart and each type apart', () => {
    const a = { bands: ['NIR' as const], stereo: null, resolutions: [], satGroups: ['SuperView-1'] };
    const b = { bands: [], stereo: null, resolutions: [5 as const], satGroups: ['Gaofen-5'] };
    let saved = withSavedSelection({}, 'archive', 1, a);
    saved = withSavedSelection(saved, 'archive', 3, b);
    saved = withSavedSelection(saved, 'tasking', 1, b);
    const read = parseSavedSats(JSON.stringify(saved));
    expect(read.archive).toEqual({ type: 3, sensors: { 1: a, 3: b } });
    expect(read.tasking).toEqual({ type: 1, sensors: { 1: b } });
  });

  it('keeps the subscription panel choice apart from the archive and tasking ones', () => {
    const a = { bands: [], stereo: null, resolutions: [], satGroups: ['SuperView-1'] };
    const saved = withSavedSelection(withSavedSelection({}, 'archive', 1, a), 'subscription', 2, a);
    const read = parseSavedSats(JSON.stringify(saved));
    expect(read.subscription).toEqual({ type: 2, sensors: { 2: a } });
    expect(read.archive).toEqual({ type: 1, sensors: { 1: a } });
  });

  it('reads anything unreadable as nothing saved and drops unknown values', () => {
    expect(parseSavedSats(null)).toEqual({});
    expect(parseSavedSats('{oops')).toEqual({});
    expect(parseSavedSats('{"archive":{"type":9}}')).toEqual({});
    const odd = {
      archive: {
        type: 1,
        sensors: { 1: { bands: ['NIR', 'ZZ'], stereo: 'X', resolutions: [2, 8], satGroups: ['A'] } },
      },
    };
    expect(parseSavedSats(JSON.stringify(odd)).archive?.sensors[1]).toEqual({
      bands: ['NIR'],
      stereo: null,
      resolutions: [2],
      satGroups: ['A'],
    });
  });
});
