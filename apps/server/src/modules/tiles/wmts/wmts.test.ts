import { DOMParser, XMLSerializer, Node as XmlNode } from '@xmldom/xmldom';
import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import WMTS, { type Options, optionsFromCapabilities } from 'ol/source/WMTS';
import { describe, expect, it } from 'vitest';
import { checkOgc, jsonixContext, ogcJsonSchemas, outline } from '../ogc/test-helpers';
import {
  capabilitiesXml,
  exceptionReport,
  kvpOf,
  layerParts,
  parseKvp,
  tileOf,
  type WmtsLayer,
} from './wmts';

// The capabilities document against the OGC WMTS 1.0.0 schemas (ogc/test-helpers.ts) and through
// OpenLayers' own parser, as the browser reads it.

const layers: WmtsLayer[] = [
  {
    orderNo: 'SP20260101000001',
    sceneId: 'LC08_L1TP_019039',
    formatType: 'PNG',
    bounds: [-87.5, 30.6, -87.2, 30.9],
  },
  { orderNo: 'SP20260101000002', sceneId: 'SIM-<&>-1', formatType: 'WEBP', bounds: [10, 45, 10.21, 45.16] },
];
const document = capabilitiesXml(layers, { origin: 'https://portal.example', key: 'k+1/2' });
const capabilities = 'http://www.opengis.net/wmts/1.0#/definitions/Capabilities';

/** The URL OpenLayers asks for tile z/x/y (y counted southwards, as WMTS rows are). */
function tileUrl(options: Options, [z, x, y]: [number, number, number]): string {
  const source = new WMTS(options);
  return source.getTileUrlFunction()([z, x, y], 1, source.getProjection()!)!;
}

describe('WMTS capabilities', () => {
  it('is a WMTS 1.0.0 Capabilities document by the OGC schemas', () => {
    expect(checkOgc(document, 'WMTS_1_0', 'Capabilities', capabilities)).toEqual([]);
  }, 120_000);

  it('fails that check when an element is out of place (the check can fail)', () => {
    const broken = document.replace(
      '<ows:ServiceType>OGC WMTS</ows:ServiceType>',
      '<ows:ServiceType>OGC WMTS</ows:ServiceType><ows:Bogus>1</ows:Bogus>',
    );
    const context = jsonixContext('WMTS_1_0');
    const read = context.createUnmarshaller().unmarshalString(broken);
    expect(outline(context.createMarshaller().marshalString(read))).not.toEqual(outline(broken));
    const withoutMatrices = document.replace(/<TileMatrix>[\s\S]*<\/TileMatrix>/, '');
    const json = JSON.parse(
      JSON.stringify(context.createUnmarshaller().unmarshalString(withoutMatrices).value),
    );
    const validate = ogcJsonSchemas().getSchema(capabilities)!;
    expect(validate(json)).toBe(false);
  }, 120_000);

  it('is read by OpenLayers: layers, the GoogleMapsCompatible matrix set, tile URLs with the key', () => {
    // OpenLayers reads XML with the browser's DOM: xmldom's stands in for it, with the two
    // element-walking properties it lacks.
    Object.assign(globalThis, { DOMParser, Node: XmlNode, XMLSerializer });
    const element = (first: XmlNode | null) => {
      let n = first;
      while (n && n.nodeType !== 1) n = n.nextSibling;
      return n;
    };
    Object.defineProperties(XmlNode.prototype, {
      firstElementChild: {
        configurable: true,
        get(this: XmlNode) {
          return element(this.firstChild);
        },
      },
      nextElementSibling: {
        configurable: true,
        get(this: XmlNode) {
          return element(this.nextSibling);
        },
      },
    });
    const parsed = new WMTSCapabilities().read(document);
    expect(parsed.Contents.Layer.map((l: { Identifier: string }) => l.Identifier)).toEqual([
      'SP20260101000001:LC08_L1TP_019039',
      'SP20260101000002:SIM-<&>-1',
    ]);
    const set = parsed.Contents.TileMatrixSet[0];
    expect(set.Identifier).toBe('GoogleMapsCompatible');
    expect(set.TileMatrix).toHaveLength(19);
    expect(set.TileMatrix[0].ScaleDenominator).toBeCloseTo(559082264.0287178, 6);
    expect(set.TileMatrix[18].MatrixWidth).toBe(2 ** 18);
    expect(set.TileMatrix[5].TopLeftCorner).toEqual([-20037508.3427892, 20037508.3427892]);
    const layer = 'SP20260101000002:SIM-<&>-1';
    // KVP first (the GetTile operation's GetEncoding), the key carried by the endpoint.
    const kvp = optionsFromCapabilities(parsed, { layer, matrixSet: 'GoogleMapsCompatible' })!;
    expect(kvp.format).toBe('image/webp');
    expect(kvp.requestEncoding).toBe('KVP');
    expect(kvp.urls).toEqual(['https://portal.example/tiles/wmts?key=k%2B1%2F2&']);
    expect(kvp.tileGrid.getResolutions()).toHaveLength(19);
    expect(kvp.tileGrid.getOrigin(0)).toEqual([-20037508.3427892, 20037508.3427892]);
    const kvpUrl = new URL(tileUrl(kvp, [3, 4, 2]));
    expect(Object.fromEntries(kvpUrl.searchParams)).toMatchObject({
      key: 'k+1/2',
      layer,
      style: 'default',
      tilematrixset: 'GoogleMapsCompatible',
      Service: 'WMTS',
      Request: 'GetTile',
      Version: '1.0.0',
      Format: 'image/webp',
      TileMatrix: '3',
      TileCol: '4',
      TileRow: '2',
    });
    // REST: the layer's ResourceURL template.
    const rest = optionsFromCapabilities(parsed, {
      layer,
      matrixSet: 'GoogleMapsCompatible',
      requestEncoding: 'REST',
    })!;
    expect(rest.urls).toEqual([
      'https://portal.example/tiles/wmts/1.0.0/SP20260101000002%3ASIM-%3C%26%3E-1/default/{TileMatrixSet}/{TileMatrix}/{TileRow}/{TileCol}.webp?key=k%2B1%2F2',
    ]);
    expect(tileUrl(rest, [3, 4, 2])).toBe(
      'https://portal.example/tiles/wmts/1.0.0/SP20260101000002%3ASIM-%3C%26%3E-1/default/GoogleMapsCompatible/3/2/4.webp?key=k%2B1%2F2',
    );
  });
});

describe('WMTS requests', () => {
  it('reads KVP names in any case and refuses what it does not offer', () => {
    const tile = parseKvp(
      kvpOf({
        service: 'WMTS',
        Request: 'GetTile',
        VERSION: '1.0.0',
        layer: 'A:B:C',
        style: 'default',
        tileMatrixSet: 'GoogleMapsCompatible',
        TileMatrix: '3',
        TileRow: '2',
        TileCol: '7',
        format: 'image/png',
      }),
    );
    expect(tile).toEqual({ kind: 'GetTile', layer: 'A:B:C', format: 'png', z: 3, x: 7, y: 2 });
    expect(layerParts('A:B:C')).toEqual({ orderNo: 'A', sceneId: 'B:C' });
    expect(parseKvp(kvpOf({ SERVICE: 'WMS', REQUEST: 'GetCapabilities' }))).toMatchObject({
      locator: 'SERVICE',
    });
    expect(parseKvp(kvpOf({ SERVICE: 'WMTS', REQUEST: 'GetCapabilities' }))).toEqual({
      kind: 'GetCapabilities',
    });
  });

  it('reads a tile matrix, row and column only in their one decimal spelling (the number rule)', () => {
    expect(tileOf('default', 'GoogleMapsCompatible', '3', '2', '7')).toEqual({ z: 3, x: 7, y: 2 });
    expect(tileOf('default', 'GoogleMapsCompatible', '0', '0', '0')).toEqual({ z: 0, x: 0, y: 0 });
    for (const [matrix, row, col] of [
      ['03', '2', '7'],
      ['3', '02', '7'],
      ['3', '2', '07'],
      ['+3', '2', '7'],
      ['3', ' 2', '7'],
      ['3', '2', '7.0'],
      ['3', '2e0', '7'],
    ])
      expect(
        tileOf('default', 'GoogleMapsCompatible', matrix!, row!, col!),
        `${matrix}/${row}/${col}`,
      ).toHaveProperty('code');
  });
});

describe('WMTS exception reports', () => {
  it('are OWS 1.1 ExceptionReports by the OGC schema, with or without a locator', () => {
    const report = 'http://www.opengis.net/ows/1.1#/definitions/ExceptionReport';
    for (const locator of ['LAYER', null]) {
      const xml = exceptionReport({
        code: 'NoApplicableCode',
        locator,
        text: 'a <text> & more',
        status: 401,
      });
      expect(checkOgc(xml, 'OWS_1_1_0', 'ExceptionReport', report)).toEqual([]);
    }
    // The check can fail: an exception without its code.
    const broken = exceptionReport({
      code: 'NoApplicableCode',
      locator: null,
      text: 't',
      status: 401,
    }).replace(' exceptionCode="NoApplicableCode"', '');
    expect(checkOgc(broken, 'OWS_1_1_0', 'ExceptionReport', report)).not.toEqual([]);
  }, 120_000);
});
