import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Land or water at a longitude/latitude, from Natural Earth's 1:50m land
 * polygons (data/land/land-50m.json, TopoJSON from the world-atlas package).
 * The polygons are rasterised once into a bit grid of 0.05° (≈ 5.5 km at the
 * equator: finer than the generalisation of 1:50m coastlines is useful for, and
 * a lookup is two multiplications and a bit test, which the simulator needs
 * millions of times). A cell is land when its centre is inside the land
 * polygons (even-odd rule, so lakes cut out of the land stay water).
 */

export const defaultLandFile = resolve(import.meta.dirname, '../../../../../data/land/land-50m.json');

type Position = [number, number];

interface Topology {
  type: 'Topology';
  transform?: { scale: [number, number]; translate: [number, number] };
  arcs: Position[][];
  objects: Record<string, TopoGeometry>;
}

type TopoGeometry =
  | { type: 'GeometryCollection'; geometries: TopoGeometry[] }
  | { type: 'Polygon'; arcs: number[][] }
  | { type: 'MultiPolygon'; arcs: number[][][] }
  | { type: string; arcs?: unknown; geometries?: unknown };

/** The rings (closed lists of [lon, lat]) of every polygon of a TopoJSON object. */
export function topologyRings(topology: Topology, objectName: string): Position[][] {
  const t = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    if (!t) return arc.map((p) => [p[0], p[1]] as Position);
    let x = 0;
    let y = 0;
    return arc.map((p) => {
      x += p[0];
      y += p[1];
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]] as Position;
    });
  });
  const ring = (indices: number[]): Position[] => {
    const out: Position[] = [];
    for (const i of indices) {
      const arc = i >= 0 ? arcs[i]! : arcs[~i]!.slice().reverse();
      for (let k = out.length ? 1 : 0; k < arc.length; k++) out.push(arc[k]!);
    }
    return out;
  };
  const rings: Position[][] = [];
  const visit = (g: TopoGeometry) => {
    if (g.type === 'GeometryCollection') for (const c of g.geometries as TopoGeometry[]) visit(c);
    else if (g.type === 'Polygon') for (const r of g.arcs as number[][]) rings.push(ring(r));
    else if (g.type === 'MultiPolygon')
      for (const p of g.arcs as number[][][]) for (const r of p) rings.push(ring(r));
  };
  const object = topology.objects[objectName];
  if (!object) throw new Error(`the topology has no object "${objectName}"`);
  visit(object);
  return rings;
}

export class LandMask {
  readonly columns: number;
  readonly rows: number;
  private readonly bits: Uint8Array;

  private constructor(
    readonly resolutionDeg: number,
    bits: Uint8Array,
  ) {
    this.columns = Math.round(360 / resolutionDeg);
    this.rows = Math.round(180 / resolutionDeg);
    this.bits = bits;
  }

  /** Rasterises polygon rings ([lon, lat] degrees; rings may cross the antimeridian). */
  static fromRings(rings: Position[][], resolutionDeg = 0.05): LandMask {
    const W = Math.round(360 / resolutionDeg);
    const H = Math.round(180 / resolutionDeg);
    // Per row, the column positions where the inside/outside parity flips.
    const toggles: number[][] = Array.from({ length: H }, () => []);
    const toggleSpan = (row: number, c0: number, c1: number) => {
      const t = toggles[row]!;
      let len = c1 - c0;
      if (len <= 0) return;
      if (Math.floor(len / W) % 2 === 1) t.push(0, W);
      len %= W;
      if (len === 0) return;
      const start = ((c0 % W) + W) % W;
      const end = start + len;
      if (end <= W) t.push(start, end);
      else t.push(start, W, 0, end - W);
    };

    for (const raw of rings) {
      if (raw.length < 4) continue;
      // Unwrap longitudes so that no edge jumps across the antimeridian.
      const xs: number[] = [raw[0]![0]];
      const ys: number[] = [raw[0]![1]];
      for (let i = 1; i < raw.length; i++) {
        let x = raw[i]![0];
        const prev = xs[i - 1]!;
        while (x - prev > 180) x -= 360;
        while (x - prev < -180) x += 360;
        xs.push(x);
        ys.push(raw[i]![1]);
      }
      const winding = xs[xs.length - 1]! - xs[0]!;
      if (Math.abs(winding) > 180) {
        // A ring around a pole: close it over the pole on the side of its mean latitude.
        const poleLat = ys.reduce((a, b) => a + b, 0) / ys.length < 0 ? -90 : 90;
        xs.push(xs[xs.length - 1]!, xs[0]!);
        ys.push(poleLat, poleLat);
      }
      const crossings = new Map<number, number[]>();
      const n = xs.length;
      for (let i = 0; i < n; i++) {
        const x0 = xs[i]!;
        const y0 = ys[i]!;
        const x1 = xs[(i + 1) % n]!;
        const y1 = ys[(i + 1) % n]!;
        if (y0 === y1) continue;
        const lo = Math.min(y0, y1);
        const hi = Math.max(y0, y1);
        // Rows whose centre latitude c satisfies lo <= c < hi.
        const r0 = Math.max(0, Math.ceil((lo + 90) / resolutionDeg - 0.5));
        const r1 = Math.min(H - 1, Math.ceil((hi + 90) / resolutionDeg - 0.5) - 1);
        for (let r = r0; r <= r1; r++) {
          const yc = -90 + (r + 0.5) * resolutionDeg;
          const x = x0 + ((yc - y0) * (x1 - x0)) / (y1 - y0);
          let list = crossings.get(r);
          if (!list) {
            list = [];
            crossings.set(r, list);
          }
          list.push(x);
        }
      }
      for (const [r, list] of crossings) {
        list.sort((a, b) => a - b);
        for (let k = 0; k + 1 < list.length; k += 2) {
          // Columns whose centre x satisfies a <= x < b.
          const c0 = Math.ceil((list[k]! + 180) / resolutionDeg - 0.5);
          const c1 = Math.ceil((list[k + 1]! + 180) / resolutionDeg - 0.5);
          toggleSpan(r, c0, c1);
        }
      }
    }

    const rowBytes = Math.ceil(W / 8);
    const bits = new Uint8Array(rowBytes * H);
    const diff = new Uint8Array(W + 1);
    for (let r = 0; r < H; r++) {
      const t = toggles[r]!;
      if (!t.length) continue;
      diff.fill(0);
      for (const c of t) diff[c]! ^= 1;
      let inside = 0;
      const base = r * rowBytes;
      for (let c = 0; c < W; c++) {
        inside ^= diff[c]!;
        if (inside) bits[base + (c >> 3)]! |= 1 << (c & 7);
      }
    }
    return new LandMask(resolutionDeg, bits);
  }

  static fromFile(path = defaultLandFile, resolutionDeg = 0.05): LandMask {
    const topology = JSON.parse(readFileSync(path, 'utf8')) as Topology;
    return LandMask.fromRings(topologyRings(topology, 'land'), resolutionDeg);
  }

  /** Whether the 0.05° cell holding the point is land. */
  isLand(lat: number, lon: number): boolean {
    let r = Math.floor((lat + 90) / this.resolutionDeg);
    if (r < 0) r = 0;
    else if (r >= this.rows) r = this.rows - 1;
    let c = Math.floor((lon + 180) / this.resolutionDeg) % this.columns;
    if (c < 0) c += this.columns;
    const rowBytes = Math.ceil(this.columns / 8);
    return (this.bits[r * rowBytes + (c >> 3)]! & (1 << (c & 7))) !== 0;
  }

  /** Share of the globe's area that is land (cells weighted by cos latitude). */
  landFraction(): number {
    let land = 0;
    let total = 0;
    const rowBytes = Math.ceil(this.columns / 8);
    for (let r = 0; r < this.rows; r++) {
      const w = Math.cos((-90 + (r + 0.5) * this.resolutionDeg) * (Math.PI / 180));
      let count = 0;
      for (let b = 0; b < rowBytes; b++) {
        let v = this.bits[r * rowBytes + b]!;
        while (v) {
          v &= v - 1;
          count++;
        }
      }
      land += w * count;
      total += w * this.columns;
    }
    return land / total;
  }
}

let shared: LandMask | undefined;

/** The land mask of data/land, built at first use (≈ 0.3 s) and shared by the process. */
export function landMask(): LandMask {
  shared ??= LandMask.fromFile();
  return shared;
}
