import { type Static, Type } from 'typebox';
import { Limits } from './limits';
import { Id, Int32, Int32Max, idListPattern, SingleLineText } from './text';

/**
 * Saved areas and points: the AOI tree, the POI list, upload and export
 * (spec 001 §2 AOI centre, POI centre, Upload dialog; §3 AOI node, POI; §5; §7; §9).
 */

/** Spec `geometry.type`: 1 point (a POI), 4 polygon (an AOI). */
export const AoiGeometryType = { Point: 1, Polygon: 4 } as const;
export type AoiGeometryType = (typeof AoiGeometryType)[keyof typeof AoiGeometryType];

/** Spec `type` of the list call: 1 the AOI tree (folders and AOIs), 2 the POIs. */
export const AoiListType = { Aois: 1, Pois: 2 } as const;

/**
 * What a node is. `root`: "My AOIs" (the AOI tree) or "My POIs" (the POI list), one of each
 * per user, read-only: never moved, renamed, exported or deleted.
 */
export const AoiNodeKinds = ['root', 'folder', 'aoi', 'poi'] as const;
export type AoiNodeKind = (typeof AoiNodeKinds)[number];

/** Upload limits (spec 001 §5, §9) and the bounds of hostile-input safety (DESIGN §8). */
export const AoiUploadLimits = {
  /** at most 5 MB (`tip.errorSize500`) */
  maxBytes: 5 * 1024 * 1024,
  /** the file name must be shorter than 50 characters (`tip.length50`) */
  nameMaxLength: 49,
  /** accepted extensions (`tip.errorFormat`); a .zip must hold a shapefile */
  extensions: ['kml', 'kmz', 'json', 'geojson', 'zip'],
  /** positions in one file (polygons, points and ignored lines together) */
  maxVertices: 200_000,
  /**
   * features in one file (Placemarks, GeoJSON features, shapefile records), and AOIs and POIs they
   * make (`upload.tooManyFeatures`): a national list of stations or of counties fits (docs/SECURITY.md)
   */
  maxFeatures: 5_000,
  /** total uncompressed size of a KMZ or zip, as declared and as really inflated */
  maxUnzippedBytes: 50 * 1024 * 1024,
  /** uncompressed / compressed, refused above this once the content passes 1 MiB */
  maxZipRatio: 100,
  /** entries of one zip */
  maxZipEntries: 1000,
  /** failures and ignored shapes listed in a result (their counts are always complete) */
  maxReported: 1000,
} as const;

/** The trees' bounds (issue 26): how much one account holds, how much one answer lists. */
export const AoiTreeLimits = {
  /**
   * folders, AOIs and POIs of one account together, the two roots aside (`aoi.tooManyNodes`, 4009):
   * two national lists at the features-per-file limit (docs/SECURITY.md)
   */
  maxNodes: 10_000,
  /** nodes in one answer of `GET /aois` (`length`'s default and maximum) */
  pageMax: 1_000,
} as const;

export const LatLngSchema = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ description: 'longitude; values beyond ±180 (a wrapped map) are brought into range' }),
});

const GeoPosition = Type.Array(Type.Number(), {
  minItems: 2,
  maxItems: 3,
  description: '[longitude, latitude] (a third value is ignored)',
});
const GeoRing = Type.Array(GeoPosition, { description: 'closed ring: the first position repeated last' });

/** GeoJSON geometries of AOIs and POIs (RFC 7946: straight edges in longitude/latitude). */
export const AoiGeoJsonPolygon = Type.Object({
  type: Type.Literal('Polygon'),
  coordinates: Type.Array(GeoRing, { description: 'outer ring, then holes' }),
});
export const AoiGeoJsonMultiPolygon = Type.Object({
  type: Type.Literal('MultiPolygon'),
  coordinates: Type.Array(Type.Array(GeoRing), { description: 'parts (islands), each with its holes' }),
});
export const AoiGeoJsonPoint = Type.Object({ type: Type.Literal('Point'), coordinates: GeoPosition });
export const AoiGeoJson = Type.Union([AoiGeoJsonPolygon, AoiGeoJsonMultiPolygon, AoiGeoJsonPoint]);
export type AoiGeoJson = Static<typeof AoiGeoJson>;

/** Spec `geometry`, extended with the exact GeoJSON so that holes and parts are never lost. */
export const AoiGeometry = Type.Object({
  type: Type.Union([Type.Literal(1), Type.Literal(4)], { description: '1 point, 4 polygon' }),
  cors: Type.Array(LatLngSchema, {
    description: 'a point: its position; a polygon: the outer ring of its (first) part, closed',
  }),
  geojson: AoiGeoJson,
});
export type AoiGeometry = Static<typeof AoiGeometry>;

/** AOI node (spec 001 §3): a folder, an AOI, a POI, or one of the two roots. */
export const AoiNode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: Type.Enum([...AoiNodeKinds]),
  hasGeo: Type.Boolean({ description: 'false for a folder or a root, true for an AOI or a POI' }),
  parentId: Type.Integer({ description: '-1 for the roots "My AOIs" and "My POIs"' }),
  readonly: Type.Boolean({ description: 'the roots: never moved, renamed, exported or deleted' }),
  order: Type.Integer({ description: 'position among its siblings' }),
  area: Type.Union([Type.Number(), Type.Null()], { description: 'AOIs: geodesic area, km², 2 decimals' }),
  geometry: Type.Union([AoiGeometry, Type.Null()], {
    description: 'null for folders; in the AOI tree listing also null for AOIs (GET /aois/{id} has it)',
  }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AoiNode = Static<typeof AoiNode>;

export const AoiListQuery = Type.Object({
  type: Type.Optional(
    Type.Union([Type.Literal(1), Type.Literal(2)], {
      default: 1,
      description: '1: "My AOIs" with its folders and AOIs (without geometry); 2: "My POIs" with its POIs',
    }),
  ),
  start: Type.Optional(Int32({ minimum: 0, default: 0, description: 'nodes to skip, in the tree order' })),
  length: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: AoiTreeLimits.pageMax,
      default: AoiTreeLimits.pageMax,
      description: 'nodes to answer at most',
    }),
  ),
});
export type AoiListQuery = Static<typeof AoiListQuery>;

export const AoiListResponse = Type.Object({
  aois: Type.Array(AoiNode, {
    description: 'flat, parents before children, siblings in order; one page of the tree (`start`, `length`)',
  }),
  total: Type.Integer({ description: 'nodes in the whole tree, the root included' }),
  more: Type.Boolean({ description: 'nodes follow this page: ask again with `start` + the nodes answered' }),
});
export type AoiListResponse = Static<typeof AoiListResponse>;

export const AoiIdParams = Type.Object({ id: Id() });
export type AoiIdParams = Static<typeof AoiIdParams>;

/**
 * Names are checked by the server with the spec's keys; the schema only bounds the request and
 * refuses control characters. Bidi override and isolate characters are dropped by the server.
 */
const NodeName = SingleLineText({
  maxLength: 1000,
  description: `1–${Limits.nameMax} characters after trimming (tip.aoiName, poi.tipAOIname, poi.tipPOIname); no control characters`,
});

/** Spec `aoi/add`: a folder (hasGeo false), an AOI (geometry type 4) or a POI (geometry type 1). */
export const AoiAddRequest = Type.Object({
  hasGeo: Type.Boolean(),
  name: NodeName,
  parentId: Type.Optional(
    Int32({
      description:
        'folders and AOIs: a folder of the AOI tree ("My AOIs" included), required (tip.chooseFolder); POIs: -1 or the id of "My POIs"',
    }),
  ),
  geometry: Type.Optional(
    Type.Object({
      type: Type.Union([Type.Literal(1), Type.Literal(4)]),
      cors: Type.Optional(
        Type.Array(LatLngSchema, {
          maxItems: AoiUploadLimits.maxVertices,
          description: 'a polygon: its ring, closed or not (closed here); a point: one position',
        }),
      ),
      geojson: Type.Optional(AoiGeoJson),
    }),
  ),
});
export type AoiAddRequest = Static<typeof AoiAddRequest>;

export const AoiRenameRequest = Type.Object({ name: NodeName });
export type AoiRenameRequest = Static<typeof AoiRenameRequest>;

export const AoiMoveRequest = Type.Object({
  parentId: Int32({ description: 'the destination folder (tip.chooseFolder)' }),
});
export type AoiMoveRequest = Static<typeof AoiMoveRequest>;

const IdList = Type.String({
  pattern: idListPattern,
  description: `comma-separated ids, at most 1000, each at most ${Int32Max} (error.outOfRange)`,
});

export const AoiDeleteQuery = Type.Object({
  ids: IdList,
  deletedChild: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'true: a folder goes with everything in it; false: a folder that is not empty is refused',
    }),
  ),
});
export type AoiDeleteQuery = Static<typeof AoiDeleteQuery>;

export const AoiDeleteResponse = Type.Object({
  deleted: Type.Integer({ description: 'nodes removed, children included' }),
});
export type AoiDeleteResponse = Static<typeof AoiDeleteResponse>;

export const AoiExportFormats = ['kml', 'geojson', 'shp'] as const;
export type AoiExportFormat = (typeof AoiExportFormats)[number];

export const AoiExportQuery = Type.Object({
  ids: IdList,
  format: Type.Optional(
    Type.Enum([...AoiExportFormats], {
      default: 'kml',
      description: 'kml, geojson, or shp (a zip: polygons and points in separate layers)',
    }),
  ),
});
export type AoiExportQuery = Static<typeof AoiExportQuery>;

export const AoiTimeResponse = Type.Object({
  time: Type.Array(Type.String({ description: 'YYYY-MM-DD (UTC)' }), {
    description: 'acquisition dates of archive scenes intersecting the AOI or POI, newest first',
  }),
});
export type AoiTimeResponse = Static<typeof AoiTimeResponse>;

/** Why a shape of an uploaded file was not stored: a translation key with its parameters. */
export const UploadFailure = Type.Object({
  index: Type.Integer({
    description:
      "the feature's position in the file, from 0 (a GeoJSON feature, a KML Placemark, a shapefile record through the layers)",
  }),
  name: Type.String({ description: 'the feature name (or Polygon1…, Point1…)' }),
  kind: Type.Enum(['aoi', 'poi']),
  part: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the part (1-based) of a multi-part feature that failed; null for the whole feature',
  }),
  reason: Type.String({
    description:
      'translation key, e.g. aoi.selfIntersection, aoi.tooLarge, aoi.antipodalEdge, aoi.notStorable',
  }),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type UploadFailure = Static<typeof UploadFailure>;

export const UploadIgnored = Type.Object({
  index: Type.Union([Type.Integer(), Type.Null()], {
    description:
      "the feature's position in the file, from 0; null for what is no feature (an overlay, a link)",
  }),
  name: Type.String(),
  reason: Type.String({ description: 'upload.lineIgnored, upload.noGeometry, upload.overlayIgnored' }),
});
export type UploadIgnored = Static<typeof UploadIgnored>;

/**
 * A shapefile layer whose attribute table's encoding could not be taken from the file: `declared`
 * is its .cpg text (or `LDID/<n>`) that no decoder knows, null when it declared nothing and its
 * names are not UTF-8; `readAs` is what the names were read as (utf-8, iso-8859-1).
 */
export const UploadEncodingWarning = Type.Object({
  layer: Type.String(),
  declared: Type.Union([Type.String(), Type.Null()]),
  readAs: Type.String(),
});
export type UploadEncodingWarning = Static<typeof UploadEncodingWarning>;

/** Spec `aoi/upload` result, extended with the ids, the failures and the projection note. */
export const AoiUploadResponse = Type.Object({
  aoiCount: Type.Integer({ description: 'AOIs created' }),
  poiCount: Type.Integer({ description: 'POIs created' }),
  failAoiCount: Type.Integer({
    description: 'polygons (or polygon parts) that failed; the others of the file are stored',
  }),
  failPoiCount: Type.Integer({ description: 'points that failed' }),
  ignoredCount: Type.Integer({ description: 'lines, overlays and empty placemarks, not stored' }),
  onlyOneAoi: Type.Union([AoiNode, Type.Null()], {
    description:
      'the AOI when exactly one was created, without its geometry as in the tree listing (GET /aois/{id} has it)',
  }),
  onlyOnePoi: Type.Union([AoiNode, Type.Null()], { description: 'the POI when exactly one was created' }),
  folderId: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'the folder made for the upload under the chosen one, named after the file (its base name, made unique among its siblings with " (2)", " (3)" …), holding its AOIs; null when the file gave POIs only (they stay in "My POIs")',
  }),
  aoiIds: Type.Array(Type.Integer()),
  poiIds: Type.Array(Type.Integer()),
  failures: Type.Array(UploadFailure, { description: 'the first 1000 (AoiUploadLimits.maxReported)' }),
  ignored: Type.Array(UploadIgnored, { description: 'the first 1000' }),
  noPrjAssumedWgs84: Type.Boolean({
    description: 'a shapefile came without a .prj and was read as WGS 84 longitude/latitude',
  }),
  encodingWarnings: Type.Array(UploadEncodingWarning, {
    description: "shapefile layers whose names' encoding was unknown or not declared (names may be wrong)",
  }),
});
export type AoiUploadResponse = Static<typeof AoiUploadResponse>;
