import { type Static, Type } from 'typebox';
import { BandSchema, ResolutionClassIdSchema, SensorTypeSchema, StereoModeSchema } from './catalogue';
import { ListOf } from './envelope';
import { Limits } from './limits';
import { Id, Int32, SingleLineText } from './text';

/**
 * Archive search (spec 000 §3 Scene, Search response, Search condition, Sensor;
 * §5 "Archive search", "Scene-id search"; §7 calls; 001 §2 Histories).
 */

/** Product quality grades a scene can carry (spec 000 §2 "quality A/B"). */
export const ProductQualities = ['A', 'B'] as const;
export type ProductQuality = (typeof ProductQualities)[number];
export const ProductQualitySchema = Type.Enum([...ProductQualities]);

/** Orbit direction of a scene; the search condition adds 0 for "all". */
export const OrbitDirection = { All: 0, Ascending: 1, Descending: 2 } as const;
export type OrbitDirection = (typeof OrbitDirection)[keyof typeof OrbitDirection];

/** Where a scene comes from: real (ingested STAC items) or simulated from the real orbits. */
export const Provenances = ['real', 'simulated'] as const;
export type Provenance = (typeof Provenances)[number];

/** [longitude, latitude] in degrees, WGS 84. Longitudes beyond ±180 are taken as wrapped. */
export const Position = Type.Array(Type.Number(), {
  minItems: 2,
  maxItems: 3,
  description: '[longitude, latitude] (a third value is ignored)',
});
export type Position = Static<typeof Position>;

const Ring = Type.Array(Position, {
  minItems: 4,
  description: 'closed ring: the first position repeated last',
});
const AoiName = SingleLineText({
  maxLength: Limits.nameMax,
  description: 'the AOI name (history); no control characters, bidi controls are dropped',
});

/**
 * An area of interest: a GeoJSON Polygon or MultiPolygon, with its name as a foreign member
 * (RFC 7946 §6.1). Edges are straight in longitude/latitude; an AOI may cross ±180°.
 */
export const AoiPolygon = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(Ring, { minItems: 1 }),
  name: Type.Optional(AoiName),
});
export const AoiMultiPolygon = Type.Object({
  type: Type.Literal('MultiPolygon'),
  coordinates: Type.Array(Type.Array(Ring, { minItems: 1 }), { minItems: 1 }),
  name: Type.Optional(AoiName),
});
export const Aoi = Type.Union([AoiPolygon, AoiMultiPolygon]);
export type Aoi = Static<typeof Aoi>;

/** A calendar day, YYYY-MM-DD (UTC). */
export const IsoDate = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD (UTC day)',
});

/** Search condition (spec 000 §3); the defaults are those of the search panel (spec 000 §5). */
export const SearchCondition = Type.Object({
  fdate: IsoDate,
  tdate: IsoDate,
  cc: Type.Number({ minimum: 0, maximum: 100, default: 20, description: 'maximum cloud cover, %' }),
  ac: Type.Number({
    minimum: 0,
    maximum: 100,
    default: 0,
    description: 'minimum AOI coverage of a scene, %',
  }),
  ona: Type.Number({ minimum: 0, maximum: 90, default: 45, description: 'maximum off-nadir angle, degrees' }),
  sza: Type.Number({
    minimum: 0,
    maximum: 90,
    default: 0,
    description:
      'maximum sun zenith angle, degrees; 0 (the default of the panel) means no limit — a literal maximum of 0° would match nothing',
  }),
  orbit: Type.Enum([0, 1, 2], { default: 0, description: '0 all, 1 ascending, 2 descending' }),
  productQualities: Type.Array(ProductQualitySchema, {
    maxItems: 2,
    description: 'at least one of A, B (search.chooseQuality)',
  }),
});
export type SearchCondition = Static<typeof SearchCondition>;

/** Sensor choice (spec 000 §3 Sensor); an absent or empty field does not restrict. */
export const SensorChoice = Type.Object({
  type: Type.Optional(SensorTypeSchema),
  resolutionIds: Type.Optional(Type.Array(ResolutionClassIdSchema, { maxItems: 5 })),
  mode: Type.Optional(
    Type.Union([StereoModeSchema, Type.Literal(''), Type.Null()], {
      description: 'stereo mode (single choice)',
    }),
  ),
  band: Type.Optional(
    Type.Array(BandSchema, { maxItems: 20, description: 'bands a scene must all offer (multi-choice)' }),
  ),
});
export type SensorChoice = Static<typeof SensorChoice>;

export const SearchPage = Type.Object({
  start: Int32({ minimum: 0, default: 0 }),
  length: Type.Integer({ minimum: 1, maximum: Limits.archivePageSize, default: Limits.archivePageSize }),
});

/** The satellites of the chosen satellite groups (archive search, tasking prediction). */
export const SatelliteIds = Type.Array(Id(), {
  maxItems: 1000,
  description: 'satellites of the chosen satellite groups; at least one (placeholder.selectSatellite)',
});

/** Archive search request (spec 000 §7 "Archive search"). */
export const ArchiveSearchRequest = Type.Object({
  page: SearchPage,
  taskId: Type.Optional(
    Type.Union([Type.String({ format: 'uuid' }), Type.Literal(''), Type.Null()], {
      description:
        'absent or empty: a new search; the taskId of an earlier search of the caller: get more (the stored search continues, only `page` is read)',
    }),
  ),
  aois: Type.Array(Aoi, { maxItems: Limits.aoisMax, description: 'at least one AOI' }),
  condition: SearchCondition,
  satIds: SatelliteIds,
  sensor: Type.Optional(SensorChoice),
});
export type ArchiveSearchRequest = Static<typeof ArchiveSearchRequest>;

export const ArchiveSortKeys = ['time', 'cc', 'ona', 'sza', 'gsd'] as const;
export type ArchiveSortKey = (typeof ArchiveSortKeys)[number];

export const ArchiveSearchQuery = Type.Object({
  sort: Type.Optional(
    Type.String({
      pattern: `^(${ArchiveSortKeys.join('|')})(,(asc|desc))?$`,
      default: 'time,desc',
      description:
        'time (acquisition), cc, ona, sza or gsd, then asc or desc; ties are broken by scene id. Unknown values (ona, cc, sza) sort last.',
    }),
  ),
});
export type ArchiveSearchQuery = Static<typeof ArchiveSearchQuery>;

/** Scene (spec 000 §3 "Scene (search result)"), as the archive and scene-id searches answer it. */
export const ArchiveScene = Type.Object({
  sceneId: Type.String(),
  boundaries: Type.Array(Type.Array(Position), {
    description: 'outer ring of each footprint part as [lon, lat] points (two parts when split at ±180°)',
  }),
  time: Type.String({ format: 'date-time', description: 'acquisition time, UTC' }),
  shooting_time: Type.String({ format: 'date-time', description: 'the same instant (spec field)' }),
  satId: Type.Integer(),
  satName: Type.String(),
  satGroupName: Type.String(),
  imageGsd: Type.Number({ description: 'ground sample distance, metres' }),
  resolutionId: ResolutionClassIdSchema,
  cc: Type.Union([Type.Number(), Type.Null()], { description: 'cloud cover %; null: not published' }),
  ona: Type.Union([Type.Number(), Type.Null()], { description: 'off-nadir angle °; null: not published' }),
  sza: Type.Union([Type.Number(), Type.Null()], { description: 'sun zenith angle °; null: not published' }),
  ac: Type.Union([Type.Number(), Type.Null()], {
    description: 'share of the AOI this scene covers, %, 2 decimals; null in a scene-id search',
  }),
  productQuality: ProductQualitySchema,
  area: Type.Number({ description: 'footprint area, km², 2 decimals' }),
  orbit: Type.Enum([1, 2], { description: '1 ascending, 2 descending' }),
  type: SensorTypeSchema,
  bands: Type.Array(BandSchema),
  mode: StereoModeSchema,
  provenance: Type.Enum([...Provenances]),
  inGeoServer: Type.Boolean({ description: 'the quicklook service serves this scene' }),
  quicklookUrl: Type.Union([Type.String(), Type.Null()], {
    description: "the provider's own preview image, where the metadata names one",
  }),
  ossKey: Type.Null(),
  orderNo: Type.Null(),
  formatType: Type.String({ description: 'quicklook image format' }),
  accessType: Type.Union([Type.Literal('WMTS'), Type.Literal('XYZ'), Type.Null()], {
    description: 'tile access of delivered data; null for archive scenes',
  }),
  wmtsLayer: Type.Null(),
  wmtsMatrixSet: Type.Null(),
  wmtsStyle: Type.Null(),
});
export type ArchiveScene = Static<typeof ArchiveScene>;

/** Search response (spec 000 §3). */
export const ArchiveSearchResponse = Type.Object({
  images: Type.Array(ArchiveScene),
  more: Type.Boolean({ description: 'further pages exist' }),
  count: Type.Integer({ description: 'number of matching scenes' }),
  ac: Type.Number({
    description:
      'percentage of the AOI covered by the union of all matching footprints (geodesic), 2 decimals',
  }),
  taskId: Type.String({ format: 'uuid' }),
});
export type ArchiveSearchResponse = Static<typeof ArchiveSearchResponse>;

/** Scene-id search (spec 000 §5, §7). */
export const SceneIdSearchRequest = Type.Object({
  sceneIds: Type.Array(SingleLineText({ minLength: 1, maxLength: 200 }), {
    maxItems: Limits.archivePageSize,
    description: 'at least one scene id (search.noSceneId)',
  }),
});
export type SceneIdSearchRequest = Static<typeof SceneIdSearchRequest>;

export const SceneIdSearchResponse = Type.Object({
  images: Type.Array(ArchiveScene, { description: 'the known scenes, in the order asked' }),
  unknownIds: Type.Array(Type.String(), { description: 'the ids of no scene of the archive' }),
  count: Type.Integer(),
  more: Type.Boolean(),
  taskId: Type.String({ format: 'uuid' }),
});
export type SceneIdSearchResponse = Static<typeof SceneIdSearchResponse>;

/** `GET archive/searches/:taskId`: the caller's stored search (another user's or a purged one is 4004). */
export const ArchiveSearchIdParams = Type.Object({ taskId: Type.String({ format: 'uuid' }) });

const StoredSort = Type.String({
  pattern: `^(${ArchiveSortKeys.join('|')}),(asc|desc)$`,
  description: 'the order its pages come in, as `?sort=` of the archive search',
});

/**
 * What a stored search asked (issue 28 #6): a link names a search by its taskId, and the browser
 * opens it again from this — an AOI search's request (its pages through `archive/search` with the
 * taskId), a scene-id search's ids, or the subscription whose new images it lists (its pages
 * through `subscriptions/:id/items` with the taskId).
 */
export const StoredArchiveSearch = Type.Union([
  Type.Object({
    kind: Type.Literal('aoi'),
    taskId: Type.String({ format: 'uuid' }),
    request: Type.Object({
      aois: Type.Array(Aoi),
      condition: SearchCondition,
      satIds: Type.Array(Type.Integer()),
      sensor: SensorChoice,
    }),
    sort: StoredSort,
  }),
  Type.Object({
    kind: Type.Literal('ids'),
    taskId: Type.String({ format: 'uuid' }),
    sceneIds: Type.Array(Type.String()),
  }),
  Type.Object({
    kind: Type.Literal('subscription'),
    taskId: Type.String({ format: 'uuid' }),
    subscriptionId: Type.Integer(),
    sort: StoredSort,
  }),
]);
export type StoredArchiveSearch = Static<typeof StoredArchiveSearch>;

/** Archive search history entry (spec 001 §3). */
export const ArchiveSearchHistoryEntry = Type.Object({
  id: Type.Integer(),
  condition: SearchCondition,
  sensor: SensorChoice,
  satIds: Type.Array(Type.Integer()),
  satGroups: Type.Array(Type.Object({ category: Type.String() })),
  aois: Type.Array(Aoi),
  searchTime: Type.String({ format: 'date-time' }),
});
export type ArchiveSearchHistoryEntry = Static<typeof ArchiveSearchHistoryEntry>;

export const ArchiveSearchHistoryResponse = ListOf(ArchiveSearchHistoryEntry, 'newest first, at most 10');
export type ArchiveSearchHistoryResponse = Static<typeof ArchiveSearchHistoryResponse>;

/** AOI search history entry (spec 001 §3): the AOI with `geometry.cors` as {lat, lng} points. */
export const AoiSearchHistoryEntry = Type.Object({
  id: Type.Integer(),
  aoi: Type.Object({
    name: Type.Union([Type.String(), Type.Null()]),
    geometry: Type.Object({
      type: Type.Literal(4, { description: '4 polygon (spec AOI geometry type)' }),
      cors: Type.Array(Type.Object({ lat: Type.Number(), lng: Type.Number() }), {
        description: 'outer ring of the (first) polygon',
      }),
    }),
    geojson: Aoi,
  }),
  area: Type.Integer({ description: 'geodesic area, km², rounded to whole km²' }),
  lastQueryTime: Type.String({ format: 'date-time' }),
});
export type AoiSearchHistoryEntry = Static<typeof AoiSearchHistoryEntry>;

export const AoiSearchHistoryResponse = ListOf(AoiSearchHistoryEntry, 'latest query first, at most 10');
export type AoiSearchHistoryResponse = Static<typeof AoiSearchHistoryResponse>;
