import { BANDS } from '../../lite/bands.js';
import type { LiteMethod } from '../../lite/score.js';

/**
 * Band legend texts, derived from the band table's edges (src/lite/bands.ts):
 * return-period ranges, or percentile ranges for `globally_relative`.
 */
export function bandRanges(method: LiteMethod): string[] {
  return BANDS.map((band, i) => {
    const previous = BANDS[i - 1];
    if (method === 'globally_relative') {
      if (!previous) return `≥ ${band.minPercentile}th percentile`;
      return band.minPercentile === 0 ? `< ${previous.minPercentile}th percentile` : `${band.minPercentile}th to < ${previous.minPercentile}th percentile`;
    }
    if (!previous) return `≤ ${band.maxReturnPeriod} years`;
    return Number.isFinite(band.maxReturnPeriod) ? `${previous.maxReturnPeriod + 1}–${band.maxReturnPeriod} years` : `> ${previous.maxReturnPeriod} years`;
  });
}
