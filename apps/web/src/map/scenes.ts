import type Feature from 'ol/Feature';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import type ImageLayer from 'ol/layer/Image';
import type OlMap from 'ol/Map';
import type ImageWMS from 'ol/source/ImageWMS';
import type VectorSource from 'ol/source/Vector';
import { DrawnMark, markDrawn, whenDrawn } from './drawnMarks';
import { bindScenePointer } from './interactions/sceneHover';
import { createFootprintLayer, createOutlineLayer, footprintFeature, scenesAt } from './layers/footprints';
import { createQuicklookLayer } from './layers/quicklooks';
import type { MapEvents, QuicklookAccess, SceneFootprint } from './types';

/** Where the archive layers stand: quicklooks over the base maps, footprints over them, outlines on top. */
export const SceneLayerZ = { quicklooks: 30, footprints: 32, outlines: 34 } as const;

type Emit = <
  K extends 'footprintHovered' | 'footprintsClicked' | 'quicklooksRightClicked' | 'quicklooksChanged',
>(
  type: K,
  payload: MapEvents[K],
) => void;

/**
 * The archive results on the map, owned by the MapController (it builds this on first use):
 * footprints of every loaded scene, the hover and highlight outlines, and the quicklooks shown.
 */
export class SceneLayers {
  private readonly footprints: ReturnType<typeof createFootprintLayer>;
  private readonly outlines: ReturnType<typeof createOutlineLayer>;
  private readonly quicklooks = new Map<string, ImageLayer<ImageWMS>>();
  /** Position of each scene in the result list: the order of hit lists. */
  private order = new Map<string, number>();
  private features = new Map<string, Feature<MultiPolygon>>();
  private hovered: string | null = null;
  private highlighted: string | null = null;
  /** User-timing marks once new footprints or outlines are on screen (bench/web.ts reads them). */
  private readonly footprintsDrawn: ReturnType<typeof whenDrawn>;
  private readonly outlinesDrawn: ReturnType<typeof whenDrawn>;
  readonly dispose: () => void;

  constructor(
    private readonly map: OlMap,
    private readonly emit: Emit,
    pointerFree: () => boolean,
  ) {
    this.footprints = createFootprintLayer(SceneLayerZ.footprints);
    this.outlines = createOutlineLayer(SceneLayerZ.outlines);
    map.addLayer(this.footprints.layer);
    map.addLayer(this.outlines.layer);
    this.footprintsDrawn = whenDrawn(this.footprints.layer, this.footprints.webgl, () =>
      markDrawn(DrawnMark.footprints, { count: this.order.size }),
    );
    this.outlinesDrawn = whenDrawn(this.outlines.layer, false, () =>
      markDrawn(DrawnMark.outlines, { hover: this.hovered, highlight: this.highlighted }),
    );
    const unbind = bindScenePointer(map, {
      enabled: pointerFree,
      scenesAt: (coordinate) => scenesAt(this.footprints.source, coordinate, this.order),
      onHover: (hit) => emit('footprintHovered', hit),
      onClick: (hit) => emit('footprintsClicked', hit),
      onContextMenu: ({ coordinate, pixel }) => {
        const shown = scenesAt(this.footprints.source, coordinate, this.order).filter((id) =>
          this.quicklooks.has(id),
        );
        if (shown.length) emit('quicklooksRightClicked', { sceneIds: shown, pixel });
      },
    });
    this.dispose = () => {
      unbind();
      this.footprintsDrawn.dispose();
      this.outlinesDrawn.dispose();
    };
  }

  /** Replace the footprints with these (the loaded results, in list order). */
  setFootprints(footprints: readonly SceneFootprint[]) {
    const source: VectorSource<Feature<MultiPolygon>> = this.footprints.source;
    source.clear(true);
    this.features = new Map();
    this.order = new Map(footprints.map((f, i) => [f.sceneId, i]));
    const features = footprints.map(footprintFeature);
    for (const feature of features) this.features.set(String(feature.getId()), feature);
    source.addFeatures(features);
    this.footprintsDrawn.arm();
    this.setOutline('hover', this.hovered && this.features.has(this.hovered) ? this.hovered : null);
    this.setOutline(
      'highlight',
      this.highlighted && this.features.has(this.highlighted) ? this.highlighted : null,
    );
  }

  geometryOf(sceneId: string) {
    return this.features.get(sceneId)?.getGeometry();
  }

  setOutline(role: 'hover' | 'highlight', sceneId: string | null) {
    if (role === 'hover') this.hovered = sceneId;
    else this.highlighted = sceneId;
    const source = this.outlines.source;
    const stale = source.getFeatures().filter((feature) => feature.get('role') === role);
    for (const feature of stale) source.removeFeature(feature);
    const original = sceneId ? this.features.get(sceneId) : undefined;
    if (original) {
      const copy = original.clone();
      copy.set('role', role);
      source.addFeature(copy);
    }
    if (stale.length || original) this.outlinesDrawn.arm();
  }

  /** Show exactly these quicklooks, the first lowest; each with its opacity (default 1). */
  setQuicklooks(
    sceneIds: readonly string[],
    access: QuicklookAccess,
    opacities: Readonly<Record<string, number>>,
  ) {
    const wanted = new Set(sceneIds);
    for (const [id, layer] of this.quicklooks) {
      if (wanted.has(id)) continue;
      this.map.removeLayer(layer);
      layer.dispose();
      this.quicklooks.delete(id);
    }
    for (const [i, id] of sceneIds.entries()) {
      let layer = this.quicklooks.get(id);
      if (!layer) {
        layer = createQuicklookLayer(id, access, SceneLayerZ.quicklooks);
        this.quicklooks.set(id, layer);
        this.map.addLayer(layer);
      }
      // Stacked in the given order within the quicklook band of z-indexes.
      layer.setZIndex(SceneLayerZ.quicklooks + i / (sceneIds.length + 1));
      layer.setOpacity(opacities[id] ?? 1);
    }
    // What the layers now are (not what was asked): the page shows it to the end-to-end tests.
    this.emit(
      'quicklooksChanged',
      sceneIds.flatMap((id) => {
        const layer = this.quicklooks.get(id);
        return layer ? [{ sceneId: id, opacity: layer.getOpacity() }] : [];
      }),
    );
  }

  /** The scenes whose quicklook is on the map, lowest first. */
  shownQuicklooks(): string[] {
    return [...this.quicklooks.entries()]
      .sort(([, a], [, b]) => (a.getZIndex() ?? 0) - (b.getZIndex() ?? 0))
      .map(([id]) => id);
  }
}
