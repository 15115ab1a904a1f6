import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from '../helpers/harness.js';
import type { Browser } from 'playwright-core';
import { startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { REPORT_CSP } from '../../src/batch/status.js';
import { launchBrowser, openPage, REPORT_SKIP, screenshot, type Watched } from './browser.js';
import { runJob, type FinishedJob } from './jobs.js';

/**
 * Reports of real jobs opened in headless Chromium: the numbers shown equal
 * the ones computed here from the results CSV, the filters work, and the page
 * requests nothing but itself, logs no error and runs no injected script.
 */
const CLOCK = Date.UTC(2026, 10, 23, 12, 0);
const BAND_ORDER = ['Extreme', 'Severe', 'Moderate', 'Low', 'Remote', 'Negligible'];
const XSS_LOCATION = '<img src=x onerror=alert(1)>';
const XSS_TAG = '</script><script>alert(2)</script>';
const ROWS: (string | number | null)[][] = [
  ['Miami office', 25.76, -80.19, 'HQ'],
  [XSS_LOCATION, 29.95, -90.07, XSS_TAG],
  [null, 43.65, -79.38, 'Toronto'],
  [null, 51.5, -0.12, 'London'],
  [null, 35.68, 139.69, '=1+1'],
  [null, -33.87, 151.21, '@SUM(A1)'],
  [null, -23.55, -46.63, null],
  [null, 19.43, -99.13, null],
  [null, 64.15, -21.94, 'Reykjavik'],
  [XSS_LOCATION, null, null, 'not found'],
  ['Qwxzv Plorkville', null, null, null],
];
const SCHEDULE = toCsv(['location', 'latitude', 'longitude', 'tag'], ROWS);

let t: TestApp;
let key: string;
let browser: Browser | null = null;
const jobs: Record<string, FinishedJob> = {};

before(async () => {
  const dir = tempDir();
  writeFixtureTables(path.join(dir, 'tables'));
  t = await startTestApp({ dataDir: dir, tablesDir: path.join(dir, 'tables') }, { clock: () => CLOCK });
  // Without Rain and MaxWindGust, whose fixture tables make every location Extreme, the bands vary.
  key = await t.key({ perils: ['TropicalCyclone', 'Earthquake', 'FloodLivePlus', 'Hail', 'USTornado'] });
  jobs.lite = await runJob(t, key, 'lite', SCHEDULE, { flood_plus: true }, `${XSS_LOCATION}.csv`);
  jobs.relative = await runJob(t, key, 'lite', SCHEDULE, { calculation_method: 'globally_relative' });
  jobs.inDepth = await runJob(t, key, 'in-depth', SCHEDULE, { perils: ['TropicalCyclone', 'Earthquake', 'Hail'] });
  if (!REPORT_SKIP) browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await t.close();
});

/** Runs `check` on an opened report (the tests skip, saying why, when Chromium is missing). */
async function withReport(url: string, name: string, check: (w: Watched) => Promise<void>): Promise<void> {
  const watched = await openPage(browser!, url);
  try {
    await check(watched);
    await screenshot(watched.page, name);
    assert.deepEqual(watched.requests, [url], 'the report requests nothing but itself');
    assert.deepEqual(watched.consoleErrors, []);
    assert.deepEqual(watched.pageErrors, []);
    assert.deepEqual(watched.dialogs, [], 'no injected script ran');
  } finally {
    await watched.page.close();
  }
}

/** Per location (index): its riskiest successful band, from the CSV alone. */
function expectedBands(csv: string[][]): { counts: number[]; noResult: number; total: number; coordinates: Set<string> } {
  const header = csv[0]!;
  const [index, lat, lon, band, status] = ['index', 'latitude', 'longitude', 'band', 'status'].map((c) => header.indexOf(c)) as [number, number, number, number, number];
  const best = new Map<string, number>();
  const coordinates = new Set<string>();
  for (const r of csv.slice(1)) {
    if (r[status] !== 'success') continue;
    const rank = BAND_ORDER.indexOf(r[band]!);
    best.set(r[index]!, Math.min(best.get(r[index]!) ?? 99, rank));
    coordinates.add(`${Number(r[lat])},${Number(r[lon])}`);
  }
  const counts = BAND_ORDER.map((_, rank) => [...best.values()].filter((b) => b === rank).length);
  return { counts, noResult: ROWS.length - best.size, total: ROWS.length, coordinates };
}

const pathOf = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('Lite report (return_period) in Chromium', () => {
  async function checkChart(w: Watched, job: FinishedJob): Promise<void> {
    const expected = expectedBands(job.csv);
    const bars = await w.page.$$eval('#band-chart .bar', (els) => els.map((e) => [e.getAttribute('data-band'), Number(e.getAttribute('data-count')), e.querySelector('.value')!.textContent]));
    assert.deepEqual(bars.map((b) => b[0]), BAND_ORDER);
    assert.deepEqual(bars.map((b) => b[1]), expected.counts);
    bars.forEach((b, i) => assert.equal(b[2], `${expected.counts[i]} (${((expected.counts[i]! * 100) / expected.total).toFixed(1)} %)`));
    assert.equal(await w.page.getAttribute('#no-result', 'data-count'), String(expected.noResult));
    assert.equal(await w.page.getAttribute('#schedule-size', 'data-count'), String(expected.total));
    assert.equal(await w.page.locator('#map-points circle').count(), expected.coordinates.size, 'one point per mapped location');
  }

  // The report is tested under the Content-Security-Policy it is really served with (docs/batch.md
  // "Downloads": the report opens inline under REPORT_CSP, a sandbox giving it an opaque origin, and its
  // own meta CSP still applies — docs/reports.md): opened at the service's own signed report_url.
  it('served by the service at its signed report_url (REPORT_CSP sandbox + meta CSP): counts equal the CSV, links and settings shown, user text stays text', { skip: REPORT_SKIP }, async () => {
    const job = jobs.lite!;
    const url: string = job.status.report_url;
    assert.equal(new URL(url).pathname, `/v1/downloads/${job.status.job_id}/report.html`);
    const served = await fetch(url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(served.headers.get('content-disposition'), `inline; filename="hazrisk-${job.status.job_id}-report.html"`);
    assert.equal(served.headers.get('content-security-policy'), REPORT_CSP);
    assert.ok(Buffer.from(await served.arrayBuffer()).equals(fs.readFileSync(job.report)), 'the bytes served are the report file');
    await withReport(url, 'lite-return-period', async (w) => {
      assert.equal(await w.page.evaluate('window.origin'), 'null', 'REPORT_CSP applied: the sandbox gives the page an opaque origin');
      assert.match((await w.page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content'))!, /^default-src 'none'; script-src 'sha256-[^']+'; style-src 'sha256-[^']+'/);
      await checkChart(w, job);
      assert.equal(await w.page.textContent('#calculation-method'), 'Return period');
      assert.match((await w.page.textContent('#flood-plus'))!, /^Included/);
      assert.equal(await w.page.getAttribute('#download-results', 'href'), pathOf(job.status.result_url));
      assert.equal(await w.page.getAttribute('#download-workbook', 'href'), pathOf(job.status.workbook_url));
      assert.match((await w.page.textContent('#links-expiry'))!, /expire on 2026-11-30 \d\d:\d\d UTC, 7 days after the results were produced/);
      assert.equal(await w.page.textContent('.sub'), `${XSS_LOCATION}.csv · job ${job.status.job_id}`);
      const triage = await w.page.locator('#triage tbody').textContent();
      assert.ok(triage!.includes(XSS_LOCATION) && triage!.includes(XSS_TAG), 'shown as text');
      assert.ok((await w.page.locator('#failures tbody').textContent())!.includes(`"${XSS_LOCATION}"`), 'the geocoding error, as text');
      assert.equal(await w.page.locator('img').count(), 0);
      assert.equal(await w.page.locator('script').count(), 2, 'the data block and the report script only');
      // The script runs under both policies: the triage pager it builds works.
      await w.page.selectOption('#triage select[data-filter="peril"]', { label: 'Hail' });
      assert.match((await w.page.textContent('#triage .page-info'))!, /^Rows 1–\d+ of \d+ · page 1 of \d+$/);
    });
    // withReport: no request but the report itself, no console error or warning (Chromium reports every
    // CSP violation there), no uncaught error, no dialog.
  });

  it('from disk (file://): renders with no request but its own', { skip: REPORT_SKIP }, async () => {
    await withReport(pathToFileURL(jobs.lite!.report).href, 'lite-file-url', (w) => checkChart(w, jobs.lite!));
  });

  it('the peril filter and the band selection filter the triage table and the map', { skip: REPORT_SKIP }, async () => {
    const job = jobs.lite!;
    const header = job.csv[0]!;
    const hail = job.csv.filter((r) => r[header.indexOf('peril')] === 'Hail' && r[header.indexOf('status')] === 'success');
    await withReport(pathToFileURL(job.report).href, 'lite-filtered', async (w) => {
      const cells = (column: number) => w.page.$$eval(`#triage tbody tr td:nth-child(${column})`, (tds) => tds.map((td) => td.textContent));
      await w.page.selectOption('#triage select[data-filter="peril"]', { label: 'Hail' });
      assert.ok((await cells(5)).every((p) => p === 'Hail'));
      assert.match((await w.page.textContent('#triage .page-info'))!, new RegExp(`of ${hail.length} ·`));
      await w.page.selectOption('#triage select[data-filter="peril"]', { label: 'All perils' });
      await w.page.click('#band-chart .bar[data-band="Extreme"]');
      assert.ok((await cells(7)).every((b) => b === 'Extreme'));
      const shown = await w.page.$$eval('#map-points circle:not(.off)', (cs) => cs.map((c) => c.getAttribute('class')));
      assert.ok(shown.length > 0 && shown.every((c) => c === 'b0'));
      assert.match((await w.page.textContent('#band-filter-state'))!, /Showing Extreme only/);
      await w.page.selectOption('#map-layer', { label: 'Hail' });
      const hailExtreme = await w.page.locator('#map-points circle:not(.off)').count();
      assert.equal(hailExtreme, hail.filter((r) => r[header.indexOf('band')] === 'Extreme').length);
      await w.page.click('#map-zoom-in');
      await w.page.mouse.wheel(0, -300);
      assert.notEqual(await w.page.getAttribute('#map', 'viewBox'), '-1800 -900 3600 1800', 'zoomed');
    });
  });
});

describe('other reports in Chromium', () => {
  it('globally_relative: percentile ranks explained, highest ranked first', { skip: REPORT_SKIP }, async () => {
    const job = jobs.relative!;
    await withReport(pathToFileURL(job.report).href, 'lite-globally-relative', async (w) => {
      assert.deepEqual(await w.page.$$eval('#band-chart .bar', (els) => els.map((e) => Number(e.getAttribute('data-count')))), expectedBands(job.csv).counts);
      assert.match((await w.page.textContent('#method-note'))!, /percentile rank from 0 to 100/);
      const thresholds = (await w.page.textContent('#threshold-note'))!;
      assert.ok(thresholds.includes('Earthquake: Modified Mercalli intensity VI or stronger (fixed by the service specification).'), thresholds);
      assert.ok(thresholds.includes('Hail: hailstones of more than 1 inch diameter'), thresholds);
      const scores = (await w.page.$$eval('#triage tbody tr td:nth-child(6)', (tds) => tds.map((td) => Number(td.textContent)))).filter((s) => !Number.isNaN(s));
      assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
    });
  });

  it('in-depth: per-peril distributions match the CSV, most exposed filtered by peril', { skip: REPORT_SKIP }, async () => {
    const job = jobs.inDepth!;
    const header = job.csv[0]!;
    const col = (name: string) => header.indexOf(name);
    await withReport(pathToFileURL(job.report).href, 'in-depth', async (w) => {
      for (const peril of ['TropicalCyclone', 'Earthquake', 'Hail']) {
        const rows = await w.page.$$eval(`table.heat[data-peril="${peril}"] tbody tr`, (trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 7).reduce((n, td) => n + Number(td.textContent!.replace(/,/g, '')), 0)),
        );
        const firstThreshold = job.csv.find((r) => r[col('peril')] === peril && r[col('status')] === 'success')![col('threshold')];
        const located = job.csv.filter((r) => r[col('peril')] === peril && r[col('status')] === 'success' && r[col('threshold')] === firstThreshold).length;
        assert.ok(rows.length > 0 && rows.every((n) => n === located), `${peril}: ${rows} vs ${located}`);
      }
      await w.page.selectOption('#exposed select[data-filter="peril"]', { label: 'Earthquake' });
      const perils = await w.page.$$eval('#exposed tbody tr td:nth-child(5)', (tds) => tds.map((td) => td.textContent));
      assert.ok(perils.length > 0 && perils.every((p) => p === 'Earthquake'));
      const probabilities = await w.page.$$eval('#exposed tbody tr td:nth-child(7)', (tds) => tds.map((td) => parseFloat(td.textContent!)));
      assert.deepEqual(probabilities, [...probabilities].sort((a, b) => b - a), 'most exposed first');
    });
  });
});
