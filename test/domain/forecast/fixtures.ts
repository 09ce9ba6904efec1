/** Deterministic synthetic series for the forecast tests. */

/** mulberry32: a tiny seeded PRNG, so "random" fixtures are the same on every run. */
export function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draw by Box–Muller. */
export function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** A tourism-like monthly shape (summer peak), mean about 1.1. */
export const SHAPE = [0.6, 0.7, 0.9, 1.0, 1.2, 1.5, 1.9, 1.8, 1.3, 1.0, 0.7, 0.8];

/** Seasonal random walk: each month is the same month a year before times white noise. */
export function seasonalRandomWalk(seed: number, length = 240, sd = 0.1): number[] {
  const random = seeded(seed);
  const y = SHAPE.map((s) => 1e6 * s);
  for (let t = 12; t < length; t++) y.push(y[t - 12] * Math.exp(sd * gaussian(random)));
  return y;
}

/** Noise-free multiplicative seasonal series growing `growth` per month (log-linear trend). */
export function growingSeasonal(length: number, growth = 0.004): number[] {
  return Array.from({ length }, (_, t) => 5e5 * Math.exp(growth * t) * SHAPE[t % 12]);
}
