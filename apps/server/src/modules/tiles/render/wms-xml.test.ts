import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { checkOgc } from '../ogc/test-helpers';
import { layerNotDefined } from './wms';
import { capabilitiesXml, serviceExceptionReport, type WmsCapabilitiesOptions } from './wms-xml';

// The quicklook WMS's XML against the OGC WMS 1.3.0 schemas (capabilities_1_3_0.xsd and
// exceptions_1_3_0.xsd as ogc-schemas ships them: ogc/test-helpers.ts).

const capabilities = 'http://www.opengis.net/wms#/definitions/WMSCapabilities';
const exceptions = 'http://www.opengis.net/ogc#/definitions/ServiceExceptionReport';

const options: WmsCapabilitiesOptions = {
  origin: 'https://portal.example',
  path: '/tiles/quicklooks/wms',
  key: 'k+1/2',
  title: 'Your latest search',
  abstract: 'Scenes & more <listed>',
  layers: [
    {
      name: 'S2A_MSIL2A_20240709T174911',
      title: 'Sentinel-2A, 2024-07-09 17:49 UTC, cloud 3 %',
      abstract: 'Scene S2A…',
      bounds: [-105.5, 39, -104, 40.5],
    },
    { name: 'SIM-<&>-1', title: 'Sim "1"', abstract: '\u0000odd', bounds: [179.5, -85.5, 180, -80] },
  ],
};

describe('WMS 1.3.0 capabilities', () => {
  it('is a WMS_Capabilities document by the OGC schema, with layers and without', () => {
    for (const document of [
      capabilitiesXml(options),
      capabilitiesXml({ ...options, key: null, layers: [] }),
    ]) {
      expect(checkOgc(document, 'WMS_1_3_0', 'WMS_Capabilities', capabilities)).toEqual([]);
    }
  }, 120_000);

  it('fails that check for an element out of place or a missing title (the check can fail)', () => {
    const document = capabilitiesXml(options);
    const moved = document.replace('<Name>WMS</Name>', '<Name>WMS</Name><Bogus/>');
    expect(checkOgc(moved, 'WMS_1_3_0', 'WMS_Capabilities', capabilities)).not.toEqual([]);
    const untitled = document.replace('<Title>Satportal quicklooks</Title>', '');
    expect(checkOgc(untitled, 'WMS_1_3_0', 'WMS_Capabilities', capabilities)).not.toEqual([]);
  }, 120_000);

  it('carries the tile key into the operations’ URLs, which end in & for the client’s parameters', () => {
    const dom = new DOMParser().parseFromString(capabilitiesXml(options), 'text/xml');
    const hrefs = Array.from(dom.getElementsByTagName('OnlineResource')).map((e) =>
      e.getAttributeNS('http://www.w3.org/1999/xlink', 'href'),
    );
    expect(hrefs).toEqual([
      'https://portal.example/tiles/quicklooks/wms',
      'https://portal.example/tiles/quicklooks/wms?key=k%2B1%2F2&',
      'https://portal.example/tiles/quicklooks/wms?key=k%2B1%2F2&',
    ]);
    const names = Array.from(dom.getElementsByTagName('Name')).map((e) => e.textContent);
    expect(names).toEqual(['WMS', 'S2A_MSIL2A_20240709T174911', 'SIM-<&>-1']);
    // EPSG:4326 boxes are latitude first in 1.3.0.
    const box = Array.from(dom.getElementsByTagName('BoundingBox')).find(
      (e) => e.getAttribute('CRS') === 'EPSG:4326' && e.getAttribute('minx') === '39',
    );
    expect(box?.getAttribute('miny')).toBe('-105.5');
  });
});

describe('WMS exception reports', () => {
  it('are ServiceExceptionReports by the WMS 1.3.0 exceptions schema', () => {
    const renew = {
      code: 'NoApplicableCode' as const,
      locator: 'key',
      message: 'Renew the link <now> & then',
    };
    for (const error of [renew, { ...renew, locator: null }, layerNotDefined('x<&>\u0007')]) {
      expect(
        checkOgc(serviceExceptionReport(error), 'WMS_1_3_0_Exceptions', 'ServiceExceptionReport', exceptions),
      ).toEqual([]);
    }
    // The check can fail: an element the schema does not have.
    const unknown = serviceExceptionReport(renew).replace(
      '</ServiceExceptionReport>',
      '<Other/></ServiceExceptionReport>',
    );
    expect(checkOgc(unknown, 'WMS_1_3_0_Exceptions', 'ServiceExceptionReport', exceptions)).not.toEqual([]);
  }, 120_000);

  it('are written as WMS 1.1.1 reports for a 1.1.1 request (no namespace, InvalidSRS)', () => {
    const xml = serviceExceptionReport({ code: 'InvalidCRS', locator: 'SRS', message: 'no' }, '1.1.1');
    const root = new DOMParser().parseFromString(xml, 'text/xml').documentElement!;
    expect([root.localName, root.namespaceURI, root.getAttribute('version')]).toEqual([
      'ServiceExceptionReport',
      null,
      '1.1.1',
    ]);
    expect(xml).toContain('<ServiceException code="InvalidSRS" locator="SRS">no</ServiceException>');
  });
});
