import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import VectorLayer from 'ol/layer/Vector';
import type OlMap from 'ol/Map';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import { clampSwipeFraction, clipToSide, type SwipeSide } from './interactions/swipe';
import { CapabilitiesCache } from './layers/deliveredImagery';
import { TileLayerSet } from './layers/tileLayerSet';
import type { MyDataOutline, MyDataShown, MyDataSide, TileLayerSpec } from './types';

/** Left list red, right list blue (spec 000 §2 "My data panel"). */
export const myDataColours: Record<MyDataSide, string> = { left: '#cf1322', right: '#0958d9' };

const outlineStyles: Record<MyDataSide, Style> = {
  left: new Style({ stroke: new Stroke({ color: myDataColours.left, width: 2 }) }),
  right: new Style({ stroke: new Stroke({ color: myDataColours.right, width: 2 }) }),
};

/** A listed scene's outline feature (EPSG:3857), styled by its side. */
export function myDataOutlineFeature(outline: MyDataOutline): Feature<MultiPolygon> {
  const geometry = new MultiPolygon(outline.rings.map((ring) => [ring])).transform(
    'EPSG:4326',
    'EPSG:3857',
  ) as MultiPolygon;
  const feature = new Feature(geometry);
  feature.setId(outline.id);
  feature.set('side', outline.side);
  return feature;
}

export interface MyDataLayerZ {
  myData: number;
  myDataOutlines: number;
}

/**
 * Delivered imagery on the map: the scenes in view with their outlines, and the swipe comparison
 * (one group clipped left of the divider, one right). Loaded on first use: the WMTS parser and
 * this code stay out of the map's first chunk.
 */
export class MyDataLayers {
  private readonly capabilities = new CapabilitiesCache();
  private readonly shown: TileLayerSet;
  private readonly outlines = new VectorSource<Feature<MultiPolygon>>();
  private readonly outlineLayer: VectorLayer<VectorSource<Feature<MultiPolygon>>>;
  private readonly swipeSides: Record<SwipeSide, TileLayerSet>;
  private fraction = 0.5;
  private swiping = false;

  constructor(
    private readonly map: OlMap,
    z: MyDataLayerZ,
    private readonly changed: (event: {
      shown: { layers: string[]; outlines: string[]; tilesLoading: number };
      swipe: { fraction: number } | null;
    }) => void,
  ) {
    const notify = () => this.notify();
    this.shown = new TileLayerSet(map, z.myData, this.capabilities, { changed: notify });
    this.outlineLayer = new VectorLayer({
      source: this.outlines,
      zIndex: z.myDataOutlines,
      style: (feature) => outlineStyles[feature.get('side') as MyDataSide],
    });
    this.outlineLayer.set('name', 'my-data-outlines');
    map.addLayer(this.outlineLayer);
    const state = {
      fraction: () => this.fraction,
      size: () => map.getSize() as [number, number] | undefined,
    };
    const side = (which: SwipeSide, zIndex: number) =>
      new TileLayerSet(map, zIndex, this.capabilities, {
        added: (layer) => clipToSide(layer, which, state),
        changed: notify,
      });
    // The right group above the left: where both have tiles the clip alone decides which shows.
    this.swipeSides = { left: side('left', z.myData), right: side('right', z.myData + 1) };
  }

  show(shown: MyDataShown) {
    this.shown.set(shown.layers);
    this.outlines.clear();
    this.outlines.addFeatures(shown.outlines.map(myDataOutlineFeature));
    this.notify();
  }

  startSwipe(left: readonly TileLayerSpec[], right: readonly TileLayerSpec[]) {
    this.swiping = true;
    this.swipeSides.left.set(left);
    this.swipeSides.right.set(right);
    this.notify();
  }

  setSwipePosition(fraction: number) {
    this.fraction = clampSwipeFraction(fraction);
    this.map.render();
    this.notify();
  }

  endSwipe() {
    this.swiping = false;
    this.swipeSides.left.clear();
    this.swipeSides.right.clear();
    this.notify();
  }

  swipe(): { fraction: number } | null {
    return this.swiping ? { fraction: this.fraction } : null;
  }

  /** Whether any delivered imagery or outline is on the map (the zoom is capped at 18 then). */
  active(): boolean {
    return this.swiping || this.shown.ids().length > 0 || this.outlines.getFeatures().length > 0;
  }

  dispose() {
    this.shown.clear();
    this.endSwipe();
    this.map.removeLayer(this.outlineLayer);
  }

  private notify() {
    this.changed({
      shown: {
        layers: this.shown.ids(),
        outlines: this.outlines.getFeatures().map((f) => String(f.getId())),
        tilesLoading:
          this.shown.tilesLoading() +
          this.swipeSides.left.tilesLoading() +
          this.swipeSides.right.tilesLoading(),
      },
      swipe: this.swipe(),
    });
  }
}
