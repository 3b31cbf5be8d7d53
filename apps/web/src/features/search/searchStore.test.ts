import { beforeEach, describe, expect, it } from 'vitest';
import { dayIn } from '../../shared/format/days';
import { defaultConditions } from './archiveForm';
import {
  cartSearchOf,
  type ResultsState,
  type SearchMode,
  searchPlaceOf,
  useArchiveSearchStore,
} from './searchStore';
import { subscriptionItemsPage } from './useResultPages';

const store = () => useArchiveSearchStore.getState();

describe('scenes on the map (spec 000 §4 "Scene on map")', () => {
  beforeEach(() => store().clearResults());

  it('keeps the shown scenes in the order they were shown, a re-shown one on top', () => {
    store().setOnView(['a', 'b'], true);
    store().setOnView(['a'], true);
    expect(store().onView).toEqual(['b', 'a']);
  });

  it('drops the highlight with its scene, and only then', () => {
    store().setOnView(['a', 'b'], true);
    store().setHighlight('a');
    store().setOnView(['b'], false);
    expect(store().highlight).toBe('a');
    store().setOnView(['a'], false);
    expect(store().highlight).toBeNull();
    expect(store().onView).toEqual([]);
  });
});

describe('the result box folded to its header', () => {
  beforeEach(() => store().clearResults());
  const found = { images: [], count: 2, ac: null, more: false, taskId: 't' };

  it('stays folded while more pages come and the scenes shown change; a new result set unfolds it', () => {
    store().showResults({ kind: 'ids', sceneIds: ['a'] }, found);
    expect(store().resultsCollapsed).toBe(false);
    store().setResultsCollapsed(true);
    store().appendResults({ ...found, ac: 0, more: false });
    store().setOnView(['a'], true);
    expect(store()).toMatchObject({ resultsCollapsed: true, resultsOpen: true, onView: ['a'] });
    store().showResults({ kind: 'ids', sceneIds: ['b'] }, found);
    expect(store().resultsCollapsed).toBe(false);
  });

  it('unfolds when the results are cleared', () => {
    store().showResults({ kind: 'ids', sceneIds: ['a'] }, found);
    store().setResultsCollapsed(true);
    store().clearResults();
    expect(store().resultsCollapsed).toBe(false);
  });
});

describe('default dates in the account’s time zone', () => {
  // Kiritimati (UTC+14) and Pago Pago (UTC−11) are on different days at any moment but 10:00–11:00 UTC.
  const east = 'Pacific/Kiritimati';
  const west = 'Pacific/Pago_Pago';

  it('moves untouched default dates to the days of the account’s zone', () => {
    // From another zone than west, so that the dates really move to west's days first (a preset
    // `datesZone: west` left them on the browser's days: wrong whenever UTC and west differ).
    useArchiveSearchStore.setState({ datesZone: 'UTC' });
    store().defaultDatesIn(west);
    expect(store().conditions.tdate).toBe(dayIn(new Date(), west));
    const before = store().conditions.tdate;
    store().defaultDatesIn(east);
    expect(store().datesZone).toBe(east);
    expect(store().conditions.tdate).toBe(dayIn(new Date(), east));
    expect(store().conditions.fdate).toBe(defaultConditions(dayIn(new Date(), east)).fdate);
    if (dayIn(new Date(), east) !== dayIn(new Date(), west))
      expect(store().conditions.tdate).not.toBe(before);
  });

  it('keeps dates the user picked', () => {
    store().setConditions({ fdate: '2024-01-01', tdate: '2024-02-01' });
    store().defaultDatesIn(west);
    expect(store().conditions).toMatchObject({ fdate: '2024-01-01', tdate: '2024-02-01' });
    expect(store().datesZone).toBeNull();
  });
});

describe('a subscription’s new images in the result list', () => {
  const aoi = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 1],
      ],
    ],
  };
  const results = (mode: ResultsState['mode']): ResultsState => ({
    mode,
    images: [],
    count: 0,
    ac: 0,
    more: false,
    taskId: '9b2f3c1e-7a54-4c1e-9a64-0d7c2e1f5b11',
  });

  it('adds scenes to the cart with the items’ stored search and the subscription’s AOI', () => {
    const mode = { kind: 'subscription' as const, subscriptionId: 3, name: 'S', aois: [aoi] };
    expect(cartSearchOf(results(mode))).toEqual({ taskId: results(mode).taskId, aois: [aoi] });
    expect(cartSearchOf(results({ kind: 'ids', sceneIds: ['x'] })).aois).toBeNull();
  });

  it('asks 1000 at a time, the next page continuing the first’s taskId', () => {
    expect(subscriptionItemsPage('cc,asc')).toEqual({ sort: 'cc,asc', start: 0, length: 1000 });
    expect(subscriptionItemsPage('time,desc', { taskId: 'a-task', loaded: 1000 })).toEqual({
      sort: 'time,desc',
      start: 1000,
      length: 1000,
      taskId: 'a-task',
    });
  });
});

describe('results of an AOI that left the map (issue 18)', () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
        [0, 0],
      ],
    ],
  };
  const other = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [5, 5],
        [6, 5],
        [6, 6],
        [5, 5],
      ],
    ],
  };
  const searchOver = (aoi: typeof square & { name?: string }) => {
    const request = { aois: [aoi] } as unknown as Extract<ResultsState['mode'], { kind: 'aoi' }>['request'];
    store().showResults({ kind: 'aoi', request }, { images: [], count: 3, ac: 50, more: false, taskId: 't' });
    store().setOnView(['a'], true);
    store().setHighlight('a');
  };

  it('go with the AOI searched, its name aside, and leave other results alone', () => {
    searchOver({ ...square, name: 'Fields' });
    store().clearResultsOfAoi(other);
    expect(store().results).not.toBeNull();
    store().clearResultsOfAoi(square);
    expect(store()).toMatchObject({ results: null, resultsOpen: false, onView: [], highlight: null });
  });

  it('of a scene-id search stay', () => {
    store().showResults(
      { kind: 'ids', sceneIds: ['a'] },
      { images: [], count: 1, ac: null, more: false, taskId: 't' },
    );
    store().clearResultsOfAoi(square);
    expect(store().results).not.toBeNull();
  });
});

describe('the search and scene the address bar names (issue 28 #6)', () => {
  beforeEach(() => store().clearResults());
  const scene = (sceneId: string) => ({ sceneId }) as ResultsState['images'][number];
  const found = { images: [scene('a'), scene('b')], count: 2, ac: 50, more: false, taskId: 't1' };
  const mode: SearchMode = { kind: 'ids', sceneIds: ['a', 'b'] };

  it('names the open list and its highlighted scene; a closed list, nothing', () => {
    expect(searchPlaceOf(store())).toEqual({ search: null, scene: null });
    store().showResults(mode, found);
    expect(searchPlaceOf(store())).toEqual({ search: 't1', scene: null });
    store().setOnView(['b'], true);
    store().setHighlight('b');
    expect(searchPlaceOf(store())).toEqual({ search: 't1', scene: 'b' });
    store().setResultsOpen(false);
    expect(searchPlaceOf(store())).toEqual({ search: null, scene: null });
  });

  it('keeps naming a search being opened again until its results come, or others do', () => {
    store().showResults(mode, found);
    store().setRestoring({ taskId: 't2', scene: 'x' });
    expect(searchPlaceOf(store())).toEqual({ search: 't2', scene: 'x' });
    store().showRestored(mode, { ...found, taskId: 't2' }, 'a');
    expect(store()).toMatchObject({ restoring: null, resultsOpen: true, onView: ['a'], highlight: 'a' });
    expect(searchPlaceOf(store())).toEqual({ search: 't2', scene: 'a' });
    // A scene the results lack selects nothing; a search run meanwhile ends the restoring.
    store().showRestored(mode, { ...found, taskId: 't3' }, 'gone');
    expect(store()).toMatchObject({ onView: [], highlight: null });
    store().setRestoring({ taskId: 't4', scene: null });
    store().showResults(mode, found);
    expect(searchPlaceOf(store())).toEqual({ search: 't1', scene: null });
  });
});

describe('the no-archive dialog (spec 000 §2)', () => {
  it('keeps the chosen tab while open, whatever re-renders it, and starts each opening on Tasking', () => {
    store().setNoArchiveOpen(false);
    store().setNoArchiveOpen(true);
    expect(store().noArchiveTab).toBe('tasking');
    store().setNoArchiveTab('subscription');
    // A second empty search while the dialog is open names the new search, on the same tab.
    store().setNoArchiveOpen(true);
    expect(store().noArchiveTab).toBe('subscription');
    store().setNoArchiveOpen(false);
    store().setNoArchiveOpen(true);
    expect(store().noArchiveTab).toBe('tasking');
  });
});
