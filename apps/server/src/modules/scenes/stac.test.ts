import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type IngestSatellite, platformKey, platformResolver, stacItemToScene } from './stac';

const stacDir = resolve(import.meta.dirname, '../../../../../data/stac-items');
const firstItem = (file: string) => JSON.parse(readFileSync(resolve(stacDir, file), 'utf8').split('\n')[0]!);

const satellite = (id: number, name: string, overrides: Partial<IngestSatellite> = {}): IngestSatellite => ({
  id,
  name,
  caps: [
    {
      type: 1,
      bands: ['B', 'G', 'R'],
      stereos: ['MONO'],
      polarisations: [],
      maxResolution: 10,
      maxShtPeriod: 10,
    },
  ],
  node: 'descending',
  nodeLocalTime: '10:30',
  bestGsd: 10,
  ...overrides,
});
const satellites = [
  satellite(1, 'Sentinel-2A'),
  satellite(2, 'Sentinel-2B'),
  satellite(3, 'Landsat 8', { nodeLocalTime: '10:00' }),
  satellite(4, 'Landsat 9'),
  satellite(5, 'Pléiades Neo 3'),
  satellite(6, 'Sentinel-1A', {
    caps: [{ type: 4, bands: ['C'], stereos: [], polarisations: ['VV'], maxResolution: 5, maxShtPeriod: 12 }],
  }),
];
const resolve_ = platformResolver(satellites);
const map = (item: unknown) => stacItemToScene(item, resolve_);
const sceneOf = (item: unknown) => {
  const r = map(item);
  if (!('scene' in r)) throw new Error(r.reason);
  return r.scene;
};

describe('platform names', () => {
  it('match the catalogue ignoring case, accents and punctuation, and known aliases', () => {
    expect(platformKey('Pléiades Neo 3')).toBe('pleiadesneo3');
    expect(resolve_('sentinel-2a')?.id).toBe(1);
    expect(resolve_('SENTINEL_2B')?.id).toBe(2);
    expect(resolve_('landsat-8')?.id).toBe(3);
    expect(resolve_('pleiades-neo-3')?.id).toBe(5);
    expect(resolve_('PNEO3')?.id).toBe(5);
    expect(resolve_('landsat-7')).toBeUndefined();
  });
});

describe('a real Sentinel-2 item', () => {
  const item = firstItem('1000-sentinel-2-items.ndjson');
  it('maps cloud, sun zenith, GSD from its assets, orbit state, bands and the quicklook', () => {
    const s = sceneOf(item);
    expect(s).toMatchObject({
      id: item.id,
      satelliteId: item.properties.platform === 'Sentinel-2A' ? 1 : 2,
      acquiredAt: new Date(item.properties.datetime).toISOString(),
      cloudCover: item.properties['eo:cloud_cover'],
      offNadir: null,
      sunZenith: item.properties['s2:mean_solar_zenith'],
      gsd: 10,
      orbitDirection: 2,
      sensorType: 1,
      bands: ['CB', 'B', 'G', 'R', 'RE', 'NIR', 'SWIR'],
      stereoMode: 'MONO',
      productQuality: 'A',
      provenance: 'real',
      footprint: item.geometry,
      properties: item.properties,
    });
    expect(s.assets.quicklook).toMatchObject({ key: 'rendered_preview', type: 'image/png' });
    expect(s.assets.files.map((f) => f.key)).toContain('B04');
  });

  it('is product quality B with more than 1 % degraded MSI data', () => {
    const degraded = structuredClone(item);
    degraded.properties['s2:degraded_msi_data_percentage'] = 2.1;
    expect(sceneOf(degraded).productQuality).toBe('B');
  });
});

describe('a real Landsat item', () => {
  const item = firstItem('100-landsat-items.ndjson');
  it('maps off-nadir, sun elevation (zenith = 90° − elevation), GSD and tier', () => {
    const s = sceneOf(item);
    expect(s).toMatchObject({
      satelliteId: 3,
      cloudCover: 73.36,
      offNadir: 0,
      gsd: 30,
      orbitDirection: 2,
      productQuality: 'A',
      bands: ['CB', 'B', 'G', 'R', 'NIR', 'SWIR', 'TIR'],
    });
    expect(s.sunZenith).toBeCloseTo(90 - item.properties['view:sun_elevation'], 12);
    const tier2 = structuredClone(item);
    tier2.properties['landsat:collection_category'] = 'T2';
    expect(sceneOf(tier2).productQuality).toBe('B');
  });

  it('takes a night scene of a morning descending-node satellite as ascending', () => {
    const night = structuredClone(item);
    night.properties['view:sun_elevation'] = -30;
    expect(sceneOf(night)).toMatchObject({ orbitDirection: 1, sunZenith: 120 });
  });
});

describe('items that cannot be ingested', () => {
  const item = firstItem('1000-sentinel-2-items.ndjson');
  // biome-ignore lint/suspicious/noExplicitAny: tests change STAC items at any depth
  const changed = (f: (i: Record<string, any>) => void) => {
    const i = structuredClone(item);
    f(i);
    return map(i);
  };
  it('are refused with their reason', () => {
    expect(changed((i) => (i.properties.platform = 'landsat-7'))).toEqual({
      id: item.id,
      reason: 'unknown platform "landsat-7": no satellite of the catalogue has that name',
    });
    expect(changed((i) => delete i.properties.platform)).toMatchObject({ reason: 'no platform' });
    expect(changed((i) => (i.geometry = null))).toMatchObject({ reason: 'no geometry' });
    expect(changed((i) => (i.geometry = { type: 'LineString', coordinates: [] }))).toMatchObject({
      reason: 'invalid geometry: not a Polygon or MultiPolygon',
    });
    expect(changed((i) => (i.properties.datetime = '2024-07-09T17:49:09'))).toMatchObject({
      reason: 'bad datetime "2024-07-09T17:49:09"',
    });
    expect(changed((i) => (i.properties.datetime = null))).toMatchObject({
      reason: 'bad datetime: none given',
    });
    expect(changed((i) => (i.properties['eo:cloud_cover'] = -1))).toMatchObject({
      reason: 'eo:cloud_cover -1 is outside 0–100',
    });
    expect(changed((i) => (i.properties['sat:orbit_state'] = 'sideways'))).toMatchObject({
      reason: 'sat:orbit_state "sideways" is not ascending or descending',
    });
    expect(changed((i) => delete i.id)).toEqual({ id: null, reason: 'no id' });
    expect(map({ type: 'FeatureCollection' })).toMatchObject({
      reason: 'not a STAC Item (type must be "Feature")',
    });
  });

  it('takes the interval start when datetime is null, and radar items as radar', () => {
    expect(
      sceneOf({
        ...item,
        properties: { ...item.properties, datetime: null, start_datetime: '2024-07-09T17:49:00Z' },
      }).acquiredAt,
    ).toBe('2024-07-09T17:49:00.000Z');
    const radar = sceneOf({
      ...item,
      properties: {
        ...item.properties,
        platform: 'sentinel-1a',
        'sar:instrument_mode': 'IW',
        'eo:cloud_cover': undefined,
      },
    });
    expect(radar).toMatchObject({ sensorType: 4, cloudCover: null, gsd: 10 });
  });
});
