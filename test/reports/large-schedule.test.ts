import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from '../helpers/harness.js';
import type { PerilName } from '../../src/engine/perils.js';
import { buildReport } from '../../src/reports/html/build-report.js';
import type { JobInfo } from '../../src/reports/job-info.js';
import { LIMITS } from '../../src/limits.js';
import { tempDir } from '../helpers/app.js';
import { parseCsvText } from '../helpers/batch.js';
import { launchBrowser, openPage, REPORT_SKIP, screenshot } from './browser.js';
import { writeSyntheticLite } from './synthetic-results.js';

/**
 * The large-schedule rule (docs/reports.md): a 100,000-location Lite report
 * keeps its map to LIMITS.report.mapPoints binned points and its triage table
 * to LIMITS.report.triageRowsPerPeril rows per peril, stays a few MiB, and
 * opens in Chromium with the exact band counts.
 */
const LOCATIONS = 100_000;
const PERILS: PerilName[] = ['Earthquake', 'Rain'];
const BAND_ORDER = ['Extreme', 'Severe', 'Moderate', 'Low', 'Remote', 'Negligible'];

let dir: string;
let report: string;
let csv: string;

before(async () => {
  dir = tempDir();
  csv = path.join(dir, 'results.csv');
  writeSyntheticLite(csv, { locations: LOCATIONS, perils: PERILS });
  const job: JobInfo = { id: 'job_large', kind: 'lite', perils: PERILS, method: 'return_period', floodPlus: false, filename: 'large.csv', totalRows: LOCATIONS, submissionDate: '2026-11-23' };
  report = await buildReport(job, { results: csv, failures: path.join(dir, 'failures.jsonl'), dir, filename: null, workbook: null, links: { results: '/r.csv', workbook: null, expiresAt: 0 } }, 0);
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a 100,000-location Lite report', () => {
  it('is built from the CSV and stays a few MiB (build time is measured in bench/reports.bench.ts)', () => {
    const bytes = fs.statSync(report).size;
    assert.ok(bytes < 4 * 2 ** 20, `${bytes} bytes`);
  });

  it('opens in Chromium with exact counts, binned points and a capped triage table (open time: bench/reports.bench.ts)', { skip: REPORT_SKIP }, async () => {
    const rows = parseCsvText(fs.readFileSync(csv, 'utf8')).slice(1);
    const best = new Map<string, number>();
    for (const r of rows) if (r[13] === 'success') best.set(r[0]!, Math.min(best.get(r[0]!) ?? 9, BAND_ORDER.indexOf(r[11]!)));
    const expected = BAND_ORDER.map((_, rank) => [...best.values()].filter((b) => b === rank).length);
    const successes = rows.filter((r) => r[13] === 'success').length;

    const browser = await launchBrowser();
    try {
      const w = await openPage(browser, pathToFileURL(report).href);
      assert.deepEqual(await w.page.$$eval('#band-chart .bar', (els) => els.map((e) => Number(e.getAttribute('data-count')))), expected);
      assert.equal(await w.page.getAttribute('#no-result', 'data-count'), String(LOCATIONS - best.size));
      const points = await w.page.locator('#map-points circle').count();
      assert.ok(points > 1000 && points <= LIMITS.report.mapPoints, `${points} points`);
      assert.match((await w.page.textContent('#map-note'))!, /grouped on a [\d.]+° grid/);
      const kept = PERILS.length * LIMITS.report.triageRowsPerPeril;
      assert.match((await w.page.textContent('#triage .page-info'))!, new RegExp(`^Rows 1–50 of ${kept} · page 1 of ${kept / 50}$`));
      assert.match((await w.page.textContent('#triage-section .note'))!, new RegExp(`of ${successes.toLocaleString('en-GB')}\\)`));
      await w.page.click('#triage .pager button:has-text("Next")');
      assert.match((await w.page.textContent('#triage .page-info'))!, /^Rows 51–100 of/);
      await screenshot(w.page, 'lite-100k');
      assert.deepEqual(w.requests, [pathToFileURL(report).href]);
      assert.deepEqual([...w.consoleErrors, ...w.pageErrors], []);
    } finally {
      await browser.close();
    }
  });
});
