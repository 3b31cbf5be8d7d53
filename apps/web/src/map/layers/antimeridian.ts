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

const lonSpan = (polygons: readonly Polygon[]) => {
  const lons = polygons.flatMap((polygon) => polygon.flatMap((ring) => ring.map(([lon = 0]) => lon)));
  return lons.length ? Math.max(...lons) - Math.min(...lons) : 0;
};

/**
 * A shape's polygons made continuous for a map whose world repeats sideways: rings with ±360°
 * jumps are unwrapped, and the parts the server split at the antimeridian (one side touching
 * +180°, the other −180°) are put back side by side (the western ones moved by +360°) when that
 * makes the shape narrower. Fitting the view to the result frames the shape, not the whole world.
 */
export function joinAcrossAntimeridian(polygons: readonly Polygon[]): Polygon[] {
  const continuous = polygons.map((polygon) => {
    const rings = polygon.map(unwrapRing);
    return rings.some((r) => r === null) ? polygon : (rings as Polygon);
  });
  const eastern = continuous.filter((p) => p.some((ring) => ring.some(([lon]) => lon === 180)));
  const western = continuous.filter((p) => p.some((ring) => ring.some(([lon]) => lon === -180)));
  if (!eastern.length || !western.length) return continuous;
  const joined = continuous.map((polygon) =>
    polygon[0]?.every(([lon = 0]) => lon <= 0) ? shifted(polygon, 360) : polygon,
  );
  return lonSpan(joined) < lonSpan(continuous) ? joined : continuous;
}

/**
 * A ring drawn on a repeated world (its longitudes anywhere) moved by whole turns so that the
 * middle of its longitudes lies within ±180°; it may still cross the antimeridian (the server
 * splits it there).
 */
export function ringIntoWorld(ring: Ring): Ring {
  const lons = ring.map(([lon = 0]) => lon);
  const middle = (Math.min(...lons) + Math.max(...lons)) / 2;
  const turns =
    middle > 180 ? Math.ceil((middle - 180) / 360) : middle < -180 ? -Math.ceil((-180 - middle) / 360) : 0;
  return turns === 0 ? ring : ring.map(([lon = 0, ...rest]) => [lon - turns * 360, ...rest]);
}
