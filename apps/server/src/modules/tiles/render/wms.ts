import { hasControlCharacters, integerSpelling, numberSpelling } from '@satportal/contract';
import type { Bbox, RenderCrs } from './grid';
import { MERCATOR_HALF_WORLD } from './projection';
import type { QuicklookRequest } from './quicklook';

/**
 * The WMS 1.3.0 GetMap subset that serves scene quicklooks to OpenLayers' ImageWMS (OGC
 * 06-042, §7.3): one layer per scene (LAYERS = scene id), EPSG:3857, or EPSG:4326 in
 * 1.3.0's latitude/longitude axis order (CRS:84 in longitude/latitude order), PNG only.
 * WMS 1.1.1 GetMap too (older clients): SRS instead of CRS, EPSG:4326 longitude first.
 * GetCapabilities is told apart here (`wmsOperationOf`); its document is wms-xml.ts's.
 *
 * Parameter names are case-insensitive (§6.8.1); values of SERVICE, REQUEST, FORMAT, CRS,
 * TRANSPARENT and EXCEPTIONS are compared case-insensitively too, as servers commonly do;
 * LAYERS is taken as given. Every rejection is a typed error carrying the exception code of
 * the standard (Table E.1) or of OWS Common for missing and invalid values, and the
 * parameter it is about (`locator`), ready for `serviceExceptionReport`.
 */

export const WMS_VERSION = '1.3.0';
/** The versions GetMap takes (1.1.1: SRS and longitude-first EPSG:4326). */
export type WmsVersion = '1.3.0' | '1.1.1';
/** Largest WIDTH and HEIGHT served (the capabilities' MaxWidth / MaxHeight). */
export const WMS_MAX_SIZE = 2048;
/** Longest layer name (a scene id, like the scenes table's). */
const MAX_LAYER_LENGTH = 200;
const MAX_VALUE_LENGTH = 1024;
/** A box may reach this many worlds away from the first (OpenLayers asks past ±180° at low zoom). */
const MAX_WORLDS = 32;

export type WmsExceptionCode =
  | 'InvalidFormat'
  | 'InvalidCRS'
  | 'LayerNotDefined'
  | 'StyleNotDefined'
  | 'OperationNotSupported'
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  /** OWS Common: none of the others (refused credentials, rate limits, server errors) */
  | 'NoApplicableCode';

export interface WmsError {
  code: WmsExceptionCode;
  /** the parameter at fault, upper case (null when none) */
  locator: string | null;
  /** English, for people reading the report */
  message: string;
}

/** How the client asked to receive exceptions (EXCEPTIONS, §7.3.3.11). */
export type WmsExceptionsFormat = 'xml' | 'blank' | 'inimage';

export type WmsCrs = 'EPSG:3857' | 'EPSG:4326' | 'CRS:84';

export interface GetMapRequest {
  version: WmsVersion;
  /** the scene id */
  layer: string;
  /** as requested (normalised spelling) */
  crs: WmsCrs;
  /** the CRS the image is drawn in: CRS:84 is EPSG:4326 with the axes swapped */
  renderCrs: RenderCrs;
  /** x = easting or longitude, y = northing or latitude, whatever the request's axis order */
  bbox: Bbox;
  width: number;
  height: number;
  format: 'image/png';
  transparent: boolean;
  /** background outside the footprint when not transparent, 0xRRGGBB (default white) */
  bgcolor: number;
  exceptions: WmsExceptionsFormat;
}

export type GetMapParseResult =
  | { ok: true; request: GetMapRequest }
  | {
      ok: false;
      error: WmsError;
      /** the version the report is written in (1.3.0 unless the request asked 1.1.1) */
      version: WmsVersion;
      exceptions: WmsExceptionsFormat;
      /** WIDTH × HEIGHT when both were valid: the size of a BLANK / INIMAGE answer */
      size: { width: number; height: number } | null;
    };

/** A parsed query string: Fastify's (values may be arrays when repeated) or URLSearchParams. */
export type WmsQuery = URLSearchParams | Record<string, unknown>;

class Rejection extends Error {
  constructor(readonly wms: WmsError) {
    super(wms.message);
  }
}

const reject = (code: WmsExceptionCode, locator: string | null, message: string): never => {
  throw new Rejection({ code, locator, message });
};

/** A value echoed in a message: short and printable. */
function echo(value: string): string {
  const printable = value.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > 40 ? `"${printable.slice(0, 40)}…"` : `"${printable}"`;
}

/** Parameters by upper-case name; a name given twice (in any case) is refused. */
function normalise(query: WmsQuery): Map<string, string> {
  const out = new Map<string, string>();
  const entries: Array<[string, unknown]> =
    query instanceof URLSearchParams ? [...query.entries()] : Object.entries(query ?? {});
  for (const [rawName, rawValue] of entries) {
    const name = rawName.toUpperCase();
    const values = Array.isArray(rawValue) ? rawValue : [rawValue];
    for (const v of values) {
      if (v === undefined) continue;
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
        reject('InvalidParameterValue', name, `${name} must be a single value`);
      }
      const value = String(v);
      if (out.has(name)) reject('InvalidParameterValue', name, `${name} is given more than once`);
      if (value.length > MAX_VALUE_LENGTH) reject('InvalidParameterValue', name, `${name} is too long`);
      out.set(name, value);
    }
  }
  return out;
}

function required(params: Map<string, string>, name: string): string {
  const value = params.get(name)?.trim();
  if (value === undefined || value === '') reject('MissingParameterValue', name, `${name} is required`);
  return value as string;
}

function parseSize(params: Map<string, string>, name: 'WIDTH' | 'HEIGHT'): number {
  required(params, name);
  // The number rule (contract/text.ts): the value as sent, in its one decimal spelling.
  const raw = params.get(name)!;
  if (!integerSpelling.test(raw) || raw.length > 6)
    reject('InvalidParameterValue', name, `${name} must be a whole number of pixels`);
  const value = Number(raw);
  if (value < 1 || value > WMS_MAX_SIZE) {
    reject('InvalidParameterValue', name, `${name} must be between 1 and ${WMS_MAX_SIZE}`);
  }
  return value;
}

function parseCrs(params: Map<string, string>, version: WmsVersion): { crs: WmsCrs; renderCrs: RenderCrs } {
  // 1.1.1 names the parameter SRS (§6.5.5 of 01-068r3); its EPSG:4326 is longitude first.
  const [name, other] = version === '1.1.1' ? ['SRS', 'CRS'] : ['CRS', 'SRS'];
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === '') {
    if (params.has(other)) {
      reject(
        'MissingParameterValue',
        name,
        `${name} is required (${other} is WMS ${version === '1.1.1' ? '1.3.0' : '1.1.1'})`,
      );
    }
    reject('MissingParameterValue', name, `${name} is required`);
  }
  switch ((raw as string).toUpperCase()) {
    case 'EPSG:3857':
    case 'EPSG:900913':
      return { crs: 'EPSG:3857', renderCrs: 'EPSG:3857' };
    case 'EPSG:4326':
      return { crs: 'EPSG:4326', renderCrs: 'EPSG:4326' };
    case 'CRS:84':
      return { crs: 'CRS:84', renderCrs: 'EPSG:4326' };
    default:
      return reject(
        'InvalidCRS',
        name,
        `${name} ${echo(raw as string)} is not offered (EPSG:3857, EPSG:4326, CRS:84)`,
      );
  }
}

function parseBbox(params: Map<string, string>, crs: WmsCrs, version: WmsVersion): Bbox {
  const latFirst = crs === 'EPSG:4326' && version === '1.3.0';
  required(params, 'BBOX');
  // JSON's number spelling (the number rule of contract/text.ts), as sent: no spaces, "+" or ".5".
  const parts = params.get('BBOX')!.split(',');
  if (parts.length !== 4 || !parts.every((p) => numberSpelling.test(p))) {
    reject(
      'InvalidParameterValue',
      'BBOX',
      'BBOX must be four numbers: minx,miny,maxx,maxy in the axis order of CRS',
    );
  }
  const n = parts.map(Number);
  if (!n.every(Number.isFinite)) reject('InvalidParameterValue', 'BBOX', 'BBOX values must be finite');
  // WMS 1.3.0 §6.7.4: EPSG:4326's axes are latitude, longitude (1.1.1 wrote longitude first).
  const [minX, minY, maxX, maxY] = latFirst ? [n[1]!, n[0]!, n[3]!, n[2]!] : [n[0]!, n[1]!, n[2]!, n[3]!];
  if (!(minX < maxX) || !(minY < maxY)) {
    reject(
      'InvalidParameterValue',
      'BBOX',
      latFirst
        ? 'BBOX minimum must be below maximum (EPSG:4326 in WMS 1.3.0 is minlat,minlon,maxlat,maxlon)'
        : 'BBOX minimum must be below maximum on both axes',
    );
  }
  const limitX = MAX_WORLDS * (crs === 'EPSG:3857' ? MERCATOR_HALF_WORLD : 180);
  const limitY = crs === 'EPSG:3857' ? MAX_WORLDS * MERCATOR_HALF_WORLD : 90;
  if (
    Math.max(Math.abs(minX), Math.abs(maxX)) > limitX ||
    Math.max(Math.abs(minY), Math.abs(maxY)) > limitY
  ) {
    reject('InvalidParameterValue', 'BBOX', 'BBOX is outside the valid range of CRS');
  }
  return { minX, minY, maxX, maxY };
}

function parseExceptions(params: Map<string, string>): WmsExceptionsFormat {
  const raw = params.get('EXCEPTIONS')?.trim();
  if (raw === undefined || raw === '') return 'xml';
  switch (raw.toUpperCase()) {
    case 'XML':
    case 'APPLICATION/VND.OGC.SE_XML':
      return 'xml';
    case 'BLANK':
    case 'APPLICATION/VND.OGC.SE_BLANK':
      return 'blank';
    case 'INIMAGE':
    case 'APPLICATION/VND.OGC.SE_INIMAGE':
      return 'inimage';
    default:
      return reject('InvalidParameterValue', 'EXCEPTIONS', 'EXCEPTIONS must be XML, BLANK or INIMAGE');
  }
}

function parseBoolean(params: Map<string, string>, name: string, fallback: boolean): boolean {
  const raw = params.get(name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (/^true$/i.test(raw)) return true;
  if (/^false$/i.test(raw)) return false;
  return reject('InvalidParameterValue', name, `${name} must be TRUE or FALSE`);
}

/** Parses and validates a GetMap request; never throws. */
export function parseGetMap(query: WmsQuery): GetMapParseResult {
  let exceptions: WmsExceptionsFormat = 'xml';
  let size: { width: number; height: number } | null = null;
  let version: WmsVersion = WMS_VERSION;
  try {
    const params = normalise(query);
    if (params.get('VERSION')?.trim() === '1.1.1') version = '1.1.1';
    exceptions = parseExceptions(params);
    try {
      size = { width: parseSize(params, 'WIDTH'), height: parseSize(params, 'HEIGHT') };
    } catch {
      // reported below, in order
    }

    const service = required(params, 'SERVICE');
    if (service.toUpperCase() !== 'WMS') reject('InvalidParameterValue', 'SERVICE', 'SERVICE must be WMS');
    const request = required(params, 'REQUEST');
    if (request.toUpperCase() !== 'GETMAP') {
      reject('OperationNotSupported', 'REQUEST', `REQUEST ${echo(request)} is not supported (GetMap only)`);
    }
    const asked = required(params, 'VERSION');
    if (asked !== WMS_VERSION && asked !== '1.1.1') {
      reject(
        'InvalidParameterValue',
        'VERSION',
        `VERSION ${echo(asked)} is not supported (${WMS_VERSION}, or 1.1.1)`,
      );
    }

    const layers = required(params, 'LAYERS');
    if (layers.includes(',')) reject('InvalidParameterValue', 'LAYERS', 'LAYERS must name one scene');
    // The scene id meets the scenes table, where a NUL cannot even be looked up.
    if (hasControlCharacters(layers)) {
      reject('InvalidParameterValue', 'LAYERS', 'LAYERS must not contain control characters');
    }
    if (layers.length > MAX_LAYER_LENGTH) reject('LayerNotDefined', 'LAYERS', 'LAYERS names no scene');

    const styles = params.get('STYLES')?.trim() ?? '';
    if (styles !== '' && styles.toLowerCase() !== 'default') {
      reject('StyleNotDefined', 'STYLES', `STYLES ${echo(styles)} is not offered (leave it empty)`);
    }

    const { crs, renderCrs } = parseCrs(params, version);
    const bbox = parseBbox(params, crs, version);
    const width = parseSize(params, 'WIDTH');
    const height = parseSize(params, 'HEIGHT');

    const format = required(params, 'FORMAT');
    if (format.toLowerCase() !== 'image/png') {
      reject('InvalidFormat', 'FORMAT', `FORMAT ${echo(format)} is not offered (image/png)`);
    }
    const transparent = parseBoolean(params, 'TRANSPARENT', false);
    const rawBg = params.get('BGCOLOR')?.trim();
    let bgcolor = 0xffffff;
    if (rawBg !== undefined && rawBg !== '') {
      if (!/^0x[0-9a-f]{6}$/i.test(rawBg))
        reject('InvalidParameterValue', 'BGCOLOR', 'BGCOLOR must be 0xRRGGBB');
      bgcolor = Number.parseInt(rawBg.slice(2), 16);
    }

    return {
      ok: true,
      request: {
        version,
        layer: layers,
        crs,
        renderCrs,
        bbox,
        width,
        height,
        format: 'image/png',
        transparent,
        bgcolor,
        exceptions,
      },
    };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, error: error.wms, version, exceptions, size };
    throw error;
  }
}

/** What the renderer needs of a GetMap request. */
export function toQuicklookRequest(request: GetMapRequest): QuicklookRequest {
  return {
    crs: request.renderCrs,
    bbox: request.bbox,
    width: request.width,
    height: request.height,
    transparent: request.transparent,
    bgcolor: request.bgcolor,
  };
}

/** The error for a LAYERS value that names no scene the caller may see. */
export const layerNotDefined = (layer: string): WmsError => ({
  code: 'LayerNotDefined',
  locator: 'LAYERS',
  message: `LAYERS ${echo(layer)} names no scene`,
});

/**
 * A suggested HTTP status for an exception report. WMS itself answers exceptions with 200;
 * a 4xx makes the failure visible in logs and browsers alike, and ImageWMS treats any
 * non-image answer as an image load error either way.
 */
export const wmsErrorStatus = (error: WmsError): number => (error.code === 'LayerNotDefined' ? 404 : 400);

/** The operation a request asks for (REQUEST, any case), or null when it names none. */
export function wmsOperationOf(query: WmsQuery): 'GetCapabilities' | 'GetMap' | null {
  let params: Map<string, string>;
  try {
    params = normalise(query);
  } catch {
    return null;
  }
  const request = params.get('REQUEST')?.trim().toUpperCase();
  return request === 'GETCAPABILITIES' ? 'GetCapabilities' : request === 'GETMAP' ? 'GetMap' : null;
}

/**
 * A GetCapabilities request (§7.2.2): SERVICE=WMS is required; VERSION is negotiated (every
 * version is answered with 1.3.0's document, the one offered); FORMAT other than text/xml is
 * answered text/xml too (the only format offered).
 */
export function parseGetCapabilities(query: WmsQuery): { ok: true } | { ok: false; error: WmsError } {
  try {
    const params = normalise(query);
    const service = required(params, 'SERVICE');
    if (service.toUpperCase() !== 'WMS') reject('InvalidParameterValue', 'SERVICE', 'SERVICE must be WMS');
    return { ok: true };
  } catch (error) {
    if (error instanceof Rejection) return { ok: false, error: error.wms };
    throw error;
  }
}
