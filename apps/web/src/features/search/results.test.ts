import type { ArchiveScene } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { resultRows, rowOffsets, visibleRange } from './resultRows';
import { scenesCsv, scenesGeoJson } from './sceneExport';
import { parseSceneIds } from './useArchiveSearch';

const scene = (sceneId: string, time: string, satName: string, extra: Partial<ArchiveScene> = {}) =>
  ({
    sceneId,
    time,
    satName,
    satGroupName: satName,
    boundaries: [
      [
        [10, 10],
        [11, 10],
        [11, 11],
        [10, 11],
      ],
    ],
    imageGsd: 0.5,
    resolutionId: 2,
    cc: 12.5,
    ona: 3,
    sza: 40,
    ac: 55.55,
    productQuality: 'A',
    area: 123.45,
    orbit: 2,
    type: 1,
    bands: ['PAN', 'NIR'],
    mode: 'MONO',
    provenance: 'simulated',
    inGeoServer: true,
    ...extra,
  }) as ArchiveScene;

describe('result list rows (spec 000 §2: by date, then satellite)', () => {
  const scenes = [
    scene('a', '2026-11-21T23:30:00Z', 'SPOT 6'),
    scene('b', '2026-11-21T10:00:00Z', 'WorldView-2'),
    scene('c', '2026-11-21T09:00:00Z', 'SPOT 6'),
    scene('d', '2026-11-20T09:00:00Z', 'SPOT 6'),
  ];

  it('groups in the order the server sorted, dates in the user’s zone', () => {
    const rows = resultRows(scenes, 'UTC').map((r) => (r.kind === 'scene' ? r.scene.sceneId : r.key));
    expect(rows).toEqual([
      'd:2026-11-21',
      's:2026-11-21:SPOT 6',
      'a',
      'c',
      's:2026-11-21:WorldView-2',
      'b',
      'd:2026-11-20',
      's:2026-11-20:SPOT 6',
      'd',
    ]);
    // 23:30 UTC is the next day in Shanghai.
    const shanghai = resultRows(scenes, 'Asia/Shanghai').filter((r) => r.kind === 'date');
    expect(shanghai.map((r) => (r.kind === 'date' ? [r.day, r.count] : null))).toEqual([
      ['2026-11-22', 1],
      ['2026-11-21', 2],
      ['2026-11-20', 1],
    ]);
  });

  it('draws only the rows in view (windowing of 1000 results)', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      scene(`s${i}`, '2026-11-21T10:00:00Z', `Sat ${i % 3}`),
    );
    const rows = resultRows(many, 'UTC');
    const offsets = rowOffsets(rows);
    expect(offsets).toHaveLength(rows.length + 1);
    const [first, last] = visibleRange(offsets, 20_000, 600, 6);
    expect(last - first).toBeLessThan(30);
    expect(offsets[first]).toBeLessThanOrEqual(20_000);
    expect(offsets[last + 1]).toBeGreaterThanOrEqual(20_600);
    expect(visibleRange([0], 0, 600)).toEqual([0, -1]);
  });
});

describe('export of the selected scenes', () => {
  const scenes = [
    scene('S1', '2026-11-21T10:00:00Z', 'SPOT 6'),
    scene('=HYPERLINK("x"),1', '2026-11-20T09:00:00Z', 'A, "B"', { cc: null, ac: null }),
  ];

  it('writes CSV with a header, quoted cells, defused formulas and WKT footprints', () => {
    const lines = scenesCsv(scenes).split('\r\n');
    expect(lines[0]).toBe(
      'sceneId,time,satName,satGroupName,imageGsd,resolutionId,cc,ona,sza,ac,productQuality,area,orbit,type,bands,mode,provenance,footprint',
    );
    expect(lines[1]).toBe(
      'S1,2026-11-21T10:00:00Z,SPOT 6,SPOT 6,0.5,2,12.5,3,40,55.55,A,123.45,2,1,PAN NIR,MONO,simulated,"MULTIPOLYGON(((10 10, 11 10, 11 11, 10 11, 10 10)))"',
    );
    expect(
      lines[2]?.startsWith(`"'=HYPERLINK(""x""),1",2026-11-20T09:00:00Z,"A, ""B""","A, ""B""",0.5,2,,3,40,,`),
    ).toBe(true);
    expect(lines[3]).toBe('');
  });

  it('writes GeoJSON with closed footprint rings and the metadata', () => {
    const collection = JSON.parse(scenesGeoJson(scenes.slice(0, 1)));
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features[0].id).toBe('S1');
    expect(collection.features[0].geometry.coordinates[0][0]).toHaveLength(5);
    expect(collection.features[0].properties).toMatchObject({ sceneId: 'S1', cc: 12.5, satName: 'SPOT 6' });
  });
});

describe('scene-id search box', () => {
  it('takes several ids separated by commas, each once', () => {
    expect(parseSceneIds(' A1, B2 ,,A1，C3\nD4 ')).toEqual(['A1', 'B2', 'C3', 'D4']);
    expect(parseSceneIds(' , ')).toEqual([]);
  });
});
