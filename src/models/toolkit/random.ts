/**
 * Seeded random numbers for the stochastic models (the synthetic cyclone event
 * set): the same seed gives the same numbers on every machine and every build,
 * so tables stay byte-identical. sfc32 (Chris Doty-Humphrey's "small fast
 * counting" generator from PractRand: 128-bit state, period ≥ 2³²) seeded from
 * a text key by FNV-1a and splitmix32, so a stream is named for what it draws
 * (e.g. "tc:NA:year:1234") and does not depend on which thread draws it.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The second Box–Muller normal, used by the next normal() call. */
  private spare: number | null = null;

  constructor(key: string) {
    let seed = fnv1a(key);
    const next = (): number => {
      seed = (seed + 0x9e3779b9) | 0;
      let z = seed;
      z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
      z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
      return (z ^ (z >>> 15)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** The next 32-bit output of sfc32. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform on [0, 1). */
  uniform(): number {
    return this.uint32() / 4294967296;
  }

  /** Standard normal (Box–Muller, both values used in turn). */
  normal(): number {
    if (this.spare !== null) {
      const z = this.spare;
      this.spare = null;
      return z;
    }
    const u = 1 - this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  /** Poisson(mean) by sequential search of the CDF (means up to a few hundred). */
  poisson(mean: number): number {
    const u = this.uniform();
    let k = 0;
    let p = Math.exp(-mean);
    let cdf = p;
    while (u >= cdf && p > 0) {
      k++;
      p *= mean / k;
      cdf += p;
    }
    return k;
  }

  /** An index drawn with probability proportional to weights, by bisection on their running sums. */
  pick(cumulative: Float64Array): number {
    const target = this.uniform() * cumulative[cumulative.length - 1]!;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Running sums of weights, for Random.pick. */
export function cumulativeWeights(weights: ArrayLike<number>): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) out[i] = sum += weights[i]!;
  return out;
}

/** 32-bit FNV-1a of a text's UTF-16 code units. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
