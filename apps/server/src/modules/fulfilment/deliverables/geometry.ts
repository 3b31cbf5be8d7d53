import { type GdalJob, gdalError } from './gdal';
import { DeliverableError, type DeliverableScene, type LonLatMultiPolygon } from './types';

/**
 * The area a deliverable covers, in longitude/latitude: the scene's footprint, or its
 * intersection with the clip AOI (computed by GDAL's GEOS through ogr2ogr -clipsrc). Every
 * ring is moved into the world copy of the footprint's first point, so a scene crossing ±180°
 * stays one piece (longitudes may pass ±180°) and an AOI drawn in the other world copy still
 * meets it.
 */

const finitePoint = (p: unknown): p is number[] =>
  Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);

/** Longitudes made continuous along the ring and shifted by 360° k towards `reference`. */
function unwrapRing(ring: number[][], reference: number): number[][] {
  const out: number[][] = [];
  let lon = ring[0]![0]!;
  for (let i = 0; i < ring.length; i++) {
    if (i > 0) lon += ((((ring[i]![0]! - ring[i - 1]![0]!) % 360) + 540) % 360) - 180;
    out.push([lon, ring[i]![1]!]);
  }
  const shift = 360 * Math.round((reference - out[0]![0]!) / 360);
  return shift === 0 ? out : out.map(([x, y]) => [x! + shift, y!]);
}

function closed(ring: number[][]): number[][] {
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, [first[0]!, first[1]!]];
}

/** The scene's footprint parts as one MultiPolygon, in the first point's world copy. */
export function footprintOf(scene: DeliverableScene): LonLatMultiPolygon {
  const rings = (Array.isArray(scene.boundaries) ? scene.boundaries : [])
    .map((ring) => (Array.isArray(ring) ? ring.filter(finitePoint) : []))
    .filter((ring) => ring.length >= 3);
  if (rings.length === 0)
    throw new DeliverableError('badFootprint', `scene ${scene.sceneId} has no footprint`);
  const reference = rings[0]![0]![0]!;
  return {
    type: 'MultiPolygon',
    coordinates: rings.map((ring) => [closed(unwrapRing(ring, reference))]),
  };
}

/** The AOI moved into the world copy around `reference` (a longitude), ring by ring. */
export function aoiNear(aoi: LonLatMultiPolygon, reference: number): LonLatMultiPolygon {
  if (aoi?.type !== 'MultiPolygon' || !Array.isArray(aoi.coordinates)) {
    throw new DeliverableError('badAoi', 'the clip AOI is not a MultiPolygon');
  }
  return {
    type: 'MultiPolygon',
    coordinates: aoi.coordinates.map((polygon) =>
      polygon
        .map((ring) => ring.filter(finitePoint))
        .filter((ring) => ring.length >= 3)
        .map((ring) => {
          const unwrapped = unwrapRing(ring, reference);
          // Holes follow their outer ring's copy; the outer ring's first point decides it.
          return closed(unwrapped);
        }),
    ),
  };
}

export const featureCollection = (geometry: LonLatMultiPolygon): string =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry }],
  });

/** [minLon, minLat, maxLon, maxLat] of every position. */
export function lonLatBbox(geometry: LonLatMultiPolygon): [number, number, number, number] {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const polygon of geometry.coordinates) {
    for (const ring of polygon) {
      for (const [x, y] of ring) {
        minX = Math.min(minX, x!);
        maxX = Math.max(maxX, x!);
        minY = Math.min(minY, y!);
        maxY = Math.max(maxY, y!);
      }
    }
  }
  return [minX, minY, maxX, maxY];
}

const round9 = (v: number): number => Math.round(v * 1e9) / 1e9;

interface AnyGeometry {
  type: string;
  coordinates?: unknown;
  geometries?: AnyGeometry[];
}

/** The polygons of a clip result; GEOS may add zero-area lines or points in a collection. */
function polygonsOf(geometry: AnyGeometry): number[][][][] {
  if (geometry.type === 'GeometryCollection') return (geometry.geometries ?? []).flatMap(polygonsOf);
  return asMultiPolygon(geometry)?.coordinates ?? [];
}

function asMultiPolygon(geometry: AnyGeometry): LonLatMultiPolygon | null {
  const rounded = (rings: number[][][]) =>
    rings.map((ring) => ring.map(([x, y]) => [round9(x!), round9(y!)]));
  if (geometry.type === 'Polygon') {
    return { type: 'MultiPolygon', coordinates: [rounded(geometry.coordinates as number[][][])] };
  }
  if (geometry.type === 'MultiPolygon') {
    return {
      type: 'MultiPolygon',
      coordinates: (geometry.coordinates as number[][][][]).map(rounded),
    };
  }
  return null;
}

/**
 * The part of the footprint inside the AOI, or the footprint itself without an AOI. Throws
 * `clipMissesScene` when they share no area.
 */
export async function deliveredArea(
  job: GdalJob,
  footprint: LonLatMultiPolygon,
  clipAoi: LonLatMultiPolygon | null,
): Promise<LonLatMultiPolygon> {
  if (!clipAoi) return footprint;
  const reference = footprint.coordinates[0]![0]![0]![0]!;
  const aoiPath = job.write('aoi.geojson', featureCollection(aoiNear(clipAoi, reference)));
  const footprintPath = job.write('footprint.geojson', featureCollection(footprint));
  const aoi = await job.open(aoiPath);
  let text: string;
  try {
    const out = await job.gdal.ogr2ogr(
      aoi,
      ['-f', 'GeoJSON', '-clipsrc', footprintPath, '-explodecollections'],
      job.outputName('clipped'),
    );
    text = new TextDecoder().decode(job.read(out.local));
  } catch (error) {
    throw gdalError('clipping', error);
  }
  const parsed = JSON.parse(text) as { features?: Array<{ geometry?: AnyGeometry | null }> };
  const parts = (parsed.features ?? []).flatMap((f) => (f.geometry ? polygonsOf(f.geometry) : []));
  if (parts.length === 0)
    throw new DeliverableError('clipMissesScene', 'the clip AOI does not meet the scene');
  return { type: 'MultiPolygon', coordinates: parts };
}
