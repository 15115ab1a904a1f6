import type { Quake } from './sources.js';
import { completeSince, decimalYear, type CompletenessClass } from './completeness.js';
import { COMPLETENESS } from './parameters.js';

/**
 * Stepp (1972) analysis: mean annual rate of each magnitude class counted
 * from each start year to the end of the catalogue. A class is complete back
 * to the earliest start at which its rate stays flat.
 */
export function steppRates(quakes: readonly Quake[], edges: readonly number[], starts: readonly number[], until: number = COMPLETENESS.until): number[][] {
  return starts.map((start) =>
    edges.map((lo, i) => {
      const hi = edges[i + 1] ?? Infinity;
      const n = quakes.filter((q) => q.mw >= lo && q.mw < hi && decimalYear(q.timeMs) >= start && decimalYear(q.timeMs) <= until).length;
      return n / (until - start);
    }),
  );
}

/**
 * Weichert (1980) maximum-likelihood b-value for magnitude bins of `binWidth`
 * from `mc`, each bin observed over its completeness period; solved by Newton's method on β = b ln 10.
 */
export function weichertB(
  quakes: readonly Quake[],
  mc: number,
  binWidth = 0.1,
  classes: readonly CompletenessClass[] = COMPLETENESS.classes,
  until: number = COMPLETENESS.until,
): number {
  const centres: number[] = [];
  const years: number[] = [];
  const counts: number[] = [];
  const top = Math.max(...quakes.map((q) => q.mw));
  for (let lo = mc; lo <= top; lo += binWidth) {
    const since = completeSince(lo + binWidth / 2, classes);
    centres.push(lo + binWidth / 2);
    years.push(until - since);
    counts.push(quakes.filter((q) => q.mw >= lo && q.mw < lo + binWidth && decimalYear(q.timeMs) >= since && decimalYear(q.timeMs) <= until).length);
  }
  const n = counts.reduce((a, c) => a + c, 0);
  const meanM = counts.reduce((a, c, i) => a + c * centres[i]!, 0) / n;
  let beta = 2;
  for (let iteration = 0; iteration < 50; iteration++) {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    centres.forEach((m, i) => {
      const w = years[i]! * Math.exp(-beta * m);
      s0 += w;
      s1 += w * m;
      s2 += w * m * m;
    });
    const f = s1 / s0 - meanM;
    const slope = -(s2 / s0 - (s1 / s0) ** 2);
    beta -= f / slope;
  }
  return beta / Math.LN10;
}
