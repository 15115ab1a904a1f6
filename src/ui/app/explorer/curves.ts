import { fill, h, table } from '../dom.js';
import { percent, threshold, years } from '../format.js';
import type { CurveResult, InDepthResponse } from '../types.js';
import { logLineChart } from './log-chart.js';
import type { ThresholdChoice } from './threshold-breakdown.js';

/**
 * The in-depth curves (POST /v2/in-depth) as one small chart per peril —
 * perils have different thresholds and units, so they do not share an x axis.
 * The metric switch redraws the same curves as probability in the window or
 * as the equivalent return period. Each chart has its values in a table too,
 * and a button per threshold (a chart point clicks the same) that shows what
 * drives the rate there under the chart (threshold-breakdown.ts).
 */
export type CurveMetric = 'probability' | 'return_period';

function xTitle(result: CurveResult): string {
  return typeof result.threshold[0] === 'number' ? `Threshold (${result.unit})` : 'Threshold';
}

/** Named thresholds by their letters (MMI, PGA, CAT, EF): a curve does not run from one scale into another. */
function scaleOf(value: string | number): string {
  return typeof value === 'number' ? '' : (/^[A-Za-z]*/.exec(value)?.[0] ?? '');
}

/** The threshold buttons under a chart; activating one, or clicking the chart's point, explains that threshold. */
function explainControls(result: CurveResult, chart: SVGSVGElement, choice: ThresholdChoice): HTMLElement {
  const chosen = choice.chosen(result.peril);
  const buttons = result.threshold.map((t) =>
    h('button', { type: 'button', class: 'secondary small', 'data-threshold': String(t), 'aria-pressed': String(t === chosen), 'aria-label': `What drives ${result.peril} at ${threshold(t, result.unit)}` }, String(t)),
  );
  const pick = (index: number): void => {
    buttons.forEach((button, i) => button.setAttribute('aria-pressed', String(i === index)));
    choice.choose(result, index);
  };
  buttons.forEach((button, i) => button.addEventListener('click', () => pick(i)));
  chart.classList.add('explainable');
  chart.addEventListener('click', (event) => {
    const point = (event.target as Element).closest('[data-index]');
    if (point) pick(Number(point.getAttribute('data-index')));
  });
  return h('div', { class: 'explain-at', role: 'group', 'aria-label': `Explain ${result.peril} at a threshold` }, h('span', { class: 'help' }, 'What drives the rate at:'), ...buttons);
}

function curveCard(result: CurveResult, metric: CurveMetric, choice: ThresholdChoice | null): HTMLElement {
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
  return h(
    'figure',
    { class: 'curve-card', 'data-peril': result.peril },
    h('figcaption', {}, result.peril),
    chart,
    h('details', {}, h('summary', {}, 'Values'), values),
    choice ? explainControls(result, chart, choice) : null,
    choice ? choice.slot(result.peril) : null,
  );
}

/** @param choice where a chosen threshold's breakdown goes; null shows the curves alone */
export function renderCurves(container: Element, response: InDepthResponse, metric: CurveMetric, choice: ThresholdChoice | null = null): void {
  const failures = response.failed_items.map((f) => h('li', {}, `${f.peril ?? 'All perils'}: ${f.error}`));
  fill(
    container,
    response.results.length === 0 ? h('p', { class: 'help' }, 'No curves could be computed here.') : h('div', { class: 'curve-grid', id: 'curves-grid' }, ...response.results.map((r) => curveCard(r, metric, choice))),
    failures.length > 0 ? h('div', { class: 'notice info' }, h('p', {}, 'Not computed here:'), h('ul', {}, ...failures)) : null,
  );
}
