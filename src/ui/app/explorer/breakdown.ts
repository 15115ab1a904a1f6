import { fill, h } from '../dom.js';
import { rate, share, threshold, years } from '../format.js';
import type { Breakdown, BreakdownItem, ExplainResponse } from '../types.js';

/**
 * POST /v1/explain's answer under a peril's chart: the threshold's annual
 * rate and return period, then one section per breakdown — a heading and a
 * list whose items give the label, the share as text and as a bar (the bar
 * is decoration: the percentage beside it says the same), and the item's own
 * rate with any other fields it carries. Generic over `by`: a breakdown this
 * page does not know gets its raw name as heading.
 */
const HEADINGS: Record<string, string> = {
  magnitude_distance: 'By magnitude and distance',
  source: 'By source',
  class: 'By class reached',
  month: 'By month',
  observed_storm: 'Observed storms',
};

/** Item members shown elsewhere: the label, the share and the rate, and bounds and names the label already states. */
const SHOWN = new Set(['label', 'share', 'annual_rate', 'magnitude_min', 'magnitude_max', 'distance_min_km', 'distance_max_km', 'storm_name']);

/** Readable names of the extra members an item may carry; any other is shown by its own name. */
const FIELD_NAMES: Record<string, string> = { source_type: 'source type', storm_id: 'best track', wind_kt: 'site wind (kt)', fitted_period: 'in the fitted period' };

function fieldText(name: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const shown = typeof value === 'number' ? value.toLocaleString('en-GB', { maximumSignificantDigits: 6 }) : typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value);
  return `${FIELD_NAMES[name] ?? name.replace(/_/g, ' ')} ${shown}`;
}

function item(entry: BreakdownItem): HTMLLIElement {
  const bar = h('span', { class: 'share-fill' });
  // Through the CSSOM: the page's CSP allows no inline style attribute.
  bar.style.width = `${Math.min(100, entry.share * 100)}%`;
  const extras = Object.entries(entry)
    .filter(([name]) => !SHOWN.has(name))
    .map(([name, value]) => fieldText(name, value))
    .filter((text): text is string => text !== null);
  return h(
    'li',
    { 'data-label': entry.label },
    h('span', { class: 'share-label' }, entry.label),
    h('span', { class: 'share-value percent' }, share(entry.share)),
    h('span', { class: 'share-bar', 'aria-hidden': 'true' }, bar),
    h('span', { class: 'share-detail muted' }, [`${rate(entry.annual_rate)} a year`, ...extras].join(' · ')),
  );
}

function part(breakdown: Breakdown): HTMLElement {
  const heading = HEADINGS[breakdown.by] ?? breakdown.by;
  const { note } = breakdown;
  return h(
    'section',
    { class: 'breakdown-part', 'data-by': breakdown.by },
    h('h4', {}, heading),
    note ? h('p', { class: 'help breakdown-note' }, note) : null,
    breakdown.items.length === 0
      ? h('p', { class: 'help' }, 'Nothing to break down.')
      : h('ul', { class: 'shares', 'aria-label': heading }, ...breakdown.items.map(item)),
  );
}

export function renderBreakdown(container: Element, answer: ExplainResponse, unit: string): void {
  const at = threshold(answer.threshold, unit);
  fill(
    container,
    h(
      'section',
      { class: 'breakdown', 'data-peril': answer.peril, 'data-threshold': String(answer.threshold) },
      h('h3', {}, `What drives ${answer.peril} at ${at}`),
      h('p', { class: 'breakdown-rate' }, `Annual rate ${rate(answer.annual_rate)}, return period ${years(answer.return_period)}.`),
      ...(answer.annual_rate === 0
        ? [h('p', { class: 'help' }, `Nothing reaches ${at} here in this window, so there is nothing to break down.`)]
        : answer.breakdowns.length === 0
          ? [h('p', { class: 'help' }, `No breakdown is available for ${answer.peril}.`)]
          : answer.breakdowns.map(part)),
    ),
  );
}
