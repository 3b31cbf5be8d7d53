import { type Static, Type } from 'typebox';

/**
 * Tile services of delivered imagery and HD mosaics (spec 000 §2 "My data panel", base maps;
 * §7 "Image and tile requests"; issue 15). Paths are named once here so the server's routes,
 * the browser's layers and the copy buttons agree; they live under `/tiles/`, not the API base.
 */

export const TileBase = '/tiles';

/** Zoom levels of delivered imagery and the HD map (spec 000 §9: 18 for HD and my data). */
export const TileZoomMax = 18;
/** HD mosaics without quota or subscription stop here (spec 000 §8, §9). */
export const HdFreeZoomMax = 12;
/** Delivered-scene tile formats (spec 000 §3 `formatType`). */
export const TileFormats = ['png', 'webp'] as const;
export type TileFormat = (typeof TileFormats)[number];

/** The WMTS tile matrix set and style of every delivered layer (spec 000 §3 wmtsMatrixSet, wmtsStyle). */
export const WmtsMatrixSet = 'GoogleMapsCompatible';
export const WmtsStyle = 'default';

/** The query parameter carrying a tile key (links for QGIS and other clients: no browser session). */
export const TileKeyParam = 'key';

/**
 * `X-Status` of a tile answer (spec 000 §4 "HD tile outcome"): 200 draws the tile; 401 no or a bad
 * credential; 601 the tile key expired (10 idle minutes) or was replaced by another device; 602 the
 * daily HD quota is spent; 403 no full-HD subscription (and no daily allowance). Tiles at or below
 * zoom 12 of the HD map are never refused for quota.
 */
export const TileStatus = {
  Ok: 200,
  NoCredential: 401,
  KeyExpired: 601,
  HdQuotaSpent: 602,
  HdNotSubscribed: 403,
  /** an API key not open here: it lacks `tiles`, or sits in the URL holding more than `tiles` (issue 27) */
  ApiKeyNotAllowed: 403,
  /** too many refused credentials from the caller's address (issue 26); the tile fails */
  RateLimited: 429,
} as const;
export type TileStatus = (typeof TileStatus)[keyof typeof TileStatus];
export const TileStatusHeader = 'X-Status';

const seg = (text: string) => encodeURIComponent(text);

/** XYZ template of one delivered scene: `{z}/{x}/{y}` left for the client (OpenLayers, QGIS). */
export const deliveredXyzTemplate = (orderNo: string, sceneId: string, format: TileFormat = 'png') =>
  `${TileBase}/xyz/${seg(orderNo)}/${seg(sceneId)}/{z}/{x}/{y}.${format}`;
/** `GET` route pattern of the XYZ tiles (Fastify). */
export const DeliveredXyzRoute = `${TileBase}/xyz/:orderNo/:sceneId/:z/:x/:y`;

/**
 * A delivered scene's Cloud-Optimized GeoTIFF, read by HTTP ranges (GDAL `/vsicurl/`, QGIS, STAC
 * assets): opened like the tiles, by the session, the tile cookie or a tile key (`?key=`).
 */
export const deliveredCogPath = (orderNo: string, sceneId: string) =>
  `${TileBase}/cog/${seg(orderNo)}/${seg(sceneId)}.tif`;
/** `GET`/`HEAD` route pattern of the delivered COGs (Fastify): `file` is `<sceneId>.tif`. */
export const DeliveredCogRoute = `${TileBase}/cog/:orderNo/:file`;
/** The media type of a COG (the OGC's, as STAC uses it). */
export const CogMediaType = 'image/tiff; application=geotiff; profile=cloud-optimized';

/**
 * "My data as STAC" (issue 27 item 4): the caller's delivered scenes as a STAC API whose assets are
 * the COGs above. Under `/tiles/` because it is opened exactly as they are (session, tile key
 * `?key=`, an API key holding `tiles`), so one credential opens both the catalogue and its assets.
 */
export const MyStacBase = `${TileBase}/stac/v1`;

/** WMTS 1.0.0: KVP endpoint (GetCapabilities, GetTile) and the RESTful capabilities document. */
export const WmtsKvpPath = `${TileBase}/wmts`;
export const WmtsCapabilitiesRestPath = `${TileBase}/wmts/1.0.0/WMTSCapabilities.xml`;
/** RESTful GetTile: `{layer}/{style}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.{ext}` */
export const WmtsRestTileRoute = `${TileBase}/wmts/1.0.0/:layer/:style/:matrixSet/:matrix/:row/:col`;

/** The WMTS layer of a delivered scene: unique per user (an order holds a scene once). */
export const wmtsLayerOf = (orderNo: string, sceneId: string) => `${orderNo}:${sceneId}`;

/** HD mosaic tiles of one year: `{z}/{x}/{y}` left for the client. */
export const hdTemplate = (year: number) => `${TileBase}/hd/${year}/{z}/{x}/{y}`;
export const HdTileRoute = `${TileBase}/hd/:year/:z/:x/:y`;

/** Adds the tile key to a tile path or template (copy buttons; links that work outside the browser). */
export const withTileKey = (pathOrTemplate: string, key: string) =>
  `${pathOrTemplate}${pathOrTemplate.includes('?') ? '&' : '?'}${TileKeyParam}=${encodeURIComponent(key)}`;

/**
 * `POST tiles/key`: the caller's tile key for this device. One device at a time (spec 000 §7): a
 * key asked for by another device replaces the old one, whose links stop working (601). The same
 * device asking again gets the same key while it is alive. A key dies after `idleSeconds` unused.
 */
export const TileKeyRequest = Type.Object({
  deviceId: Type.String({
    pattern: '^[A-Za-z0-9_-]{16,64}$',
    description: 'a random id the browser keeps for itself (local storage)',
  }),
});
export type TileKeyRequest = Static<typeof TileKeyRequest>;

export const TileKey = Type.Object({
  key: Type.String({ description: 'opaque, signed; goes into tile URLs as `?key=`' }),
  deviceId: Type.String(),
  idleSeconds: Type.Integer({ description: 'the key expires after this long unused' }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.String({ format: 'date-time' }),
});
export type TileKey = Static<typeof TileKey>;

/** `GET tiles/key`: the live key's device and use (the account centre), or null. Never the key itself. */
export const TileKeyStatus = Type.Union([
  Type.Object({
    deviceId: Type.String(),
    thisDevice: Type.Boolean({ description: 'the key was issued to the device asking (query deviceId)' }),
    createdAt: Type.String({ format: 'date-time' }),
    lastUsedAt: Type.String({ format: 'date-time' }),
    idleSeconds: Type.Integer(),
  }),
  Type.Null(),
]);
export type TileKeyStatus = Static<typeof TileKeyStatus>;

export const TileKeyStatusQuery = Type.Object({
  deviceId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' })),
});

/** `GET hd/years`: the years with an HD mosaic (from the archive's data, DESIGN §9), newest first. */
export const HdYears = Type.Object({
  years: Type.Array(Type.Integer(), { description: 'newest first; at least two when the archive has them' }),
  freeZoomMax: Type.Integer({ description: 'zoom served without quota (12)' }),
  zoomMax: Type.Integer({ description: '18' }),
});
export type HdYears = Static<typeof HdYears>;
