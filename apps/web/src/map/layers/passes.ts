import { asArray } from 'ol/color';
import type Feature from 'ol/Feature';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style } from 'ol/style';
import { DrawnMark, markDrawn } from '../drawnMarks';
import type { PassFootprint } from '../types';
import { footprintFeature } from './footprints';

/** A colour with another opacity (`#1677ff`, 0.1 → rgba). */
export function withAlpha(colour: string, alpha: number): string {
  const [r, g, b] = asArray(colour);
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** Each pass in its own colour with a faint fill; the hovered one stands out (thick, filled). */
export function passStyle(colour: string, hovered: boolean): Style {
  return new Style({
    stroke: new Stroke({ color: colour, width: hovered ? 3 : 1.5 }),
    fill: new Fill({ color: withAlpha(colour, hovered ? 0.4 : 0.04) }),
    zIndex: hovered ? 1 : 0,
  });
}

/** One feature per pass (id = passId), its footprint parts as one MultiPolygon, its colour kept on it. */
export function passFeature(pass: PassFootprint): Feature<MultiPolygon> {
  const feature = footprintFeature({ sceneId: pass.passId, rings: pass.rings });
  feature.set('colour', pass.colour);
  return feature;
}

/**
 * The predicted passes' footprints (canvas: a prediction has tens of passes, not thousands); the
 * style reads the hovered pass at render time, so a hover only re-renders the layer.
 */
export type PassLayer = ReturnType<typeof createPassLayer>;

export function createPassLayer(zIndex: number) {
  const source = new VectorSource<Feature<MultiPolygon>>({ wrapX: true });
  let hovered: string | null = null;
  const styles = new Map<string, Style>();
  const styleOf = (colour: string, isHovered: boolean) => {
    const key = `${colour}|${isHovered}`;
    let style = styles.get(key);
    if (!style) {
      style = passStyle(colour, isHovered);
      styles.set(key, style);
    }
    return style;
  };
  const layer = new VectorLayer({
    source,
    zIndex,
    style: (feature) => styleOf(String(feature.get('colour')), feature.getId() === hovered),
  });
  layer.set('name', 'passes');
  return {
    layer,
    setPasses(passes: readonly PassFootprint[]) {
      source.clear(true);
      source.addFeatures(passes.map(passFeature));
      // A canvas layer draws them in the next frame; the mark says what it was given.
      markDrawn(DrawnMark.passes, { count: passes.length });
    },
    setHovered(passId: string | null) {
      if (passId === hovered) return;
      hovered = passId;
      layer.changed();
    },
  };
}
