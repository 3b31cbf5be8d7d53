import type TileLayer from 'ol/layer/Tile';
import type XYZ from 'ol/source/XYZ';
import type Tile from 'ol/Tile';
import TileState from 'ol/TileState';
import View from 'ol/View';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HdEvents } from '../hdTypes';
import { ZoomCaps } from '../zoomCaps';
import { HdMosaicLayers } from './hdMosaic';

function fakeMap(view: View) {
  const layers: TileLayer<XYZ>[] = [];
  return {
    layers,
    addLayer: (layer: TileLayer<XYZ>) => void layers.push(layer),
    removeLayer: (layer: TileLayer<XYZ>) => void layers.splice(layers.indexOf(layer), 1),
    render: () => {},
    getSize: () => [800, 600],
    getView: () => view,
  };
}

/** An image tile as OpenLayers hands it to the load function: its image, coordinate and state. */
function fakeTile(z: number) {
  const image = { src: '', addEventListener: vi.fn() };
  const tile = { state: TileState.LOADING, getImage: () => image, getTileCoord: () => [z, 0, 0] };
  const setState = (state: number) => {
    tile.state = state;
  };
  return {
    tile: { ...tile, setState } as unknown as Tile & { state: number },
    image,
    read: () => tile.state,
  };
}

function setUp() {
  const view = new View({ center: [0, 0], zoom: 13, maxZoom: 24 });
  const map = fakeMap(view);
  const caps = new ZoomCaps(() => view, 24);
  const events: Array<[keyof HdEvents, unknown]> = [];
  const hd = new HdMosaicLayers(map as never, caps, 12, (type, payload) => events.push([type, payload]));
  /** Loads one tile of the year's layer through its real load function, the server answering `status`. */
  const load = async (z: number, xStatus: string, httpStatus = 200) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(httpStatus === 200 ? new Uint8Array([137, 80]) : null, {
            status: httpStatus,
            headers: { 'X-Status': xStatus },
          }),
      ),
    );
    const layer = map.layers.find((l) => l.getVisible());
    const { tile, image, read } = fakeTile(z);
    layer?.getSource()?.getTileLoadFunction()(tile, `/tiles/hd/2024/${z}/0/0`);
    await vi.waitFor(() => expect(read() === TileState.ERROR || image.src !== '').toBe(true));
    return { failed: read() === TileState.ERROR, drawn: image.src.startsWith('blob:') };
  };
  return { view, map, hd, events, load };
}

afterEach(() => vi.unstubAllGlobals());

describe('HdMosaicLayers', () => {
  it('shows a year over the base map with the zoom capped at 18, and lifts the cap when hidden', () => {
    const { view, map, hd } = setUp();
    hd.show({ year: 2024, compareYear: null }, () => 'Bearer t');
    expect(map.layers.filter((l) => l.getVisible()).map((l) => l.get('hdYear'))).toEqual([2024]);
    expect(view.getMaxZoom()).toBe(18);
    hd.show(null);
    expect(map.layers.some((l) => l.getVisible())).toBe(false);
    expect(view.getMaxZoom()).toBe(24);
  });

  it('draws the compared year right of the divider, one above the other', () => {
    const { map, hd } = setUp();
    hd.show({ year: 2024, compareYear: 2023 });
    const shown = map.layers.filter((l) => l.getVisible());
    expect(shown.map((l) => [l.get('hdYear'), l.getZIndex()])).toEqual([
      [2024, 12],
      [2023, 13],
    ]);
    hd.setSwipe(1.7);
    expect(hd.getState()?.swipeFraction).toBe(1);
  });

  it('sends the session token and draws a tile answered 200', async () => {
    const { hd, load } = setUp();
    hd.show({ year: 2024, compareYear: null }, () => 'Bearer secret');
    expect(await load(13, '200')).toEqual({ failed: false, drawn: true });
    expect(vi.mocked(fetch).mock.calls[0]?.[1]).toMatchObject({
      headers: { Authorization: 'Bearer secret' },
    });
  });

  it('on the first 602 above zoom 12: fails the tile, caps the zoom at 12 and tells it once', async () => {
    const { view, hd, events, load } = setUp();
    hd.show({ year: 2024, compareYear: null });
    expect(await load(13, '602', 429)).toEqual({ failed: true, drawn: false });
    expect(view.getMaxZoom()).toBe(12);
    expect(view.getZoom()).toBe(12);
    expect(hd.getState()?.refusal).toBe('quotaSpent');
    await load(13, '602', 429);
    await load(14, '403', 403);
    expect(events.filter(([type]) => type === 'hdQuotaRefused')).toEqual([['hdQuotaRefused', 'quotaSpent']]);
  });

  it('reads 403 as no subscription, ignores refusals at or below 12, and reports credential refusals', async () => {
    const { view, hd, events, load } = setUp();
    hd.show({ year: 2024, compareYear: null });
    await load(12, '403', 403);
    expect(view.getMaxZoom()).toBe(18);
    await load(13, '401', 401);
    await load(13, '601');
    expect(events.filter(([type]) => type === 'hdCredentialRefused').map(([, p]) => p)).toEqual([
      'noCredential',
      'keyExpired',
    ]);
    await load(15, '403', 403);
    expect(hd.getState()?.refusal).toBe('notSubscribed');
    expect(view.getMaxZoom()).toBe(12);
    // Leaving HD lifts the quota's cap too; showing it again tries above 12 once more.
    hd.show(null);
    expect(view.getMaxZoom()).toBe(24);
    hd.show({ year: 2024, compareYear: null });
    expect(hd.getState()?.refusal).toBeNull();
    expect(view.getMaxZoom()).toBe(18);
  });
});
