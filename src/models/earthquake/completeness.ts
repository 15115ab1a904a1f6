import type { Quake } from './sources.js';
import { COMPLETENESS, RECURRENCE } from './parameters.js';
import { MS_PER_YEAR } from '../../units.js';


export interface CompletenessClass {
  from: number;
  since: number;
}

export function decimalYear(timeMs: number): number {
  return 1970 + timeMs / MS_PER_YEAR;
}

/** The first year from which an event of magnitude m is complete, or Infinity below the lowest class. */
export function completeSince(m: number, classes: readonly CompletenessClass[] = COMPLETENESS.classes): number {
  let since = Infinity;
  for (const c of classes) if (m >= c.from) since = c.since;
  return since;
}

/** Whether an event falls inside its magnitude class's completeness period. */
export function isComplete(q: Quake, classes: readonly CompletenessClass[] = COMPLETENESS.classes, until: number = COMPLETENESS.until): boolean {
  const year = decimalYear(q.timeMs);
  return year >= completeSince(q.mw, classes) && year <= until;
}

/**
 * Effective observation time T_eff (years) for the rate of M ≥ mRef under a
 * Gutenberg–Richter law with the given b: each class is observed for its own
 * period T_i and holds the share 10^(−b(lo_i − mRef)) − 10^(−b(hi_i − mRef)) of
 * the events, so ν(M ≥ mRef) = N_complete / T_eff is the maximum-likelihood
 * rate for a fixed b (Weichert 1980).
 */
export function effectiveYears(
  b: number = RECURRENCE.bValue,
  classes: readonly CompletenessClass[] = COMPLETENESS.classes,
  until: number = COMPLETENESS.until,
): number {
  const mRef = classes[0]!.from;
  let total = 0;
  classes.forEach((c, i) => {
    const next = classes[i + 1];
    const share = 10 ** (-b * (c.from - mRef)) - (next ? 10 ** (-b * (next.from - mRef)) : 0);
    total += (until - c.since) * share;
  });
  return total;
}
