import { describe, expect, it } from 'vitest';
import { baseMapCatalogue, defaultBaseMapId, optionsOf, tiandituTiles } from './baseMaps';

describe('baseMapCatalogue', () => {
  it('offers OpenStreetMap, satellite and the offline map without a Tianditu key', () => {
    expect(baseMapCatalogue({ tiandituKey: null }).map((b) => b.id)).toEqual(['osm', 'satellite', 'offline']);
    expect(baseMapCatalogue({ tiandituKey: '  ' }).map((b) => b.id)).toEqual(['osm', 'satellite', 'offline']);
  });

  it('adds Tianditu (vector map with its label overlay) when a key is configured', () => {
    const tianditu = baseMapCatalogue({ tiandituKey: 'k1' }).find((b) => b.id === 'tianditu');
    expect(tianditu?.tiles.map((t) => t.id)).toEqual(['tianditu-vec']);
    expect(tianditu?.labelOverlay?.id).toBe('tianditu-cva');
  });

  it('gives the offline map no online tiles', () => {
    const offline = baseMapCatalogue({ tiandituKey: null }).find((b) => b.id === 'offline');
    expect(offline?.tiles).toEqual([]);
    expect(offline?.labelOverlay).toBeNull();
  });

  it('says which maps have a separate label overlay', () => {
    expect(optionsOf(baseMapCatalogue({ tiandituKey: null }))).toEqual([
      { id: 'osm', hasLabelOverlay: false },
      { id: 'satellite', hasLabelOverlay: true },
      { id: 'offline', hasLabelOverlay: false },
    ]);
  });
});

describe('defaultBaseMapId', () => {
  const withKey = baseMapCatalogue({ tiandituKey: 'k1' });
  const withoutKey = baseMapCatalogue({ tiandituKey: null });

  it('picks Tianditu in the Asia/Shanghai zone when it is offered', () => {
    expect(defaultBaseMapId(withKey, 'Asia/Shanghai')).toBe('tianditu');
  });

  it('picks OpenStreetMap elsewhere or without a key', () => {
    expect(defaultBaseMapId(withKey, 'Europe/Berlin')).toBe('osm');
    expect(defaultBaseMapId(withoutKey, 'Asia/Shanghai')).toBe('osm');
  });
});

describe('tiandituTiles', () => {
  it('builds the web-Mercator WMTS GetTile template with the key', () => {
    const { url, maxZoom } = tiandituTiles('vec', 'a b');
    expect(url.startsWith('https://t{0-7}.tianditu.gov.cn/vec_w/wmts?SERVICE=WMTS&REQUEST=GetTile')).toBe(
      true,
    );
    expect(url).toContain('LAYER=vec&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&tk=a+b');
    expect(url.endsWith('&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}')).toBe(true);
    expect(maxZoom).toBe(18);
  });
});
