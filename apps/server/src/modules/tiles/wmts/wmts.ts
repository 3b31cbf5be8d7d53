import type { TileFormat } from '@satportal/contract';
import { TileKeyParam, TileZoomMax, WmtsMatrixSet, WmtsStyle, wmtsLayerOf } from '@satportal/contract';
import { MERCATOR_HALF_WORLD } from '../render/projection';
import { xmlEscape } from '../render/wms-xml';
import { type TileAddress, tileAddressOf } from '../render/xyz';

/**
 * WMTS 1.0.0 (OGC 07-057r7) over the delivered scenes: the capabilities document (one layer per
 * scene, the well-known GoogleMapsCompatible matrix set), KVP request parsing and OWS exception
 * reports (OWS Common 1.1). Pure: the routes look the scenes up and draw the tiles.
 */

export const WMTS_XML = 'application/xml; charset=utf-8';
export const WMTS_EXCEPTION_XML = 'application/xml; charset=utf-8';
const TILE_PIXELS = 256;
/** Scale denominator of zoom 0 of GoogleMapsCompatible (OGC 07-057r7 Annex E.4), 0.28 mm pixels. */
const SCALE_ZERO = 559082264.0287178;
const CRS_3857 = 'urn:ogc:def:crs:EPSG::3857';

export const formatMime = (format: TileFormat): string => (format === 'png' ? 'image/png' : 'image/webp');
const mimeFormats: Record<string, TileFormat> = { 'image/png': 'png', 'image/webp': 'webp' };

export interface WmtsLayer {
  orderNo: string;
  sceneId: string;
  formatType: 'PNG' | 'WEBP';
  bounds: [number, number, number, number];
}

export type WmtsExceptionCode =
  | 'MissingParameterValue'
  | 'InvalidParameterValue'
  | 'OperationNotSupported'
  | 'TileOutOfRange'
  /** OWS Common: none of the others (refused credentials, rate limits, server errors) */
  | 'NoApplicableCode';

export interface WmtsError {
  code: WmtsExceptionCode;
  /** the parameter at fault; null: none (omitted from the report) */
  locator: string | null;
  text: string;
  status: number;
}

/** Text safe in XML 1.0 (characters XML cannot hold, as a layer name might bring, become ?). */
const xml = xmlEscape;

export function exceptionReport(error: WmtsError): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ExceptionReport xmlns="http://www.opengis.net/ows/1.1" version="1.1.0" xml:lang="en">
  <Exception exceptionCode="${error.code}"${error.locator === null ? '' : ` locator="${xml(error.locator)}"`}>
    <ExceptionText>${xml(error.text)}</ExceptionText>
  </Exception>
</ExceptionReport>
`;
}

/** Query parameters with their names upper-cased (OGC KVP names are case-insensitive); the first of repeats. */
export function kvpOf(query: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && !out.has(name.toUpperCase())) out.set(name.toUpperCase(), first);
  }
  return out;
}

export type WmtsRequest =
  | { kind: 'GetCapabilities' }
  | ({ kind: 'GetTile'; layer: string; format: TileFormat } & TileAddress);

const missing = (locator: string): WmtsError => ({
  code: 'MissingParameterValue',
  locator,
  text: `${locator} is required`,
  status: 400,
});
const invalid = (locator: string, text: string): WmtsError => ({
  code: 'InvalidParameterValue',
  locator,
  text,
  status: 400,
});

/** A KVP request, or the exception to answer. */
export function parseKvp(params: Map<string, string>): WmtsRequest | WmtsError {
  const service = params.get('SERVICE');
  if (service === undefined) return missing('SERVICE');
  if (service.toUpperCase() !== 'WMTS') return invalid('SERVICE', 'SERVICE must be WMTS');
  const request = params.get('REQUEST');
  if (request === undefined) return missing('REQUEST');
  if (request === 'GetCapabilities') return { kind: 'GetCapabilities' };
  if (request !== 'GetTile') {
    return {
      code: 'OperationNotSupported',
      locator: 'REQUEST',
      text: `${request} is not offered`,
      status: 400,
    };
  }
  for (const name of [
    'VERSION',
    'LAYER',
    'STYLE',
    'FORMAT',
    'TILEMATRIXSET',
    'TILEMATRIX',
    'TILEROW',
    'TILECOL',
  ]) {
    if (!params.get(name)) return missing(name);
  }
  if (params.get('VERSION') !== '1.0.0') return invalid('VERSION', 'VERSION must be 1.0.0');
  const format = mimeFormats[params.get('FORMAT')!];
  if (!format) return invalid('FORMAT', 'FORMAT must be image/png or image/webp');
  const tile = tileOf(
    params.get('STYLE')!,
    params.get('TILEMATRIXSET')!,
    params.get('TILEMATRIX')!,
    params.get('TILEROW')!,
    params.get('TILECOL')!,
  );
  if ('code' in tile) return tile;
  return { kind: 'GetTile', layer: params.get('LAYER')!, format, ...tile };
}

/** The tile of a style, matrix set, matrix, row and column (KVP or REST), or the exception. */
export function tileOf(
  style: string,
  matrixSet: string,
  matrix: string,
  row: string,
  col: string,
): TileAddress | WmtsError {
  if (style !== WmtsStyle) return invalid('STYLE', `STYLE must be ${WmtsStyle}`);
  if (matrixSet !== WmtsMatrixSet) return invalid('TILEMATRIXSET', `TILEMATRIXSET must be ${WmtsMatrixSet}`);
  if (!/^(0|[1-9]\d?)$/.test(matrix) || Number(matrix) > TileZoomMax) {
    return invalid('TILEMATRIX', `TILEMATRIX must be 0 to ${TileZoomMax}`);
  }
  const tile = tileAddressOf(matrix, col, row);
  if (!tile) {
    const locator =
      /^(0|[1-9]\d{0,8})$/.test(row) && Number(row) < 2 ** Number(matrix) ? 'TILECOL' : 'TILEROW';
    return { code: 'TileOutOfRange', locator, text: `${locator} is outside matrix ${matrix}`, status: 400 };
  }
  return tile;
}

/** `orderNo:sceneId` → its parts (scene ids may hold colons; order numbers do not). */
export function layerParts(layer: string): { orderNo: string; sceneId: string } | null {
  const colon = layer.indexOf(':');
  if (colon <= 0 || colon === layer.length - 1) return null;
  return { orderNo: layer.slice(0, colon), sceneId: layer.slice(colon + 1) };
}

export interface CapabilitiesOptions {
  /** scheme and host the URLs start with, e.g. `https://portal.example` */
  origin: string;
  /** the caller's tile key, carried into every URL (clients such as QGIS have no session) */
  key: string | null;
  /** the query parameter the key came in: `key` (a tile key, the default) or `api_key` (an API key) */
  keyParam?: string;
}

const withKey = (url: string, key: string | null, param: string = TileKeyParam): string =>
  key === null ? url : `${url}${url.includes('?') ? '&' : '?'}${param}=${encodeURIComponent(key)}`;

function layerXml(layer: WmtsLayer, options: CapabilitiesOptions): string {
  const [w, s, e, n] = layer.bounds;
  // One format per layer: clients (OpenLayers) take every tile ResourceURL as a mirror of the others.
  const formats: TileFormat[] = [layer.formatType === 'WEBP' ? 'webp' : 'png'];
  const identifier = wmtsLayerOf(layer.orderNo, layer.sceneId);
  const rest = `${options.origin}/tiles/wmts/1.0.0/${encodeURIComponent(identifier)}/${WmtsStyle}/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}`;
  return `    <Layer>
      <ows:Title>${xml(`${layer.sceneId} (${layer.orderNo})`)}</ows:Title>
      <ows:WGS84BoundingBox>
        <ows:LowerCorner>${w} ${s}</ows:LowerCorner>
        <ows:UpperCorner>${e} ${n}</ows:UpperCorner>
      </ows:WGS84BoundingBox>
      <ows:Identifier>${xml(identifier)}</ows:Identifier>
      <Style isDefault="true">
        <ows:Identifier>${WmtsStyle}</ows:Identifier>
      </Style>
${formats.map((f) => `      <Format>${formatMime(f)}</Format>`).join('\n')}
      <TileMatrixSetLink>
        <TileMatrixSet>${WmtsMatrixSet}</TileMatrixSet>
      </TileMatrixSetLink>
${formats
  .map(
    (f) =>
      `      <ResourceURL format="${formatMime(f)}" resourceType="tile" template="${xml(withKey(`${rest}.${f}`, options.key, options.keyParam))}"/>`,
  )
  .join('\n')}
    </Layer>`;
}

function matrixSetXml(): string {
  const edge = MERCATOR_HALF_WORLD.toFixed(7);
  const matrices: string[] = [];
  for (let z = 0; z <= TileZoomMax; z++) {
    const size = 2 ** z;
    matrices.push(`      <TileMatrix>
        <ows:Identifier>${z}</ows:Identifier>
        <ScaleDenominator>${SCALE_ZERO / size}</ScaleDenominator>
        <TopLeftCorner>-${edge} ${edge}</TopLeftCorner>
        <TileWidth>${TILE_PIXELS}</TileWidth>
        <TileHeight>${TILE_PIXELS}</TileHeight>
        <MatrixWidth>${size}</MatrixWidth>
        <MatrixHeight>${size}</MatrixHeight>
      </TileMatrix>`);
  }
  return `    <TileMatrixSet>
      <ows:Identifier>${WmtsMatrixSet}</ows:Identifier>
      <ows:BoundingBox crs="${CRS_3857}">
        <ows:LowerCorner>-${edge} -${edge}</ows:LowerCorner>
        <ows:UpperCorner>${edge} ${edge}</ows:UpperCorner>
      </ows:BoundingBox>
      <ows:SupportedCRS>${CRS_3857}</ows:SupportedCRS>
      <WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>
${matrices.join('\n')}
    </TileMatrixSet>`;
}

function operationXml(name: string, url: string): string {
  return `    <ows:Operation name="${name}">
      <ows:DCP>
        <ows:HTTP>
          <ows:Get xlink:href="${xml(url)}">
            <ows:Constraint name="GetEncoding">
              <ows:AllowedValues>
                <ows:Value>KVP</ows:Value>
              </ows:AllowedValues>
            </ows:Constraint>
          </ows:Get>
        </ows:HTTP>
      </ows:DCP>
    </ows:Operation>`;
}

/** The capabilities document of the caller's delivered scenes. */
export function capabilitiesXml(layers: readonly WmtsLayer[], options: CapabilitiesOptions): string {
  // OWS KVP endpoints end in ? or &: clients append their parameters.
  const kvp = `${withKey(`${options.origin}/tiles/wmts`, options.key, options.keyParam)}${options.key === null ? '?' : '&'}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="1.0.0">
  <ows:ServiceIdentification>
    <ows:Title>Satportal delivered imagery</ows:Title>
    <ows:ServiceType>OGC WMTS</ows:ServiceType>
    <ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion>
  </ows:ServiceIdentification>
  <ows:OperationsMetadata>
${operationXml('GetCapabilities', kvp)}
${operationXml('GetTile', kvp)}
  </ows:OperationsMetadata>
  <Contents>
${[...layers.map((l) => layerXml(l, options)), matrixSetXml()].join('\n')}
  </Contents>
</Capabilities>
`;
}
