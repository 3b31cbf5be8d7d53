import {
  type Band,
  Bands,
  type Capability,
  ResolutionClasses,
  type ResolutionClassId,
  resolutionClassOf,
  type Satellite,
  type SatelliteGroup,
  type SensorChoice,
  SensorType,
  SensorTypes,
  type StereoMode,
  StereoModes,
} from '@satportal/contract';

/**
 * The sensor part of a search form (spec 000 §2, §4 "Sensor type change"): a type, then bands,
 * a stereo mode and resolution classes offered by the satellites of that type, and the satellite
 * groups that still match. Pure functions over the satellite catalogue; the form keeps the state.
 */

/** What the catalogue offers for one sensor type. */
export interface SensorOptions {
  bands: Band[];
  stereos: StereoMode[];
  resolutions: ResolutionClassId[];
}

/** What the user chose for one sensor type (also what is saved under the local key `sats`). */
export interface SensorSelection {
  bands: Band[];
  stereo: StereoMode | null;
  resolutions: ResolutionClassId[];
  /** Chosen satellite groups, by category. */
  satGroups: string[];
}

export interface Catalogue {
  sats: readonly Satellite[];
  groups: readonly SatelliteGroup[];
  /**
   * What a resolution class is of: `scenes` (archive, subscriptions: each scene has the class of its
   * own GSD, which grows off nadir, so a 15 m sensor's oblique scenes are over 15 m) or `sensor`
   * (tasking, and the default: the prediction filters by the sensor's best resolution).
   */
  resolutionsOf?: 'scenes' | 'sensor';
}

/**
 * How much coarser than its best an archive scene may be: the GSD off nadir is the best times
 * √(along × cross) of the pointing, about 2.4 at the catalogue's widest pointing (52°). Radar keeps
 * its resolution. Issue 28 #8: from the best resolutions alone the archive form offered 3 of the
 * spec's 5 classes while it listed scenes of 15–30 m.
 */
const offNadirGsdGrowth = 2.5;

/** The resolution classes a capability's scenes (or its sensor) fall in, finest first. */
function classesOf(cap: Capability, of: Catalogue['resolutionsOf']): ResolutionClassId[] {
  const best = resolutionClassOf(cap.maxResolution);
  if (of !== 'scenes' || cap.type === SensorType.Radar) return [best];
  const coarsest = resolutionClassOf(cap.maxResolution * offNadirGsdGrowth);
  return ResolutionClasses.map((band) => band.id).filter((id) => id >= best && id <= coarsest);
}

const bandOrder = Object.keys(Bands) as Band[];
const byOrder =
  <T>(order: readonly T[]) =>
  (a: T, b: T) =>
    order.indexOf(a) - order.indexOf(b);

const capsOf = (sat: Satellite, type: SensorType): Capability[] =>
  sat.cap.caps.filter((cap) => cap.type === type);

/** The sensor types some satellite of the catalogue has, in the spec's order. */
export function sensorTypesOf(catalogue: Catalogue): SensorType[] {
  return SensorTypes.filter((type) => catalogue.sats.some((sat) => capsOf(sat, type).length > 0));
}

/** Bands, stereo modes and resolution classes offered by the satellites of one sensor type. */
export function sensorOptions(catalogue: Catalogue, type: SensorType): SensorOptions {
  const bands = new Set<Band>();
  const stereos = new Set<StereoMode>();
  const resolutions = new Set<ResolutionClassId>();
  for (const sat of catalogue.sats) {
    for (const cap of capsOf(sat, type)) {
      for (const band of cap.bands) bands.add(band);
      for (const stereo of cap.stereos) stereos.add(stereo);
      for (const id of classesOf(cap, catalogue.resolutionsOf)) resolutions.add(id);
    }
  }
  return {
    bands: [...bands].sort(byOrder(bandOrder)),
    stereos: [...stereos].sort(byOrder(StereoModes)),
    resolutions: [...resolutions].sort((a, b) => a - b),
  };
}

/** A capability matches when it offers every chosen band, the chosen stereo mode and a chosen class. */
function capabilityMatches(
  cap: Capability,
  selection: SensorSelection,
  of: Catalogue['resolutionsOf'],
): boolean {
  if (!selection.bands.every((band) => cap.bands.includes(band))) return false;
  if (selection.stereo && !cap.stereos.includes(selection.stereo)) return false;
  if (selection.resolutions.length === 0) return true;
  return classesOf(cap, of).some((id) => selection.resolutions.includes(id));
}

/** Satellites of the type whose sensor matches the chosen bands, stereo mode and resolutions. */
export function matchingSatellites(
  catalogue: Catalogue,
  type: SensorType,
  selection: SensorSelection,
): Satellite[] {
  return catalogue.sats.filter((sat) =>
    capsOf(sat, type).some((cap) => capabilityMatches(cap, selection, catalogue.resolutionsOf)),
  );
}

/** The satellite groups offered: those with at least one matching satellite, in catalogue order. */
export function groupOptions(catalogue: Catalogue, type: SensorType, selection: SensorSelection): string[] {
  const matching = new Set(matchingSatellites(catalogue, type, selection).map((sat) => sat.id));
  return catalogue.groups
    .filter((group) => group.satIds.some((id) => matching.has(id)))
    .map((group) => group.category);
}

/** The satellite ids a search sends: the matching satellites of the chosen groups. */
export function chosenSatelliteIds(
  catalogue: Catalogue,
  type: SensorType,
  selection: SensorSelection,
): number[] {
  const matching = new Set(matchingSatellites(catalogue, type, selection).map((sat) => sat.id));
  const chosen = new Set(selection.satGroups);
  return catalogue.groups
    .filter((group) => chosen.has(group.category))
    .flatMap((group) => group.satIds.filter((id) => matching.has(id)));
}

/** The `sensor` part of a search or prediction request (spec 000 §7): the type and the chosen filters. */
export function sensorRequestOf(type: SensorType, selection: SensorSelection): SensorChoice {
  return {
    type,
    resolutionIds: [...selection.resolutions],
    mode: selection.stereo ?? null,
    band: [...selection.bands],
  };
}

const emptySelection = (): SensorSelection => ({ bands: [], stereo: null, resolutions: [], satGroups: [] });

/**
 * The selection after choosing a sensor type (spec 000 §4): the options are rebuilt, the values
 * chosen for the previous type are dropped, the selection saved for this type comes back (keeping
 * only what is still offered), and a list with a single option has it preselected. With nothing
 * saved, every offered satellite group is chosen, so a first search needs no extra click.
 */
export function selectionForType(
  catalogue: Catalogue,
  type: SensorType,
  saved: SensorSelection | undefined,
): SensorSelection {
  const options = sensorOptions(catalogue, type);
  const base = saved ?? emptySelection();
  const only = <T>(list: readonly T[]) => (list.length === 1 ? [list[0] as T] : []);
  const kept = <T>(chosen: readonly T[], offered: readonly T[]) => chosen.filter((v) => offered.includes(v));

  const bands = kept(base.bands, options.bands);
  const resolutions = kept(base.resolutions, options.resolutions);
  const stereo = base.stereo && options.stereos.includes(base.stereo) ? base.stereo : null;
  const selection: SensorSelection = {
    bands: bands.length ? bands : only(options.bands),
    stereo: stereo ?? only(options.stereos)[0] ?? null,
    resolutions: resolutions.length ? resolutions : only(options.resolutions),
    satGroups: [],
  };
  const groups = groupOptions(catalogue, type, selection);
  const savedGroups = saved ? kept(saved.satGroups, groups) : groups;
  selection.satGroups = savedGroups.length ? savedGroups : only(groups);
  return selection;
}

/**
 * A changed band, stereo mode or resolution choice clears the chosen satellite groups (spec 000 §4),
 * unless only one group is left, which is then preselected.
 */
export function withSensorFilter(
  catalogue: Catalogue,
  type: SensorType,
  selection: SensorSelection,
  change: Partial<Pick<SensorSelection, 'bands' | 'stereo' | 'resolutions'>>,
): SensorSelection {
  const next = { ...selection, ...change, satGroups: [] };
  const groups = groupOptions(catalogue, type, next);
  return { ...next, satGroups: groups.length === 1 ? groups : [] };
}

// ── Saved selections (local key `sats`, spec 000 §3 "Saved search preferences") ───────────────────

/** The forms with a sensor part, each with its own saved choice (the subscription panel's apart, as tasking's). */
export const SearchKinds = ['archive', 'tasking', 'subscription'] as const;
export type SearchKind = (typeof SearchKinds)[number];

/** Per search kind: the last sensor type and the selection of each type. */
export interface SavedSensorPreferences {
  type: SensorType;
  sensors: Partial<Record<SensorType, SensorSelection>>;
}

export type SavedSats = Partial<Record<SearchKind, SavedSensorPreferences>>;

export const savedSatsKey = 'sats';

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

function parseSelection(value: unknown): SensorSelection | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isStringArray(v.bands) || !isStringArray(v.satGroups) || !Array.isArray(v.resolutions))
    return undefined;
  return {
    bands: v.bands.filter((b): b is Band => b in Bands),
    stereo: StereoModes.includes(v.stereo as StereoMode) ? (v.stereo as StereoMode) : null,
    resolutions: v.resolutions.filter((r): r is ResolutionClassId => [1, 2, 3, 4, 5].includes(r as number)),
    satGroups: v.satGroups,
  };
}

/** What `sats` holds; anything unreadable (another version, hand edits) counts as nothing saved. */
export function parseSavedSats(text: string | null): SavedSats {
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const saved: SavedSats = {};
  for (const kind of SearchKinds) {
    const entry = (raw as Record<string, unknown>)[kind] as Record<string, unknown> | undefined;
    if (!entry || !SensorTypes.includes(entry.type as SensorType)) continue;
    const sensors: SavedSensorPreferences['sensors'] = {};
    for (const type of SensorTypes) {
      const selection = parseSelection((entry.sensors as Record<string, unknown> | undefined)?.[type]);
      if (selection) sensors[type] = selection;
    }
    saved[kind] = { type: entry.type as SensorType, sensors };
  }
  return saved;
}

/** `sats` with one kind's selection of one type replaced (the other kind and types are kept). */
export function withSavedSelection(
  saved: SavedSats,
  kind: SearchKind,
  type: SensorType,
  selection: SensorSelection,
): SavedSats {
  const current = saved[kind];
  return { ...saved, [kind]: { type, sensors: { ...current?.sensors, [type]: selection } } };
}

export function loadSavedSats(storage: Pick<Storage, 'getItem'> = localStorage): SavedSats {
  return parseSavedSats(storage.getItem(savedSatsKey));
}

export function storeSavedSats(saved: SavedSats, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(savedSatsKey, JSON.stringify(saved));
}
