import type { MyDataScene } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import {
  canAnalyse,
  linkPathOf,
  listDateRange,
  listRequestOf,
  noFilters,
  shownInSelection,
  swipeGroupsOf,
  tileLayerOf,
} from './myData';
import { useMyDataStore } from './myDataStore';

const scene = (sceneId: string, imageTime: string, extra: Partial<MyDataScene> = {}): MyDataScene => ({
  sceneId,
  orderNo: 'SO1',
  imageTime,
  batchName: 'SO1',
  satGroupName: 'Landsat',
  satName: 'LC08',
  imageGsd: 15,
  cloudCover: 3,
  level: 20,
  deliveredAt: imageTime,
  boundaries: [
    [
      { lng: 10, lat: 20 },
      { lng: 11, lat: 20 },
      { lng: 11, lat: 21 },
      { lng: 10, lat: 20 },
    ],
  ],
  sceneAoi: { cors: [] },
  accessType: 'XYZ',
  formatType: 'PNG',
  wmtsLayer: `SO1:${sceneId}`,
  wmtsMatrixSet: 'GoogleMapsCompatible',
  wmtsStyle: 'default',
  ...extra,
});

describe('the list request', () => {
  it('sends whole days of the user zone as UTC instants, trimmed texts, nothing unset', () => {
    expect(
      listRequestOf(
        { from: '2026-03-01', to: '2026-03-02', batchName: 'SO9', sceneId: ' LC08 ', aoi: '' },
        'Asia/Shanghai',
      ),
    ).toEqual({
      startTime: '2026-02-28T16:00:00.000Z',
      endTime: '2026-03-02T15:59:59.000Z',
      batchName: 'SO9',
      sceneId: 'LC08',
    });
    expect(listRequestOf(noFilters, 'UTC')).toEqual({});
  });
});

it("gives a list's date range as MM/DD/YYYY ~ MM/DD/YYYY in the zone", () => {
  const list = [scene('b', '2026-05-03T20:00:00Z'), scene('a', '2025-12-31T23:30:00Z')];
  expect(listDateRange(list, 'Asia/Shanghai')).toBe('01/01/2026 ~ 05/04/2026');
  expect(listDateRange(list, 'UTC')).toBe('12/31/2025 ~ 05/03/2026');
  expect(listDateRange([], 'UTC')).toBe('');
});

it('draws XYZ scenes on their template in their format, WMTS scenes from the capabilities', () => {
  expect(tileLayerOf(scene('S 1', '2026-01-01T00:00:00Z', { formatType: 'WEBP' }))).toEqual({
    kind: 'xyz',
    id: 'SO1/S 1',
    url: '/tiles/xyz/SO1/S%201/{z}/{x}/{y}.webp',
    maxZoom: 18,
    extent: [10, 20, 11, 21],
  });
  expect(tileLayerOf(scene('S2', '2026-01-01T00:00:00Z', { accessType: 'WMTS' }))).toMatchObject({
    kind: 'wmts',
    capabilitiesUrl: '/tiles/wmts/1.0.0/WMTSCapabilities.xml',
    layer: 'SO1:S2',
    matrixSet: 'GoogleMapsCompatible',
    style: 'default',
  });
  expect(linkPathOf(scene('S2', '2026-01-01T00:00:00Z'), 'xyz')).toBe('/tiles/xyz/SO1/S2/{z}/{x}/{y}.png');
  expect(linkPathOf(scene('S2', '2026-01-01T00:00:00Z'), 'wmts')).toBe(
    '/tiles/wmts/1.0.0/WMTSCapabilities.xml',
  );
});

it('shows the scenes in view and outlines both lists in selection; the swipe takes each list to its side', () => {
  const a = scene('A', '2026-01-01T00:00:00Z');
  const b = scene('B', '2026-01-02T00:00:00Z');
  const c = scene('C', '2026-01-03T00:00:00Z');
  const shown = shownInSelection({ left: [a], right: [b], inView: new Set(['SO1/C', 'SO1/A']) }, [a, b, c]);
  expect(shown.layers.map((l) => l.id)).toEqual(['SO1/C', 'SO1/A']);
  expect(shown.outlines.map((o) => [o.id, o.side])).toEqual([
    ['left:SO1/A', 'left'],
    ['right:SO1/B', 'right'],
  ]);
  const groups = swipeGroupsOf({ left: [a], right: [b, c] });
  expect(groups.left.map((l) => l.id)).toEqual(['SO1/A']);
  expect(groups.right.map((l) => l.id)).toEqual(['SO1/B', 'SO1/C']);
  expect(canAnalyse({ left: [a], right: [] })).toBe(false);
  expect(canAnalyse({ left: [a], right: [b] })).toBe(true);
});

it('keeps a scene on one list at most; all-on-a-side toggles; analysis needs both sides; close clears', () => {
  const a = scene('A', '2026-01-01T00:00:00Z');
  const b = scene('B', '2026-01-02T00:00:00Z');
  const store = useMyDataStore.getState();
  store.put(a, 'left');
  store.startAnalysis();
  expect(useMyDataStore.getState().mode).toBe('selection');
  store.put(a, 'right');
  expect(useMyDataStore.getState().left).toEqual([]);
  store.toggleAll([a, b], 'left');
  expect(useMyDataStore.getState().left.map((s) => s.sceneId)).toEqual(['A', 'B']);
  expect(useMyDataStore.getState().right).toEqual([]);
  store.toggleAll([a, b], 'left');
  expect(useMyDataStore.getState().left).toEqual([]);
  store.put(a, 'left');
  store.put(b, 'right');
  store.startAnalysis();
  expect(useMyDataStore.getState().mode).toBe('analysis');
  store.closeAnalysis();
  expect(useMyDataStore.getState()).toMatchObject({ mode: 'selection', left: [], right: [] });
});
