import { civilFromDays } from '../engine/calendar.js';
import { curveRequest, curveYears, WHOLE_DAYS } from '../engine/curve-window.js';
import type { Engine } from '../engine/engine.js';
import { expectedCountFromProbability } from '../engine/formulas.js';
import type { PerilName } from '../engine/perils.js';
import { httpError } from '../errors.js';
import type { Explainer, ExplainSite } from './explainer.js';
import type { Breakdown } from './schema.js';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** The window cut where the calendar month changes: [startDay, endDay, month 0–11] per part. */
export function monthParts(startDay: number, endDay: number): [number, number, number][] {
  const parts: [number, number, number][] = [];
  for (let day = startDay; day <= endDay; day++) {
    const month = civilFromDays(day).month - 1;
    const last = parts[parts.length - 1];
    if (last && last[2] === month && last[1] === day - 1) last[1] = day;
    else parts.push([day, day, month]);
  }
  return parts;
}

/**
 * The month breakdown of a rate or daily peril (docs/explain.md "By month"):
 * the window cut at month boundaries, each part's expected count at the
 * threshold from the same engine call as the whole window, summed per calendar
 * month. Expected counts add over disjoint parts of a window (a rate peril's
 * λ × seasonal share, a daily peril's sum over days), so the parts give back
 * the whole; an accumulation peril's window totals do not add, and it has none.
 */
export function monthExplainer(engine: Engine, peril: PerilName): Explainer {
  return async (site: ExplainSite): Promise<Breakdown[]> => {
    const parts = monthParts(site.window.startDay, site.window.endDay);
    const curves = await engine.evaluate(parts.map(([startDay, endDay]) => curveRequest(peril, site, { startDay, endDay, ...WHOLE_DAYS })));
    const counts = new Array<number>(12).fill(0);
    curves.forEach((curve, i) => {
      if (!curve.ok) throw httpError('internal_error', { message: `month breakdown of ${peril}: ${curve.reason}` });
      counts[parts[i]![2]]! += expectedCountFromProbability(curve.values[site.thresholdIndex]!);
    });
    const total = counts.reduce((a, b) => a + b, 0);
    const years = curveYears(peril, site.window.endDay - site.window.startDay + 1, WHOLE_DAYS);
    const seen = new Set(parts.map(([, , month]) => month));
    const items = total > 0 ? MONTH_NAMES.flatMap((label, month) => (seen.has(month) ? [{ label, share: counts[month]! / total, annual_rate: counts[month]! / years }] : [])) : [];
    return [{ by: 'month', items }];
  };
}
