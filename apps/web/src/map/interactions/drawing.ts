import type Collection from 'ol/Collection';
import type Feature from 'ol/Feature';
import Draw from 'ol/interaction/Draw';
import Modify from 'ol/interaction/Modify';
import type VectorSource from 'ol/source/Vector';
import type { Style } from 'ol/style';
import type { DrawingTool } from '../types';

/**
 * Spec 000 §2 and 001 §5: "a polygon needs at least 4 points". Read as 4 vertices the user places
 * (a quadrilateral at least), not 4 ring positions with the closing one repeated (which would allow
 * a triangle): the spec counts what the user clicks, and the ring it stores repeats the first point.
 * The server accepts any valid ring (it stores uploaded triangles), so this rule lives in the browser.
 */
export const minPolygonVertices = 4;

/** The fewest points each tool needs before it can finish (an area measurement is any polygon). */
export const minPointsOf: Record<Exclude<DrawingTool, 'point'>, number> = {
  polygon: minPolygonVertices,
  measureArea: 3,
  measureLength: 2,
};

const geometryOf = {
  polygon: 'Polygon',
  point: 'Point',
  measureLength: 'LineString',
  measureArea: 'Polygon',
} as const;

/**
 * The Draw interaction of a tool, adding what it draws to `source`. A click places a point; a
 * double click, a click on the first vertex or Enter finishes; Esc cancels (the controller's keys).
 */
export function createDrawInteraction(tool: DrawingTool, source: VectorSource, style: Style): Draw {
  return new Draw({
    source,
    type: geometryOf[tool],
    minPoints: tool === 'point' ? undefined : minPointsOf[tool],
    style,
    stopClick: true,
  });
}

/** Reshaping the drawn polygon: drag a vertex or an edge; Alt+click removes a vertex. */
export function createModifyInteraction(features: Collection<Feature>, style: Style): Modify {
  return new Modify({ features, style });
}
