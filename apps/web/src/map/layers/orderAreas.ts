import Feature from 'ol/Feature';
import MultiPolygon from 'ol/geom/MultiPolygon';
import type Point from 'ol/geom/Point';
import VectorLayer from 'ol/layer/Vector';
import VectorSource from 'ol/source/Vector';
import { Fill, Stroke, Style, Text } from 'ol/style';
import type { OrderAreaShape, OrderAreas } from '../types';
import { joinAcrossAntimeridian } from './antimeridian';
import { polygonsOf } from './areas';

/** The gap (AOI no cart scene covers) hatched in red; the enlarged AOI an order would use, dashed purple. */
export const orderAreaColours = {
  gap: '#cf1322',
  gapHatch: 'rgba(207, 19, 34, 0.45)',
  gapFill: 'rgba(207, 19, 34, 0.12)',
  enlarged: '#722ed1',
  ordered: '#0958d9',
  orderedFill: 'rgba(9, 88, 217, 0.12)',
  halo: '#ffffff',
} as const;

export type OrderAreaRole = keyof OrderAreas;

/**
 * Diagonal red lines on a transparent tile: the gap stays readable over the base map and the
 * quicklooks. Without a canvas (unit tests) a flat tint stands in.
 */
function hatch(): CanvasPattern | string {
  if (typeof document === 'undefined') return orderAreaColours.gapFill;
  const size = 10;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return orderAreaColours.gapFill;
  context.strokeStyle = orderAreaColours.gapHatch;
  context.lineWidth = 1.5;
  context.beginPath();
  // Three strokes so the lines run on across the tile's edges without gaps.
  for (const offset of [-size, 0, size]) {
    context.moveTo(offset, size);
    context.lineTo(offset + size, 0);
  }
  context.stroke();
  return context.createPattern(canvas, 'repeat') ?? orderAreaColours.gapFill;
}

const labelText = (text: string, colour: string) =>
  new Text({
    text,
    font: '600 12px system-ui, sans-serif',
    fill: new Fill({ color: colour }),
    stroke: new Stroke({ color: orderAreaColours.halo, width: 3 }),
    // Below the middle, where the drawn AOI's area tip stands when the gap is most of the AOI.
    offsetY: 26,
    overflow: true,
  });

/** The style of an order area's outline, or of its one label (a point on its largest part). */
export function orderAreaStyle(
  role: OrderAreaRole,
  label?: string,
  fill: CanvasPattern | string = hatch(),
): Style {
  const colour = {
    gap: orderAreaColours.gap,
    enlargedAoi: orderAreaColours.enlarged,
    orderedScenes: orderAreaColours.ordered,
  }[role];
  if (label !== undefined) return new Style({ text: labelText(label, colour) });
  if (role === 'orderedScenes')
    return new Style({
      stroke: new Stroke({ color: colour, width: 2 }),
      fill: new Fill({ color: orderAreaColours.orderedFill }),
    });
  return role === 'gap'
    ? new Style({ stroke: new Stroke({ color: colour, width: 2 }), fill: new Fill({ color: fill }) })
    : new Style({ stroke: new Stroke({ color: colour, width: 2.5, lineDash: [10, 6] }) });
}

/**
 * An order area's features: the shape (all parts, joined across ±180° as saved areas are) and,
 * when it has a label, one label on its largest part, so a gap of many pieces is named once.
 */
export function orderAreaFeatures(role: OrderAreaRole, shape: OrderAreaShape): Feature[] {
  const geometry = new MultiPolygon(joinAcrossAntimeridian(polygonsOf(shape.geojson))).transform(
    'EPSG:4326',
    'EPSG:3857',
  ) as MultiPolygon;
  const outline = new Feature(geometry);
  outline.setId(role);
  outline.set('role', role);
  if (!shape.label) return [outline];
  const largest = geometry
    .getPolygons()
    .reduce((best, polygon) => (polygon.getArea() > best.getArea() ? polygon : best));
  const label = new Feature<Point>(largest.getInteriorPoint());
  label.setId(`${role}-label`);
  label.set('role', role);
  label.set('label', shape.label);
  return [outline, label];
}

/**
 * The order areas' layer (canvas: a handful of features). Each role is replaced on its own: the
 * cart box sets the gap, the order dialog the enlarged AOI; `undefined` leaves a role as it is,
 * null clears it.
 */
export type OrderAreaLayer = ReturnType<typeof createOrderAreaLayer>;

export function createOrderAreaLayer(zIndex: number) {
  const source = new VectorSource<Feature>({ wrapX: true });
  const fill = hatch();
  const outlines = {
    gap: orderAreaStyle('gap', undefined, fill),
    enlargedAoi: orderAreaStyle('enlargedAoi', undefined, fill),
    orderedScenes: orderAreaStyle('orderedScenes'),
  };
  const layer = new VectorLayer({
    source,
    zIndex,
    style: (feature) => {
      const role = feature.get('role') as OrderAreaRole;
      const label = feature.get('label') as string | undefined;
      return label === undefined ? outlines[role] : orderAreaStyle(role, label, fill);
    },
  });
  layer.set('name', 'order-areas');
  const shown: Record<OrderAreaRole, OrderAreaShape | null> = {
    gap: null,
    enlargedAoi: null,
    orderedScenes: null,
  };
  return {
    layer,
    show(areas: Partial<OrderAreas>) {
      for (const role of ['gap', 'enlargedAoi', 'orderedScenes'] as const) {
        const shape = areas[role];
        if (shape === undefined) continue;
        for (const id of [role, `${role}-label`]) {
          const feature = source.getFeatureById(id);
          if (feature) source.removeFeature(feature);
        }
        shown[role] = shape;
        if (shape) source.addFeatures(orderAreaFeatures(role, shape));
      }
    },
    /** What is drawn now, label by role (null: none). */
    shown(): Record<OrderAreaRole, string | null> {
      return {
        gap: shown.gap ? (shown.gap.label ?? '') : null,
        enlargedAoi: shown.enlargedAoi ? (shown.enlargedAoi.label ?? '') : null,
        orderedScenes: shown.orderedScenes ? (shown.orderedScenes.label ?? '') : null,
      };
    },
    /** The extent of a role's shape on the map (to bring it into view), undefined when none is drawn. */
    extentOf(role: OrderAreaRole) {
      return source.getFeatureById(role)?.getGeometry()?.getExtent();
    },
  };
}
