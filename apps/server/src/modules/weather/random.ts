/**
 * Deterministic randomness for the simulated world (the archive simulator, the weather). Every
 * draw comes from a small generator seeded by a hash of what it is about (the simulator's seed,
 * satellite, kind of slot, slot index; the weather's cell and period), so a draw depends only on
 * those and never on the order or chunking in which they are visited.
 */

/** 32-bit integer hash (Murmur3 finaliser) of a 32-bit value. */
function fmix32(h: number): number {
  let x = h | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

/**
 * Hash of a list of non-negative integers (each below 2^53; values above 2^32
 * contribute their high and low words).
 */
export function hashInts(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    const lo = v >>> 0;
    const hi = Math.floor(v / 4294967296) >>> 0;
    h = fmix32(h ^ lo);
    h = fmix32((h + 0x7f4a7c15) ^ hi);
  }
  return h;
}

/** A uniform generator on [0, 1): mulberry32 (32-bit state, passes PractRand to 2^32 outputs). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform on [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform on [a, b). */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.next();
  }

  /** Integer uniform on [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    let u = this.next();
    while (u <= 1e-12) u = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** Gamma(shape, 1): Marsaglia and Tsang, with the u^(1/shape) boost below shape 1. */
  gamma(shape: number): number {
    if (shape < 1) {
      const g = this.gamma(shape + 1);
      let u = this.next();
      while (u <= 1e-12) u = this.next();
      return g * u ** (1 / shape);
    }
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.normal();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.next();
      if (u < 1 - 0.0331 * x ** 4) return d * v;
      if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
    }
  }

  /** Beta(a, b) on [0, 1]. */
  beta(a: number, b: number): number {
    const x = this.gamma(a);
    const y = this.gamma(b);
    return x + y > 0 ? x / (x + y) : 0.5;
  }
}
