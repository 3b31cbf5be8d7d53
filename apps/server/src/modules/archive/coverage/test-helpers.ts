import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { MultiPolygonGeometry } from './coverage';

/*
 * Tests' material: the real Sentinel-2 and Landsat footprints of data/stac-items, and random
 * AOIs placed over their edges (coverage against PostGIS, the sampled coverage).
 */

const stacDir = resolve(import.meta.dirname, '../../../../../../data/stac-items');

/** The footprints (GeoJSON geometries, as published) of one file of data/stac-items. */
export const footprintsOf = (file: string) =>
  readFileSync(join(stacDir, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { geometry: unknown }).geometry);

export type AoiKind = 'box' | 'triangle' | 'star';

/** An AOI of `kind` around a corner of a random footprint, so that edges cross it; `scale` times the usual 0.05–2.55°. */
export function randomAoi(
  footprints: { geometry: MultiPolygonGeometry }[],
  random: () => number,
  kind: AoiKind,
  scale = 1,
) {
  const f = footprints[Math.floor(random() * footprints.length)]!;
  const ring = f.geometry.coordinates[0]![0]!;
  const [cx, cy] = ring[Math.floor(random() * (ring.length - 1))]!;
  const size = (0.05 + random() * 2.5) * scale;
  let positions: number[][];
  if (kind === 'box') {
    const w = cx! - random() * size;
    const s = cy! - random() * size;
    positions = [
      [w, s],
      [w + size, s],
      [w + size, s + size * 0.8],
      [w, s + size * 0.8],
    ];
  } else {
    const corners = kind === 'triangle' ? 3 : 10;
    positions = Array.from({ length: corners }, (_, i) => {
      const angle = (2 * Math.PI * i) / corners;
      const radius = size * (kind === 'star' && i % 2 ? 0.35 : 0.5 + random() * 0.5);
      return [cx! + radius * Math.cos(angle), cy! + radius * Math.sin(angle)];
    });
  }
  return { type: 'Polygon' as const, coordinates: [[...positions, positions[0]!]] };
}
