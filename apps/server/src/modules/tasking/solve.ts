/**
 * One-dimensional solvers for the pass search: a root inside a bracket (the
 * Illinois variant of regula falsi: superlinear, never leaves the bracket) and
 * the minimum inside a bracket (golden section with parabolic steps, Brent's
 * method). Both count on the caller's bracket and stop at an absolute
 * tolerance of the argument.
 */

/** A root of f in [a, b], where f(a) and f(b) differ in sign (or one is 0). */
export function findRoot(
  f: (x: number) => number,
  a: number,
  fa: number,
  b: number,
  fb: number,
  tol: number,
): number {
  if (fa === 0) return a;
  if (fb === 0) return b;
  let side = 0;
  for (let i = 0; i < 100 && Math.abs(b - a) > tol; i++) {
    let x = (a * fb - b * fa) / (fb - fa);
    // Keep the next point inside and away from the ends, so the bracket always shrinks.
    const margin = tol / 2;
    if (!(x > Math.min(a, b) + margin && x < Math.max(a, b) - margin)) x = (a + b) / 2;
    const fx = f(x);
    if (fx === 0) return x;
    if (Math.sign(fx) === Math.sign(fb)) {
      b = x;
      fb = fx;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = x;
      fa = fx;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return (a + b) / 2;
}

const GOLDEN = 0.3819660112501051;

/** Brent's minimiser on [a, b]: the argument of the least value found, and that value. */
export function minimise(f: (x: number) => number, a: number, b: number, tol: number) {
  let x = a + GOLDEN * (b - a);
  let w = x;
  let v = x;
  let fx = f(x);
  let fw = fx;
  let fv = fx;
  let d = 0;
  let e = 0;
  for (let i = 0; i < 100; i++) {
    const m = (a + b) / 2;
    const tol1 = tol / 2 + 1e-12 * Math.abs(x);
    if (Math.abs(x - m) <= 2 * tol1 - (b - a) / 2) break;
    let parabolic = false;
    if (Math.abs(e) > tol1) {
      let r = (x - w) * (fx - fv);
      let q = (x - v) * (fx - fw);
      let p = (x - v) * q - (x - w) * r;
      q = 2 * (q - r);
      if (q > 0) p = -p;
      q = Math.abs(q);
      r = e;
      e = d;
      if (Math.abs(p) < Math.abs(0.5 * q * r) && p > q * (a - x) && p < q * (b - x)) {
        d = p / q;
        const u = x + d;
        if (u - a < 2 * tol1 || b - u < 2 * tol1) d = x < m ? tol1 : -tol1;
        parabolic = true;
      }
    }
    if (!parabolic) {
      e = (x < m ? b : a) - x;
      d = GOLDEN * e;
    }
    const u = Math.abs(d) >= tol1 ? x + d : x + (d > 0 ? tol1 : -tol1);
    const fu = f(u);
    if (fu <= fx) {
      if (u < x) b = x;
      else a = x;
      v = w;
      fv = fw;
      w = x;
      fw = fx;
      x = u;
      fx = fu;
    } else {
      if (u < x) a = u;
      else b = u;
      if (fu <= fw || w === x) {
        v = w;
        fv = fw;
        w = u;
        fw = fu;
      } else if (fu <= fv || v === x || v === w) {
        v = u;
        fv = fu;
      }
    }
  }
  return { x, fx };
}

/** A root bracket: a, f(a), b, f(b). */
export type Bracket = [number, number, number, number];

/**
 * A bracket of the crossing beyond `t0` (f(t0) ≤ 0) on the side away from `inner`: a first
 * guess from the slope between the two, then steps doubling outward, never past `bound`
 * (where f > 0 for certain). `fInner` is f(inner) when known.
 */
export function outward(
  f: (x: number) => number,
  t0: number,
  f0: number,
  inner: number,
  bound: number,
  fInner?: number,
): Bracket {
  const dir = Math.sign(bound - t0);
  const slope = fInner === undefined || inner === t0 ? Number.NaN : (f0 - fInner) / Math.abs(t0 - inner);
  const ordered = (a: number, fa: number, b: number, fb: number): Bracket =>
    dir > 0 ? [a, fa, b, fb] : [b, fb, a, fa];
  let step = slope > 0 ? Math.max(200, -f0 / slope) : 2000;
  let a = t0;
  let fa = f0;
  for (let i = 0; i < 6; i++) {
    const b = t0 + dir * Math.min(step, Math.abs(bound - t0));
    const fb = f(b);
    if (fb > 0 || b === bound) return ordered(a, fa, b, fb);
    a = b;
    fa = fb;
    step *= 2;
  }
  return ordered(a, fa, bound, f(bound));
}
