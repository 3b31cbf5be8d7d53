import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import VectorLayer from 'ol/layer/Vector';
import VectorImageLayer from 'ol/layer/VectorImage';
import WebGLVectorLayer from 'ol/layer/WebGLVector';
import { fromLonLat } from 'ol/proj';
import VectorSource from 'ol/source/Vector';
import { Stroke, Style } from 'ol/style';
import type { FlatStyle } from 'ol/style/flat';
import type { SceneFootprint } from '../types';

/**
 * Footprints of the archive results: thin blue outlines, no fill (where dozens of scenes overlap a
 * fill adds up to an opaque blue that hides the base map and tints the quicklooks below); the
 * hovered scene in cyan, the highlight in orange.
 */
export const footprintColours = {
  stroke: 'rgba(22, 119, 255, 0.9)',
  hover: '#13c2c2',
  highlight: '#fa541c',
} as const;

export const footprintStyle: FlatStyle = {
  'stroke-color': footprintColours.stroke,
  'stroke-width': 1,
};

/** One feature per scene (id = sceneId): its parts (split at ±180° by the server) as one MultiPolygon. */
export function footprintFeature(footprint: SceneFootprint): Feature<MultiPolygon> {
  const geometry = new MultiPolygon(
    footprint.rings.map((ring) => {
      const closed =
        ring.length > 0 && (ring[0]?.[0] !== ring.at(-1)?.[0] || ring[0]?.[1] !== ring.at(-1)?.[1])
          ? [...ring, ring[0] as number[]]
          : ring;
      return [closed.map((p) => fromLonLat([p[0] ?? 0, p[1] ?? 0]))];
    }),
  );
  const feature = new Feature(geometry);
  feature.setId(footprint.sceneId);
  return feature;
}

/** A WebGL renderer that draws on the CPU (SwiftShader, Mesa's llvmpipe and softpipe, Microsoft's WARP). */
export const isSoftwareRenderer = (renderer: string) =>
  /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(renderer);

/**
 * True when the browser draws WebGL on a GPU. Without one (headless browsers, remote desktops,
 * blocklisted drivers) WebGL falls back to a software renderer, which is several times slower than
 * canvas 2D: on such a machine the first frame of 1000 footprints took ~400 ms in WebGL (bench/web.ts).
 */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return !isSoftwareRenderer(renderer);
  } catch {
    return false;
  }
}

/**
 * The footprint layer: WebGL, so thousands of footprints pan and zoom smoothly; where WebGL is
 * missing or drawn in software, a canvas image with the same flat style, drawn once per view and
 * source change and kept while only the outlines above it change (a hover then costs no redraw of
 * thousands of footprints). Hit tests go through the source's geometry (`scenesAt`), never through
 * the renderer.
 */
export function createFootprintLayer(zIndex: number, webgl = webglAvailable()) {
  const source = new VectorSource<Feature<MultiPolygon>>({ wrapX: true });
  const layer = webgl
    ? new WebGLVectorLayer({ source, style: footprintStyle, zIndex, disableHitDetection: true })
    : new VectorImageLayer({ source, style: footprintStyle, zIndex, imageRatio: 1.25 });
  layer.set('name', 'footprints');
  return { layer, source, webgl };
}

/** The outlines of the hovered and the highlighted scene (canvas: two features at most). */
export function createOutlineLayer(zIndex: number) {
  const source = new VectorSource<Feature<MultiPolygon>>({ wrapX: true });
  const styles = {
    hover: new Style({ stroke: new Stroke({ color: footprintColours.hover, width: 3 }) }),
    highlight: new Style({ stroke: new Stroke({ color: footprintColours.highlight, width: 3 }) }),
  };
  const layer = new VectorLayer({
    source,
    zIndex,
    style: (feature) => styles[feature.get('role') === 'highlight' ? 'highlight' : 'hover'],
  });
  layer.set('name', 'footprint-outlines');
  return { layer, source };
}

/** The world's width in EPSG:3857 metres: a click on a repeated world is brought back into the first. */
const worldWidth = 2 * Math.PI * 6378137;

export function intoWorld(x: number): number {
  const half = worldWidth / 2;
  return ((((x + half) % worldWidth) + worldWidth) % worldWidth) - half;
}

/** Scene ids whose footprint contains the coordinate (EPSG:3857), in the order they were given. */
export function scenesAt(
  source: VectorSource<Feature<MultiPolygon>>,
  coordinate: readonly number[],
  order: ReadonlyMap<string, number>,
): string[] {
  const point = [intoWorld(coordinate[0] ?? 0), coordinate[1] ?? 0];
  return source
    .getFeaturesAtCoordinate(point)
    .map((f) => String(f.getId()))
    .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}
