import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DOMParser, XMLSerializer, type Element as XmlElement, Node as XmlNode } from '@xmldom/xmldom';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import WMTSCapabilities from 'ol/format/WMTSCapabilities';
import WMTS, { type Options, optionsFromCapabilities } from 'ol/source/WMTS';
import { describe, expect, it } from 'vitest';
import { capabilitiesXml, kvpOf, layerParts, parseKvp, tileOf, type WmtsLayer } from './wmts';

// The capabilities document against the OGC WMTS 1.0.0 schemas (as the npm package ogc-schemas
// ships them: Jsonix mappings and JSON Schemas generated from the OGC XSDs; there is no network
// here, and Debian ships no WMTS XSD) and through OpenLayers' own parser, as the browser reads it.

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: Jsonix has no types
const { Jsonix } = require('jsonix') as { Jsonix: any };
const mappings = [
  require('w3c-schemas/lib/XLink_1_0').XLink_1_0,
  require('ogc-schemas/lib/SMIL_2_0').SMIL_2_0,
  require('ogc-schemas/lib/SMIL_2_0_Language').SMIL_2_0_Language,
  require('ogc-schemas/lib/GML_3_1_1').GML_3_1_1,
  require('ogc-schemas/lib/OWS_1_1_0').OWS_1_1_0,
  require('ogc-schemas/lib/WMTS_1_0').WMTS_1_0,
];

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

/**
 * Every element and attribute by namespace and local name, as a tree whose children are sorted:
 * Jsonix writes an element back where its mapping puts it, and OWS's WGS84BoundingBox is also in
 * the BoundingBox substitution group, so the order of a round trip is not the document's order.
 */
function outline(xml: string): string {
  const walk = (node: XmlElement): string => {
    const attributes: string[] = [];
    for (let i = 0; i < node.attributes.length; i++) {
      const a = node.attributes.item(i)!;
      if (a.namespaceURI === 'http://www.w3.org/2000/xmlns/' || a.name === 'xmlns') continue;
      if (a.localName !== 'schemaLocation') attributes.push(`@${a.namespaceURI ?? ''}:${a.localName}`);
    }
    const children: string[] = [];
    for (let n = node.firstChild; n; n = n.nextSibling)
      if (n.nodeType === 1) children.push(walk(n as XmlElement));
    return `${node.namespaceURI}:${node.localName}[${attributes.sort().join(' ')}](${children.sort().join(',')})`;
  };
  return walk(new DOMParser().parseFromString(xml, 'text/xml').documentElement!);
}

let compiled: Ajv | null = null;

/** The WMTS JSON Schema and those it refers to (compiled once: it is large). */
function jsonSchemas(): Ajv {
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
  addFormats(ajv);
  const load = (path: string) => {
    const schema = JSON.parse(readFileSync(require.resolve(path), 'utf8'));
    // Draft-04 `id` → `$id` (Ajv 8); the meta-schema reference is dropped (not validated here).
    const { id, $schema: _meta, ...rest } = schema;
    schemas.push({ $id: id, ...rest });
  };
  const schemas: Array<{ $id: string; definitions?: Record<string, unknown> }> = [];
  load('jsonix/jsonschemas/w3c/2001/XMLSchema.jsonschema');
  load('jsonix/jsonschemas/jsonix/Jsonix.jsonschema');
  load('w3c-schemas/jsonschemas/XLink_1_0.jsonschema');
  for (const name of ['SMIL_2_0', 'SMIL_2_0_Language', 'GML_3_1_1', 'OWS_1_1_0', 'WMTS_1_0']) {
    load(`ogc-schemas/jsonschemas/${name}.jsonschema`);
  }
  // The generated OWS schema names XLink's definitions (TypeType) as if they were its own: such a
  // reference is pointed at the schema that defines it.
  // The generator also made every element of UnNamedDomainType's XSD choice required at once
  // (AllowedValues and AnyValue and NoValues …), which no document can meet: the choice is put
  // back, and the ValuesUnit group (minOccurs="0" in owsDomainType.xsd) is optional again.
  const domain = schemas.find((x) => x.$id.startsWith('http://www.opengis.net/ows/1.1'))!.definitions!
    .UnNamedDomainType as Record<string, unknown>;
  delete domain.required;
  domain.oneOf = ['allowedValues', 'anyValue', 'noValues', 'valuesReference'].map((name) => ({
    required: [name],
  }));
  for (const schema of schemas) {
    const fix = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const object = node as Record<string, unknown>;
      const ref = object.$ref;
      if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
        const name = ref.slice('#/definitions/'.length);
        if (!schema.definitions?.[name]) {
          const owner = schemas.find((other) => other.definitions?.[name]);
          if (owner) object.$ref = `${owner.$id}${ref.slice(1)}`;
        }
      }
      // Draft-04's boolean exclusive bounds in the form Ajv reads (draft 6 and later).
      for (const [flag, bound] of [
        ['exclusiveMinimum', 'minimum'],
        ['exclusiveMaximum', 'maximum'],
      ] as const) {
        if (typeof object[flag] !== 'boolean') continue;
        if (object[flag] && typeof object[bound] === 'number') {
          object[flag] = object[bound];
          delete object[bound];
        } else delete object[flag];
      }
      for (const value of Object.values(object)) fix(value);
    };
    fix(schema);
    ajv.addSchema(schema);
  }
  compiled = ajv;
  return ajv;
}

/** The URL OpenLayers asks for tile z/x/y (y counted southwards, as WMTS rows are). */
function tileUrl(options: Options, [z, x, y]: [number, number, number]): string {
  const source = new WMTS(options);
  return source.getTileUrlFunction()([z, x, y], 1, source.getProjection()!)!;
}

describe('WMTS capabilities', () => {
  it('is a WMTS 1.0.0 Capabilities document by the OGC schemas', () => {
    const context = new Jsonix.Context(mappings);
    const read = context.createUnmarshaller().unmarshalString(document);
    expect(read.name.localPart).toBe('Capabilities');
    // Jsonix skips what its XSD-derived mapping does not know and writes elements back in the
    // schema's order: a round trip that loses or moves anything was not valid by the XSD.
    const written = context.createMarshaller().marshalString(read);
    expect(outline(written)).toEqual(outline(document));
    // Required elements and attributes, value types: the JSON Schema made from the same XSDs.
    const validate = jsonSchemas().getSchema('http://www.opengis.net/wmts/1.0#/definitions/Capabilities');
    expect(validate).toBeTypeOf('function');
    const valid = validate!(JSON.parse(JSON.stringify(read.value)));
    expect(validate!.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  }, 120_000);

  it('fails that check when an element is out of place (the check can fail)', () => {
    const broken = document.replace(
      '<ows:ServiceType>OGC WMTS</ows:ServiceType>',
      '<ows:ServiceType>OGC WMTS</ows:ServiceType><ows:Bogus>1</ows:Bogus>',
    );
    const context = new Jsonix.Context(mappings);
    const read = context.createUnmarshaller().unmarshalString(broken);
    expect(outline(context.createMarshaller().marshalString(read))).not.toEqual(outline(broken));
    const withoutMatrices = document.replace(/<TileMatrix>[\s\S]*<\/TileMatrix>/, '');
    const json = JSON.parse(
      JSON.stringify(context.createUnmarshaller().unmarshalString(withoutMatrices).value),
    );
    const validate = jsonSchemas().getSchema('http://www.opengis.net/wmts/1.0#/definitions/Capabilities')!;
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
