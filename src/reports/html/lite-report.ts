import { perilDef, type PerilName } from '../../engine/perils.js';
import { BANDS } from '../../lite/bands.js';
import type { LiteMethod } from '../../lite/score.js';
import type { JobInfo } from '../job-info.js';
import { LIMITS } from '../../limits.js';
import type { FailureList } from '../summary/failures.js';
import type { LiteSummary } from '../summary/lite-summary.js';
import { NO_CLASS } from '../summary/map-bins.js';
import { bandRanges } from './band-ranges.js';
import { bandChart } from './chart.js';
import { escapeHtml } from './escape.js';
import { failuresSection } from './failures-section.js';
import { cappedNote, formatCount, metaList, percentOf } from './format.js';
import { mapSection } from './map-section.js';
import type { ReportData } from './report-data.js';
import { MAP_SCALE } from './outline-map.js';

/**
 * The Lite batch report body (spec "GET /v1/lite/batch/{job_id}" 1–6 for
 * `return_period`; the same layout read as percentile ranks for
 * `globally_relative`, docs/reports.md): overview, riskiest-band chart with
 * the No Result count, map, score and band by peril, hazard triage, failures.
 */
const METHOD_TEXT: Record<LiteMethod, { name: string; score: string; explain: string }> = {
  return_period: {
    name: 'Return period',
    score: 'Return period (years)',
    explain:
      'Each score is the return period in years of the peril’s Lite threshold event over the year after submission: a lower score means a more frequent event and a riskier location. Bands follow fixed return-period edges.',
  },
  globally_relative: {
    name: 'Globally relative',
    score: 'Percentile rank',
    explain:
      'Each score is a percentile rank from 0 to 100: the share of the world’s covered grid cells whose hazard at the peril’s Lite threshold is lower than at this location. A score of 99 means the location is more exposed than 99 % of covered places. It is a comparison with the rest of the world, not a probability or a return period; a higher score is riskier. Bands follow percentile edges.',
  },
};

/** Each returned peril's Lite threshold and why it is there (the catalogue's basis: the spec's, or the project's with its sources). */
function thresholdNote(perils: readonly PerilName[]): string {
  return perils.map((p) => `${p}: ${perilDef(p).lite?.description ?? 'no Lite threshold'} (${perilDef(p).lite?.basis ?? ''}).`).join(' ');
}

export function liteReport(job: JobInfo, summary: LiteSummary, failures: FailureList): { body: string; data: ReportData } {
  const method = METHOD_TEXT[summary.method];
  const ranges = bandRanges(summary.method);
  const failed = failuresSection(failures, 'Failed locations');
  const overview = metaList([
    ['Job', escapeHtml(job.id)],
    ['Schedule file', escapeHtml(job.filename ?? 'unknown')],
    ['Calculation method', `<span id="calculation-method" data-method="${summary.method}">${method.name}</span> (${escapeHtml(summary.method)})`],
    ['Flood Plus', `<span id="flood-plus">${job.floodPlus ? 'Included (FloodLivePlus scored)' : 'Not selected'}</span>`],
    ['Returned perils', escapeHtml(summary.perils.join(', ') || 'none')],
    ['Schedule size', `${formatCount(summary.total)} locations`],
    ['Successful results', `${formatCount(summary.results)} location-peril scores`],
    ['Submission date', escapeHtml(job.submissionDate)],
  ]);
  const body = `<section id="overview">
<h2>Overview</h2>
${overview}
<p class="note" id="method-note">${escapeHtml(method.explain)}</p>
<p class="note" id="threshold-note">Thresholds: ${escapeHtml(thresholdNote(summary.perils))}</p>
</section>
<section id="distribution">
<h2>Riskiest band per location</h2>
<p class="note">Each location is counted once, in its riskiest successful band across the returned perils. Percentages are of the whole schedule.</p>
${bandChart(summary.bandCounts, summary.noResult, summary.total, summary.method)}
</section>
${mapSection({
  title: 'Map of successful locations',
  points: summary.map,
  layers: ['All perils (riskiest band)', ...summary.perils],
  defaultLayer: 0,
  legend: BANDS.map((b, i) => `${b.name} (${ranges[i]})`),
  total: summary.total,
})}
${byPerilSection(summary, ranges)}
<section id="triage-section">
<h2>Hazard triage</h2>
<p class="note">Location-peril results across all returned perils, riskiest first (${escapeHtml(summary.method === 'globally_relative' ? 'highest percentile rank' : 'shortest return period')}, then band). ${cappedNote(summary.triage.length, summary.results, LIMITS.report.triageRowsPerPeril, 'results')}</p>
<div id="triage" data-table="triage"></div>
</section>
${failed.html}`;
  const data: ReportData = {
    perils: summary.perils,
    bands: BANDS.map((b, i) => ({ name: b.name, label: `${b.name} (${ranges[i]})` })),
    noClass: NO_CLASS,
    mapScale: MAP_SCALE,
    pageRows: LIMITS.report.pageRows,
    map: summary.map,
    tables: {
      triage: {
        columns: [
          { label: 'Index', type: 'number' },
          { label: 'Location', type: 'text' },
          { label: 'Tag', type: 'text' },
          { label: 'Peril', type: 'peril' },
          { label: method.score, type: 'number' },
          { label: 'Band', type: 'band' },
        ],
        rows: summary.triage.map((r) => [r.index, r.location, r.tag, r.peril, r.score, r.band]),
        perilColumn: 3,
        allPerils: true,
        bandColumn: 5,
        empty: 'No successful results.',
      },
      failures: failed.table,
    },
  };
  return { body, data };
}

function byPerilSection(summary: LiteSummary, ranges: string[]): string {
  const head = BANDS.map((b, i) => `<th class="num" title="${escapeHtml(ranges[i]!)}"><span class="chip b${i}"></span>${b.name}</th>`).join('');
  const rows = summary.byPeril.map((p) => {
    const scored = p.bandCounts.reduce((a, b) => a + b, 0);
    const cells = p.bandCounts.map((n) => `<td class="num">${formatCount(n)}</td>`).join('');
    return `<tr data-peril="${p.peril}"><th>${p.peril}<br><span class="note">${escapeHtml(perilDef(p.peril).lite?.description ?? '')}</span></th>${cells}<td class="num">${formatCount(p.failed)}</td><td class="num">${p.riskiest ?? '—'}</td><td class="num">${percentOf(scored, summary.total)} %</td></tr>`;
  });
  return `<section id="by-peril">
<h2>Score and band by peril</h2>
<p class="note">Locations per band for each returned peril (a location counts once per peril). “Failed” counts locations where the peril was returned without a score; the reasons are listed under Failed locations. Pick a peril in the map’s layer list to see its bands on the map.</p>
<table id="by-peril-table"><thead><tr><th>Peril and Lite threshold</th>${head}<th class="num">Failed</th><th class="num">Riskiest score</th><th class="num">Scored share</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
</section>`;
}
