/**
 * World-atlas polygons are spherical: a ring that crosses the antimeridian (Russia's Chukotka,
 * Fiji) jumps from +180° to −180° and back. Drawn on a flat map, those jumps become bands across
 * the whole world. These functions make such rings continuous and draw them on both sides.
 */

type Ring = number[][];
type Polygon = Ring[];

/**
 * The ring with every ±360° jump undone, so it may run past ±180°; null for a ring that goes
 * round a pole (Antarctica), which cannot be made continuous and is drawn as it is.
 */
export function unwrapRing(ring: Ring): Ring | null {
  let offset = 0;
  let previous: number | undefined;
  const unwrapped = ring.map(([lon = 0, lat = 0, ...rest]) => {
    if (previous !== undefined) {
      if (lon - previous > 180) offset -= 360;
      else if (lon - previous < -180) offset += 360;
    }
    previous = lon;
    return [lon + offset, lat, ...rest];
  });
  return offset === 0 ? unwrapped : null;
}

const shifted = (polygon: Polygon, by: number): Polygon =>
  polygon.map((ring) => ring.map(([lon = 0, ...rest]) => [lon + by, ...rest]));

/** The polygons to draw for one feature: continuous rings, plus a copy on the other side of ±180°. */
export function drawableAcrossAntimeridian(polygons: readonly Polygon[]): Polygon[] {
  return polygons.flatMap((polygon) => {
    const rings = polygon.map(unwrapRing);
    if (rings.some((r) => r === null)) return [polygon];
    const continuous = rings as Polygon;
    const lons = continuous.flatMap((ring) => ring.map(([lon = 0]) => lon));
    const copies: Polygon[] = [continuous];
    if (Math.max(...lons) > 180) copies.push(shifted(continuous, -360));
    if (Math.min(...lons) < -180) copies.push(shifted(continuous, 360));
    return copies;
  });
}
