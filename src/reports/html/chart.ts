import { BANDS } from '../../lite/bands.js';
import type { LiteMethod } from '../../lite/score.js';
import { bandRanges } from './band-ranges.js';
import { escapeHtml } from './escape.js';
import { formatCount, percentOf } from './format.js';

/**
 * The band distribution chart (spec "GET /v1/lite/batch/{job_id}" 2–3),
 * rendered on the server as inline SVG so the counts are in the page even
 * without JavaScript; client/report.ts makes each bar a toggle that filters
 * the map and the triage table. Bar lengths are shares of the whole
 * schedule, so the bars and the separate No Result count add up to it.
 */
const WIDTH = 760;
const ROW = 36;
const LABEL = 250;
const BAR = 360;

export function bandChart(counts: readonly number[], noResult: number, total: number, method: LiteMethod): string {
  const ranges = bandRanges(method);
  const bars = BANDS.map((band, rank) => {
    const count = counts[rank] ?? 0;
    const pct = percentOf(count, total);
    const width = total > 0 && count > 0 ? Math.max(2, (BAR * count) / total) : 0;
    const y = rank * ROW;
    return `<g class="bar" data-band="${band.name}" data-rank="${rank}" data-count="${count}" data-percent="${pct}" tabindex="0" role="button" aria-pressed="false" transform="translate(0 ${y})">
<title>${band.name} (${escapeHtml(ranges[rank]!)}): ${formatCount(count)} of ${formatCount(total)} locations (${pct} %)</title>
<text x="0" y="22"><tspan class="name">${band.name}</tspan><tspan class="range" dx="8">${escapeHtml(ranges[rank]!)}</tspan></text>
<rect class="track" x="${LABEL}" y="4" width="${BAR}" height="26" rx="3"/>
<rect class="b${rank}" x="${LABEL}" y="4" width="${width.toFixed(1)}" height="26" rx="3"/>
<text class="value" x="${LABEL + BAR + 10}" y="22">${formatCount(count)} (${pct} %)</text>
</g>`;
  });
  return `<div class="chart">
<svg id="band-chart" viewBox="0 0 ${WIDTH} ${BANDS.length * ROW}" role="group" aria-label="Locations by riskiest band">
${bars.join('\n')}
</svg>
<div class="totals">
<div class="box" id="schedule-size" data-count="${total}"><strong>${formatCount(total)}</strong>locations in the schedule</div>
<div class="box" id="no-result" data-count="${noResult}" data-percent="${percentOf(noResult, total)}"><span class="chip nr"></span><strong>${formatCount(noResult)}</strong>No Result (${percentOf(noResult, total)} %): no successful band for any returned peril</div>
</div>
<p class="filter-state" id="band-filter-state"></p>
</div>`;
}
