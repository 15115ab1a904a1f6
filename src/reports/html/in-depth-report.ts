import { BANDS } from '../../lite/bands.js';
import type { JobInfo } from '../job-info.js';
import { LIMITS } from '../../limits.js';
import type { FailureList } from '../summary/failures.js';
import { PROBABILITY_EDGES, type InDepthPerilSummary, type InDepthSummary } from '../summary/in-depth-summary.js';
import { NO_CLASS } from '../summary/map-bins.js';
import { bandRanges } from './band-ranges.js';
import { escapeHtml } from './escape.js';
import { failuresSection } from './failures-section.js';
import { cappedNote, formatCount, metaList } from './format.js';
import { mapSection } from './map-section.js';
import type { ReportData } from './report-data.js';
import { MAP_SCALE } from './outline-map.js';

/**
 * The in-depth batch report body (docs/reports.md "In-depth report"): per
 * peril, how the locations' probabilities are distributed at every threshold
 * (the key threshold marked), the most exposed locations at the key
 * threshold, a map classed by the return period there, and the failures.
 */
const BIN_LABELS = [`< ${PROBABILITY_EDGES[0]} %`, ...PROBABILITY_EDGES.slice(0, -1).map((edge, i) => `${edge}–${PROBABILITY_EDGES[i + 1]} %`), `≥ ${PROBABILITY_EDGES[PROBABILITY_EDGES.length - 1]} %`];

export function inDepthReport(job: JobInfo, summary: InDepthSummary, failures: FailureList): { body: string; data: ReportData } {
  const failed = failuresSection(failures, 'Failed items');
  const rpRanges = bandRanges('return_period');
  const exposedTotal = summary.perils.reduce((n, p) => n + p.successes, 0);
  const exposedKept = summary.perils.reduce((n, p) => n + p.exposed.length, 0);
  const overview = metaList([
    ['Job', escapeHtml(job.id)],
    ['Schedule file', escapeHtml(job.filename ?? 'unknown')],
    ['Perils', escapeHtml(job.perils.join(', '))],
    ['Schedule size', `${formatCount(summary.total)} locations`],
    ['Submission date', escapeHtml(job.submissionDate)],
  ]);
  const body = `<section id="overview">
<h2>Overview</h2>
${overview}
<p class="note">Every probability is the chance, in percent, that the threshold is reached at least once in the location’s own window (its start and end dates and hours); the return period is the equivalent in years. The results CSV has one line per location, peril and threshold.</p>
</section>
<section id="perils">
<h2>Probabilities by peril and threshold</h2>
<p class="note">Locations per probability range at each threshold. Each peril is ranked and mapped at its key threshold (marked): its Lite threshold where it has one, otherwise its middle threshold.</p>
${summary.perils.map((p) => perilSection(p, summary.total)).join('\n')}
</section>
${mapSection({
  title: 'Map of locations with results',
  points: summary.map,
  layers: job.perils.map((p, i) => `${p} at ${summary.perils[i]!.thresholds[summary.perils[i]!.key]}`),
  defaultLayer: 0,
  legend: rpRanges.map((r) => `Return period ${r}`),
  total: summary.total,
})}
<section id="exposed-section">
<h2>Most exposed locations</h2>
<p class="note">Per peril, locations by probability at the key threshold, highest first. ${cappedNote(exposedKept, exposedTotal, LIMITS.report.exposedRowsPerPeril, 'locations')}</p>
<div id="exposed" data-table="exposed"></div>
</section>
${failed.html}`;
  const data: ReportData = {
    perils: job.perils,
    bands: BANDS.map((b, i) => ({ name: b.name, label: `return period ${rpRanges[i]}` })),
    noClass: NO_CLASS,
    mapScale: MAP_SCALE,
    pageRows: LIMITS.report.pageRows,
    map: summary.map,
    tables: {
      exposed: {
        columns: [
          { label: 'Index', type: 'number' },
          { label: 'Location', type: 'text' },
          { label: 'Tag', type: 'text' },
          { label: 'Peril', type: 'peril' },
          { label: 'Threshold', type: 'text' },
          { label: 'Probability', type: 'percent' },
          { label: 'Return period (years)', type: 'number' },
        ],
        rows: summary.perils.flatMap((p, i) => p.exposed.map((r) => [r.index, r.location, r.tag, i, p.thresholds[p.key]!, r.probability, r.returnPeriod])),
        perilColumn: 3,
        defaultPeril: 0,
        empty: 'No successful results for this peril.',
      },
      failures: failed.table,
    },
  };
  return { body, data };
}

function perilSection(p: InDepthPerilSummary, total: number): string {
  const head = BIN_LABELS.map((label) => `<th class="num">${escapeHtml(label)}</th>`).join('');
  const rows = p.thresholds.map((threshold, t) => {
    const counts = p.histogram[t]!;
    const located = counts.reduce((a, b) => a + b, 0);
    const cells = counts.map((n) => `<td class="num ${heat(n, located)}">${formatCount(n)}</td>`).join('');
    const key = t === p.key;
    return `<tr${key ? ' class="key"' : ''}><th>${escapeHtml(threshold)}${key ? ' (key)' : ''}</th>${cells}<td class="num">${round(p.mean[t]!)} %</td><td class="num">${round(p.max[t]!)} %</td></tr>`;
  });
  return `<h3 id="peril-${p.peril}">${p.peril} <span class="note">unit ${escapeHtml(p.unit)}</span></h3>
<p class="note">${formatCount(p.successes)} of ${formatCount(total)} locations with results; ${formatCount(p.failed)} failed.</p>
<table class="heat" data-peril="${p.peril}"><thead><tr><th>Threshold</th>${head}<th class="num">Mean</th><th class="num">Max</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>`;
}

/** Shade by share of the row: h0 none … h4 half or more. */
function heat(n: number, rowTotal: number): string {
  if (n === 0 || rowTotal === 0) return 'h0';
  const share = n / rowTotal;
  return share >= 0.5 ? 'h4' : share >= 0.25 ? 'h3' : share >= 0.1 ? 'h2' : 'h1';
}

function round(x: number): string {
  return x >= 1 ? x.toFixed(2) : x.toPrecision(3);
}
