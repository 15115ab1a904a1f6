import { fill, h, table } from '../dom.js';
import { percent, threshold, years } from '../format.js';
import type { CurveResult, InDepthResponse } from '../types.js';
import { logLineChart } from './log-chart.js';

/**
 * The in-depth curves (POST /v2/in-depth) as one small chart per peril —
 * perils have different thresholds and units, so they do not share an x axis.
 * The metric switch redraws the same curves as probability in the window or
 * as the equivalent return period. Each chart has its values in a table too.
 */
export type CurveMetric = 'probability' | 'return_period';

function xTitle(result: CurveResult): string {
  return typeof result.threshold[0] === 'number' ? `Threshold (${result.unit})` : 'Threshold';
}

/** Named thresholds by their letters (MMI, PGA, CAT, EF): a curve does not run from one scale into another. */
function scaleOf(value: string | number): string {
  return typeof value === 'number' ? '' : (/^[A-Za-z]*/.exec(value)?.[0] ?? '');
}

function curveCard(result: CurveResult, metric: CurveMetric): HTMLElement {
  const returnPeriods = result.return_period ?? [];
  const common = { series: result.peril, xLabels: result.threshold.map(String), xTitle: xTitle(result), scales: result.threshold.map(scaleOf) };
  const chart =
    metric === 'probability'
      ? logLineChart({ ...common, title: `${result.peril}: probability of reaching each threshold in the window`, values: result.probability, yTitle: 'Probability (%)', formatValue: percent, ceiling: 100 })
      : logLineChart({ ...common, title: `${result.peril}: equivalent return period of each threshold`, values: returnPeriods, yTitle: 'Return period (years)', formatValue: years, floor: 1 });
  const values = table(
    `${result.peril} values`,
    ['Threshold', 'Probability', 'Return period'],
    result.threshold.map((t, i) => [threshold(t, result.unit), percent(result.probability[i]!), returnPeriods[i] === undefined ? '—' : years(returnPeriods[i]!)]),
    'data compact',
  );
  return h('figure', { class: 'curve-card', 'data-peril': result.peril }, h('figcaption', {}, result.peril), chart, h('details', {}, h('summary', {}, 'Values'), values));
}

export function renderCurves(container: Element, response: InDepthResponse, metric: CurveMetric): void {
  const failures = response.failed_items.map((f) => h('li', {}, `${f.peril ?? 'All perils'}: ${f.error}`));
  fill(
    container,
    response.results.length === 0 ? h('p', { class: 'help' }, 'No curves could be computed here.') : h('div', { class: 'curve-grid', id: 'curves-grid' }, ...response.results.map((r) => curveCard(r, metric))),
    failures.length > 0 ? h('div', { class: 'notice info' }, h('p', {}, 'Not computed here:'), h('ul', {}, ...failures)) : null,
  );
}
