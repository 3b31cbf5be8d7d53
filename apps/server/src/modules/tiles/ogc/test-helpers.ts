import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DOMParser, type Element as XmlElement } from '@xmldom/xmldom';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

// OGC documents checked against the OGC schemas as the npm package ogc-schemas ships them: Jsonix
// mappings and JSON Schemas generated from the OGC XSDs (no network here, and Debian ships no
// OGC XSD). Jsonix skips what its XSD-derived mapping does not know and writes elements back in
// the schema's order, so a round trip that loses or moves anything was not valid by the XSD;
// the JSON Schema made from the same XSDs checks required elements, attributes and value types.

const require = createRequire(import.meta.url);
// biome-ignore lint/suspicious/noExplicitAny: Jsonix has no types
const { Jsonix } = require('jsonix') as { Jsonix: any };

/** The Jsonix mappings by name, with what each depends on, in order. */
const mappingDeps: Record<string, string[]> = {
  XLink_1_0: [],
  SMIL_2_0: [],
  SMIL_2_0_Language: ['SMIL_2_0'],
  GML_3_1_1: ['XLink_1_0', 'SMIL_2_0', 'SMIL_2_0_Language'],
  OWS_1_1_0: ['XLink_1_0'],
  WMTS_1_0: ['XLink_1_0', 'SMIL_2_0', 'SMIL_2_0_Language', 'GML_3_1_1', 'OWS_1_1_0'],
  WMS_1_3_0: ['XLink_1_0'],
  WMS_1_3_0_Exceptions: [],
};

function mappingOf(name: string): unknown {
  const module = name === 'XLink_1_0' ? 'w3c-schemas/lib/XLink_1_0' : `ogc-schemas/lib/${name}`;
  return require(module)[name];
}

/** A Jsonix context knowing `name` and the mappings it needs. */
// biome-ignore lint/suspicious/noExplicitAny: Jsonix has no types
export function jsonixContext(name: string): any {
  const names = [...new Set([...(mappingDeps[name] ?? []), name])];
  return new Jsonix.Context(names.map(mappingOf));
}

/**
 * Every element and attribute by namespace and local name, as a tree whose children are sorted:
 * Jsonix writes an element back where its mapping puts it (and OWS's WGS84BoundingBox is also in
 * the BoundingBox substitution group), so the order of a round trip is not the document's order.
 */
export function outline(xml: string): string {
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

/** The JSON Schemas of the OGC mappings used here and those they refer to (compiled once: large). */
export function ogcJsonSchemas(): Ajv {
  if (compiled) return compiled;
  const ajv = new Ajv({ strict: false, validateSchema: false, allErrors: true });
  addFormats(ajv);
  const schemas: Array<{ $id: string; definitions?: Record<string, unknown> }> = [];
  const load = (path: string) => {
    const schema = JSON.parse(readFileSync(require.resolve(path), 'utf8'));
    // Draft-04 `id` → `$id` (Ajv 8); the meta-schema reference is dropped (not validated here).
    const { id, $schema: _meta, ...rest } = schema;
    schemas.push({ $id: id, ...rest });
  };
  load('jsonix/jsonschemas/w3c/2001/XMLSchema.jsonschema');
  load('jsonix/jsonschemas/jsonix/Jsonix.jsonschema');
  load('w3c-schemas/jsonschemas/XLink_1_0.jsonschema');
  for (const name of [
    'SMIL_2_0',
    'SMIL_2_0_Language',
    'GML_3_1_1',
    'OWS_1_1_0',
    'WMTS_1_0',
    'WMS_1_3_0',
    'WMS_1_3_0_Exceptions',
  ]) {
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

/**
 * Whether `xml` is valid by mapping `name`: the round trip keeps every element and attribute, and
 * the JSON Schema `definition` (e.g. `http://www.opengis.net/wms#/definitions/WMSCapabilities`)
 * accepts what Jsonix read. `root`: the root element's local name it must have.
 */
export function checkOgc(xml: string, name: string, root: string, definition: string): string[] {
  const context = jsonixContext(name);
  const read = context.createUnmarshaller().unmarshalString(xml);
  const problems: string[] = [];
  if (read.name.localPart !== root) problems.push(`root ${read.name.localPart}, not ${root}`);
  const written = context.createMarshaller().marshalString(read);
  if (outline(written) !== outline(xml)) problems.push('elements or attributes the schema does not know');
  const validate = ogcJsonSchemas().getSchema(definition);
  if (!validate) return [...problems, `no schema ${definition}`];
  if (!validate(JSON.parse(JSON.stringify(read.value))))
    problems.push(...(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`));
  return problems;
}

/** Expects `xml` valid by `checkOgc`. */
export function expectOgcValid(xml: string, name: string, root: string, definition: string): void {
  expect(checkOgc(xml, name, root, definition)).toEqual([]);
}
