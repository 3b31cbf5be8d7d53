import { TileKeyParam } from '@satportal/contract';
import { MERCATOR_HALF_WORLD, MERCATOR_MAX_LAT, mercatorX, mercatorY } from './projection';
import { WMS_MAX_SIZE, WMS_VERSION, type WmsError, type WmsVersion } from './wms';

/**
 * The quicklook WMS's XML: the capabilities document (WMS 1.3.0, OGC 06-042 §7.2.4) and the
 * service exception reports of 1.3.0 (Annex E) and 1.1.1. Pure: the caller gives the layers.
 */

/** The MIME type of a WMS 1.3.0 exception report (§6.11: EXCEPTIONS=XML is text/xml). */
export const WMS_EXCEPTION_CONTENT_TYPE = 'text/xml; charset=utf-8';
/** WMS 1.1.1's exception report type (`application/vnd.ogc.se_xml`, what its clients check for). */
export const WMS_111_EXCEPTION_CONTENT_TYPE = 'application/vnd.ogc.se_xml; charset=utf-8';
/** The capabilities document (§7.2.3.1: text/xml). */
export const WMS_CAPABILITIES_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** Whether a code point may appear in an XML 1.0 document (§2.2 Char). */
const xmlChar = (cp: number): boolean =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/** Text safe in XML 1.0 character data and attribute values. */
export function xmlEscape(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (!xmlChar(cp)) out += '?';
    else if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === '"') out += '&quot;';
    else if (ch === "'") out += '&apos;';
    else out += ch;
  }
  return out;
}

/**
 * A service exception report for one error: WMS 1.3.0's (namespace `http://www.opengis.net/ogc`),
 * or 1.1.1's (no namespace; InvalidCRS is InvalidSRS there) for a 1.1.1 request.
 */
export function serviceExceptionReport(error: WmsError, version: WmsVersion = WMS_VERSION): string {
  const locator = error.locator ? ` locator="${xmlEscape(error.locator)}"` : '';
  if (version === '1.1.1') {
    const code = error.code === 'InvalidCRS' ? 'InvalidSRS' : error.code;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<ServiceExceptionReport version="1.1.1">',
      `  <ServiceException code="${xmlEscape(code)}"${locator}>${xmlEscape(error.message)}</ServiceException>`,
      '</ServiceExceptionReport>',
      '',
    ].join('\n');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ServiceExceptionReport version="${WMS_VERSION}" xmlns="http://www.opengis.net/ogc"` +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
      ' xsi:schemaLocation="http://www.opengis.net/ogc http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd">',
    `  <ServiceException code="${xmlEscape(error.code)}"${locator}>${xmlEscape(error.message)}</ServiceException>`,
    '</ServiceExceptionReport>',
    '',
  ].join('\n');
}

/** A layer of the capabilities document: a scene drawn by GetMap with LAYERS = its name. */
export interface WmsLayerEntry {
  name: string;
  title: string;
  abstract: string;
  /** [west, south, east, north], degrees */
  bounds: [number, number, number, number];
}

export interface WmsCapabilitiesOptions {
  /** scheme and host the URLs start with, e.g. `https://portal.example` */
  origin: string;
  /** the path of the service (`/tiles/quicklooks/wms`) */
  path: string;
  /** the caller's tile key, carried into every URL (clients such as QGIS have no session) */
  key: string | null;
  /** the root layer's title and abstract: what the listed layers are */
  title: string;
  abstract: string;
  layers: readonly WmsLayerEntry[];
}

const num = (n: number) => String(Number(n.toFixed(7)));

/** EX_GeographicBoundingBox and BoundingBox elements of a lon/lat box, in the CRSs offered. */
function boxesXml([w, s, e, n]: [number, number, number, number], indent: string): string {
  const lat = (v: number) => Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, v));
  const clampX = (v: number) => Math.max(-MERCATOR_HALF_WORLD, Math.min(MERCATOR_HALF_WORLD, v));
  return [
    '<EX_GeographicBoundingBox>',
    `  <westBoundLongitude>${num(w)}</westBoundLongitude>`,
    `  <eastBoundLongitude>${num(e)}</eastBoundLongitude>`,
    `  <southBoundLatitude>${num(s)}</southBoundLatitude>`,
    `  <northBoundLatitude>${num(n)}</northBoundLatitude>`,
    '</EX_GeographicBoundingBox>',
    `<BoundingBox CRS="CRS:84" minx="${num(w)}" miny="${num(s)}" maxx="${num(e)}" maxy="${num(n)}"/>`,
    // EPSG:4326 in 1.3.0 is latitude first (§6.7.4), so is its box.
    `<BoundingBox CRS="EPSG:4326" minx="${num(s)}" miny="${num(w)}" maxx="${num(n)}" maxy="${num(e)}"/>`,
    `<BoundingBox CRS="EPSG:3857" minx="${num(clampX(mercatorX(w)))}" miny="${num(mercatorY(lat(s)))}"` +
      ` maxx="${num(clampX(mercatorX(e)))}" maxy="${num(mercatorY(lat(n)))}"/>`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

function onlineResource(url: string): string {
  return `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${xmlEscape(url)}"/>`;
}

function operationXml(name: string, format: string, url: string): string {
  return `      <${name}>
        <Format>${format}</Format>
        <DCPType><HTTP><Get>${onlineResource(url)}</Get></HTTP></DCPType>
      </${name}>`;
}

/** The WMS 1.3.0 capabilities document: one root layer (no name) over the given scene layers. */
export function capabilitiesXml(options: WmsCapabilitiesOptions): string {
  const service = `${options.origin}${options.path}`;
  // A GET URL is a prefix the client appends parameters to: it ends in ? or & (§6.3.3).
  const prefix =
    options.key === null ? `${service}?` : `${service}?${TileKeyParam}=${encodeURIComponent(options.key)}&`;
  const layers = options.layers.map(
    (layer) => `      <Layer queryable="0" opaque="0">
        <Name>${xmlEscape(layer.name)}</Name>
        <Title>${xmlEscape(layer.title)}</Title>
        <Abstract>${xmlEscape(layer.abstract)}</Abstract>
${boxesXml(layer.bounds, '        ')}
      </Layer>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="${WMS_VERSION}" xmlns="http://www.opengis.net/wms" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">
  <Service>
    <Name>WMS</Name>
    <Title>Satportal quicklooks</Title>
    <Abstract>Quicklooks of the Satportal archive's scenes, one layer per scene (LAYERS = the scene id), transparent outside each footprint.</Abstract>
    ${onlineResource(service)}
    <Fees>none</Fees>
    <AccessConstraints>Satportal customers only: a session, or the tile key of a link copied from Satportal (key=).</AccessConstraints>
    <LayerLimit>1</LayerLimit>
    <MaxWidth>${WMS_MAX_SIZE}</MaxWidth>
    <MaxHeight>${WMS_MAX_SIZE}</MaxHeight>
  </Service>
  <Capability>
    <Request>
${operationXml('GetCapabilities', 'text/xml', prefix)}
${operationXml('GetMap', 'image/png', prefix)}
    </Request>
    <Exception>
      <Format>XML</Format>
      <Format>BLANK</Format>
      <Format>INIMAGE</Format>
    </Exception>
    <Layer queryable="0" opaque="0">
      <Title>${xmlEscape(options.title)}</Title>
      <Abstract>${xmlEscape(options.abstract)}</Abstract>
      <CRS>EPSG:3857</CRS>
      <CRS>EPSG:4326</CRS>
      <CRS>CRS:84</CRS>
${boxesXml([-180, -90, 180, 90], '      ')}
${layers.join('\n')}
    </Layer>
  </Capability>
</WMS_Capabilities>
`;
}
