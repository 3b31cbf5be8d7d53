import { describe, expect, it } from 'vitest';
import {
  layerNotDefined,
  parseGetCapabilities,
  parseGetMap,
  WMS_MAX_SIZE,
  wmsErrorStatus,
  wmsOperationOf,
} from './wms';
import { serviceExceptionReport } from './wms-xml';

/** What OpenLayers' ImageWMS sends (its default params, upper case). */
const base = {
  SERVICE: 'WMS',
  VERSION: '1.3.0',
  REQUEST: 'GetMap',
  FORMAT: 'image/png',
  TRANSPARENT: 'true',
  LAYERS: 'S2A_MSIL2A_20240709T174911_R141_T13SDA_20240710T000000',
  STYLES: '',
  CRS: 'EPSG:3857',
  BBOX: '-11760000,4520000,-11740000,4540000',
  WIDTH: '512',
  HEIGHT: '256',
};

const errorOf = (query: Record<string, unknown>) => {
  const result = parseGetMap(query);
  if (result.ok) throw new Error('expected an error');
  return result.error;
};

const without = (name: keyof typeof base) => {
  const q: Record<string, string> = { ...base };
  delete q[name];
  return q;
};

describe('parseGetMap', () => {
  it('reads the request OpenLayers ImageWMS sends', () => {
    const result = parseGetMap(base);
    expect(result).toEqual({
      ok: true,
      request: {
        version: '1.3.0',
        layer: base.LAYERS,
        crs: 'EPSG:3857',
        renderCrs: 'EPSG:3857',
        bbox: { minX: -11760000, minY: 4520000, maxX: -11740000, maxY: 4540000 },
        width: 512,
        height: 256,
        format: 'image/png',
        transparent: true,
        bgcolor: 0xffffff,
        exceptions: 'xml',
      },
    });
  });

  it('takes parameter names in any case, from URLSearchParams too', () => {
    const lower = Object.fromEntries(Object.entries(base).map(([k, v]) => [k.toLowerCase(), v]));
    expect(parseGetMap(lower).ok).toBe(true);
    const mixed = new URLSearchParams({ ...lower, Service: 'wms', request: 'getmap', format: 'IMAGE/PNG' });
    mixed.delete('service');
    const result = parseGetMap(mixed);
    expect(result.ok && result.request.width).toBe(512);
  });

  it('reads EPSG:4326 in the latitude, longitude order of WMS 1.3.0', () => {
    const result = parseGetMap({ ...base, CRS: 'EPSG:4326', BBOX: '39,-105.5,40.5,-104' });
    expect(result.ok && result.request).toMatchObject({
      crs: 'EPSG:4326',
      renderCrs: 'EPSG:4326',
      bbox: { minX: -105.5, minY: 39, maxX: -104, maxY: 40.5 },
    });
    // The same box in CRS:84 is written longitude first.
    const crs84 = parseGetMap({ ...base, CRS: 'CRS:84', BBOX: '-105.5,39,-104,40.5' });
    expect(crs84.ok && crs84.request.bbox).toEqual({ minX: -105.5, minY: 39, maxX: -104, maxY: 40.5 });
    expect(crs84.ok && crs84.request.renderCrs).toBe('EPSG:4326');
  });

  it('reads WMS 1.1.1 GetMap: SRS, and EPSG:4326 longitude first', () => {
    const { CRS: _crs, ...rest } = base;
    const result = parseGetMap({ ...rest, VERSION: '1.1.1', SRS: 'EPSG:4326', BBOX: '-105.5,39,-104,40.5' });
    expect(result.ok && result.request).toMatchObject({
      version: '1.1.1',
      crs: 'EPSG:4326',
      bbox: { minX: -105.5, minY: 39, maxX: -104, maxY: 40.5 },
    });
    const mercator = parseGetMap({ ...rest, VERSION: '1.1.1', SRS: 'EPSG:900913' });
    expect(mercator.ok && mercator.request.crs).toBe('EPSG:3857');
    // Its errors are written for 1.1.1, naming SRS.
    const wrong = parseGetMap({ ...rest, VERSION: '1.1.1', SRS: 'EPSG:2154' });
    expect(wrong).toMatchObject({
      ok: false,
      version: '1.1.1',
      error: { code: 'InvalidCRS', locator: 'SRS' },
    });
    expect(parseGetMap({ ...base, VERSION: '1.1.1' })).toMatchObject({
      ok: false,
      error: { code: 'MissingParameterValue', locator: 'SRS', message: 'SRS is required (CRS is WMS 1.3.0)' },
    });
  });

  it('tells GetCapabilities from GetMap, and needs SERVICE=WMS for it', () => {
    expect(wmsOperationOf({ request: 'getcapabilities' })).toBe('GetCapabilities');
    expect(wmsOperationOf(base)).toBe('GetMap');
    expect(wmsOperationOf({ REQUEST: 'GetFeatureInfo' })).toBeNull();
    expect(wmsOperationOf({ REQUEST: ['GetMap', 'GetMap'] })).toBeNull();
    expect(parseGetCapabilities({ SERVICE: 'WMS', REQUEST: 'GetCapabilities', VERSION: '1.1.1' })).toEqual({
      ok: true,
    });
    expect(parseGetCapabilities({ REQUEST: 'GetCapabilities' })).toMatchObject({
      ok: false,
      error: { code: 'MissingParameterValue', locator: 'SERVICE' },
    });
  });

  it('rejects a 4326 box written longitude first when that makes latitudes impossible', () => {
    const error = errorOf({ ...base, CRS: 'EPSG:4326', BBOX: '-105.5,39,-104,40.5' });
    expect(error).toMatchObject({ code: 'InvalidParameterValue', locator: 'BBOX' });
    expect(errorOf({ ...base, CRS: 'EPSG:4326', BBOX: '40,-104,39,-105' })).toMatchObject({
      locator: 'BBOX',
    });
  });

  it.each([
    ['SERVICE', 'MissingParameterValue'],
    ['REQUEST', 'MissingParameterValue'],
    ['VERSION', 'MissingParameterValue'],
    ['LAYERS', 'MissingParameterValue'],
    ['CRS', 'MissingParameterValue'],
    ['BBOX', 'MissingParameterValue'],
    ['WIDTH', 'MissingParameterValue'],
    ['HEIGHT', 'MissingParameterValue'],
    ['FORMAT', 'MissingParameterValue'],
  ] as const)('a missing %s is %s', (name, code) => {
    expect(errorOf(without(name))).toMatchObject({ code, locator: name });
  });

  it('treats STYLES and TRANSPARENT as optional', () => {
    const result = parseGetMap(without('STYLES'));
    expect(result.ok).toBe(true);
    const opaque = parseGetMap(without('TRANSPARENT'));
    expect(opaque.ok && opaque.request.transparent).toBe(false);
  });

  it.each([
    [{ SERVICE: 'WFS' }, 'InvalidParameterValue', 'SERVICE'],
    [{ REQUEST: 'GetCapabilities' }, 'OperationNotSupported', 'REQUEST'],
    [{ REQUEST: 'GetFeatureInfo' }, 'OperationNotSupported', 'REQUEST'],
    [{ VERSION: '1.1.0' }, 'InvalidParameterValue', 'VERSION'],
    [{ VERSION: '1.1.1' }, 'MissingParameterValue', 'SRS'],
    [{ LAYERS: 'a,b' }, 'InvalidParameterValue', 'LAYERS'],
    [{ LAYERS: 'x'.repeat(201) }, 'LayerNotDefined', 'LAYERS'],
    [{ LAYERS: 'a\u0000b' }, 'InvalidParameterValue', 'LAYERS'],
    [{ LAYERS: 'scene\u0007' }, 'InvalidParameterValue', 'LAYERS'],
    [{ STYLES: 'rainbow' }, 'StyleNotDefined', 'STYLES'],
    [{ CRS: 'EPSG:32616' }, 'InvalidCRS', 'CRS'],
    [{ CRS: 'EPSG:3857x' }, 'InvalidCRS', 'CRS'],
    [{ FORMAT: 'image/jpeg' }, 'InvalidFormat', 'FORMAT'],
    [{ FORMAT: 'image/png; mode=8bit' }, 'InvalidFormat', 'FORMAT'],
    [{ TRANSPARENT: 'yes' }, 'InvalidParameterValue', 'TRANSPARENT'],
    [{ BGCOLOR: 'red' }, 'InvalidParameterValue', 'BGCOLOR'],
    [{ EXCEPTIONS: 'JSON' }, 'InvalidParameterValue', 'EXCEPTIONS'],
  ] as const)('%j is %s on %s', (change, code, locator) => {
    expect(errorOf({ ...base, ...change })).toMatchObject({ code, locator });
  });

  it.each([
    '0',
    '-1',
    '1.5',
    '1e3',
    ' ',
    'abc',
    '0x10',
    String(WMS_MAX_SIZE + 1),
    '99999999999999999999',
    // the number rule (issue 26): one spelling per value
    ' 256',
    '256 ',
    '+256',
    '0256',
    '256.0',
  ])('rejects WIDTH and HEIGHT %j', (value) => {
    expect(errorOf({ ...base, WIDTH: value })).toMatchObject({ locator: 'WIDTH' });
    expect(errorOf({ ...base, HEIGHT: value })).toMatchObject({ locator: 'HEIGHT' });
  });

  it('accepts sizes 1 and the maximum', () => {
    const result = parseGetMap({ ...base, WIDTH: '1', HEIGHT: String(WMS_MAX_SIZE) });
    expect(result.ok && [result.request.width, result.request.height]).toEqual([1, WMS_MAX_SIZE]);
  });

  it.each([
    '1,2,3',
    '1,2,3,4,5',
    '1,2,3,x',
    'NaN,0,1,1',
    'Infinity,0,1,1',
    '1e400,0,1e401,1',
    '0x1,0,2,1',
    ',,,',
    '5,0,5,1', // empty width
    '0,1,1,0', // min above max
    '0,0,1e12,1', // beyond every world
    // the number rule (issue 26): JSON's number spelling, as sent
    '0, 0,1,1',
    ' 0,0,1,1',
    '+0,0,1,1',
    '.5,0,1,1',
    '0,0,1.,1',
    '00,0,1,1',
  ])('rejects BBOX %j', (bbox) => {
    expect(errorOf({ ...base, BBOX: bbox })).toMatchObject({
      code: 'InvalidParameterValue',
      locator: 'BBOX',
    });
  });

  it('accepts boxes past ±180° (a wrapped map at low zoom) and numbers with exponents', () => {
    const result = parseGetMap({ ...base, BBOX: '1.5e7,-2e7,2.5e7,2e7' });
    expect(result.ok && result.request.bbox.maxX).toBe(2.5e7);
  });

  it('refuses a parameter given twice, in any case', () => {
    expect(errorOf({ ...base, width: '256' })).toMatchObject({
      code: 'InvalidParameterValue',
      locator: 'WIDTH',
    });
    expect(errorOf({ ...base, WIDTH: ['256', '512'] })).toMatchObject({ locator: 'WIDTH' });
    expect(errorOf({ ...base, LAYERS: { a: 1 } })).toMatchObject({ locator: 'LAYERS' });
  });

  it('reports how the client wants exceptions, and the blank image size when it can', () => {
    const blank = parseGetMap({ ...base, EXCEPTIONS: 'BLANK', FORMAT: 'image/gif' });
    expect(blank).toMatchObject({ ok: false, exceptions: 'blank', size: { width: 512, height: 256 } });
    const noSize = parseGetMap({ ...base, EXCEPTIONS: 'application/vnd.ogc.se_inimage', WIDTH: '0' });
    expect(noSize).toMatchObject({ ok: false, exceptions: 'inimage', size: null });
  });

  it('parses TRANSPARENT and BGCOLOR', () => {
    const result = parseGetMap({ ...base, TRANSPARENT: 'FALSE', BGCOLOR: '0x00FF80' });
    expect(result.ok && [result.request.transparent, result.request.bgcolor]).toEqual([false, 0x00ff80]);
  });
});

describe('serviceExceptionReport', () => {
  it('writes a WMS 1.3.0 exception report', () => {
    const xml = serviceExceptionReport(errorOf({ ...base, CRS: 'EPSG:2154' }));
    expect(xml).toContain('<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc"');
    expect(xml).toMatch(
      /<ServiceException code="InvalidCRS" locator="CRS">CRS &quot;EPSG:2154&quot; is not offered/,
    );
  });

  it('escapes what the client sent', () => {
    const error = layerNotDefined('<x>&"\u0000\ud800');
    const xml = serviceExceptionReport(error);
    expect(xml).not.toMatch(/<x>/);
    expect(xml).not.toContain('\u0000');
    expect(xml).toContain('&lt;x&gt;&amp;&quot;');
    expect(wmsErrorStatus(error)).toBe(404);
    expect(wmsErrorStatus(errorOf(without('BBOX')))).toBe(400);
  });
});
