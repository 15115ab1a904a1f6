import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from '../helpers/harness.js';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { buildEventStore } from '../../src/historic/build.js';
import { call, startTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { toCsv } from '../helpers/batch.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { writeCatalogues } from '../historic/fixtures.js';
import { BUILT_INDEX, launchBrowser, screenshot, UI_SKIP, watchPage, type PageWatch } from './browser.js';

/**
 * The web interface end to end in headless Chromium, over fixture hazard
 * tables and the historic tests' synthetic event store: sign-in (a bad key
 * first), uploads with and without row errors, a batch followed to 100 %,
 * its downloads, the location explorer, a key without the batch mode, and
 * sign-out — with no console errors and no request leaving the origin.
 */
const HEADER = ['location', 'latitude', 'longitude', 'tag'];
const GOOD_CSV = toCsv(HEADER, [['Miami FL', null, null, 'hq'], [null, 51.5, -0.12, 'office'], [null, 35.68, 139.69, 'tokyo']]);
const BAD_CSV = toCsv(HEADER, [['Miami FL', null, null, 'hq'], [null, 95, -0.12, 'off the globe']]);

let t: TestApp;
let sources: string;
let key: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let watch: PageWatch;
let jobId: string;
/** Error responses the steps provoke on purpose; anything else fails the last test. */
const expectedErrors: string[] = [];

const visible = (selector: string) => page.locator(selector).first().waitFor({ state: 'visible' });

/** Sign in from the keyboard: type the key and press Enter. */
async function signIn(apiKey: string): Promise<void> {
  await page.getByLabel('API key').fill(apiKey);
  await page.getByLabel('API key').press('Enter');
}

/** A breakdown share as the explorer writes it (format.ts share): one decimal, or "< 0.1 %". */
function shareText(share: number): string {
  if (share === 0) return '0 %';
  return share * 100 < 0.05 ? '< 0.1 %' : `${(share * 100).toFixed(1)} %`;
}

interface ExplainAnswer {
  threshold: string | number;
  breakdowns: { by: string; note?: string; items: { label: string; share: number }[] }[];
}

/** The explorer's breakdown under a chart as [by, [[label, share text], …]] per breakdown. */
async function shownBreakdowns(section: Locator): Promise<[string, string[][]][]> {
  return section.locator('section.breakdown-part').evaluateAll((parts) =>
    parts.map((p) => [p.getAttribute('data-by')!, [...p.querySelectorAll('li')].map((li) => [li.querySelector('.share-label')!.textContent!, li.querySelector('.share-value')!.textContent!])]),
  );
}

/** Form controls with no accessible name: no <label>, aria-label or text. */
const UNLABELLED = `[...document.querySelectorAll('input, select, button')]
  .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
  .map((e) => e.outerHTML)`;

describe('web interface in headless Chromium', () => {
  before(async () => {
    if (UI_SKIP) return;
    if (!fs.existsSync(BUILT_INDEX)) throw new Error(`${BUILT_INDEX} is missing: run \`npm run build\` before the UI tests`);
    const dataDir = tempDir();
    writeFixtureTables(path.join(dataDir, 'tables'));
    t = await startTestApp({ dataDir, tablesDir: path.join(dataDir, 'tables') });
    sources = writeCatalogues();
    await buildEventStore(sources, t.app.paths.events);
    key = await t.key({ owner: 'ui-tester' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
    page = await context.newPage();
    page.setDefaultTimeout(0); // wait on conditions; the test's own timeout catches a hang
    watch = watchPage(page, t.url);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
    if (sources) fs.rmSync(sources, { recursive: true, force: true });
  });

  it('shows the 401 message for an unknown key and keeps the user on the sign-in form', { skip: UI_SKIP }, async () => {
    await page.goto(`${t.url}/ui/`);
    await signIn(`hzr_${'0'.repeat(12)}_${'A'.repeat(43)}`);
    expectedErrors.push('401 GET /v1/perils');
    const message = page.locator('#sign-in-outcome .notice.error');
    await message.waitFor();
    assert.match(await message.innerText(), /not recognised/);
    assert.match(await message.innerText(), /401 invalid_api_key/);
    assert.equal(await page.getByLabel('API key').getAttribute('aria-invalid'), 'true');
    await screenshot(page, '01-sign-in-401');
  });

  it('signs in, keeping the key in sessionStorage only', { skip: UI_SKIP }, async () => {
    await signIn(key);
    await visible('#view-schedules');
    assert.match(await page.locator('#account-label').innerText(), /hzr_[0-9a-f]{12}_…/);
    const stored = await page.evaluate(`({ session: sessionStorage.getItem('hazrisk.apiKey'), local: localStorage.length, cookie: document.cookie })`);
    assert.deepEqual(stored, { session: key, local: 0, cookie: '' });
  });

  it('lists the row errors of a CSV dropped with a bad row', { skip: UI_SKIP }, async () => {
    // What a drag from the file manager delivers: a DataTransfer holding the file. (Browser code as text: the tests compile without DOM types.)
    const dataTransfer = await page.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([${JSON.stringify(BAD_CSV)}], 'bad-schedule.csv', { type: 'text/csv' }));
      return transfer;
    })()`);
    await page.locator('#drop-zone').dispatchEvent('drop', { dataTransfer });
    expectedErrors.push('400 POST /v1/in-depth/batch/upload');
    const errors = page.locator('#upload-errors table');
    await errors.waitFor();
    assert.match(await errors.locator('caption').innerText(), /^1 row has problems/);
    const cells = await errors.locator('tbody tr').first().locator('td').allInnerTexts();
    assert.deepEqual(cells.slice(0, 2), ['2', 'latitude']);
    assert.match(cells[2]!, /90/);
    assert.match(await page.locator('#upload-outcome .notice.error').innerText(), /bad-schedule\.csv was not accepted/);
    await screenshot(page, '02-upload-row-errors');
  });

  it('uploads a good CSV with the file picker and shows its draft schedule', { skip: UI_SKIP }, async () => {
    await page.getByLabel('CSV schedule').setInputFiles({ name: 'offices.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) });
    await page.locator('#upload-outcome .notice.success').waitFor();
    const row = page.locator('#schedules-table tbody tr', { hasText: 'offices.csv' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    assert.deepEqual([cells[0], cells[1], cells[2], cells[4]], ['offices.csv', 'PROPERTY', '3', 'No']);
    assert.match(await page.locator('#submit-schedule option:checked').innerText(), /^offices\.csv/);
  });

  it('submits an in-depth batch and follows its progress to 100 %', { skip: UI_SKIP }, async () => {
    await page.getByLabel('In-depth: exceedance curves per peril').check();
    await page.getByLabel('Earthquake', { exact: true }).check();
    await page.getByLabel('Rain', { exact: true }).check();
    await page.getByRole('button', { name: 'Submit batch' }).click();
    const submitted = await page.locator('#submit-outcome .notice.success').innerText();
    jobId = /Job (\S+) submitted/.exec(submitted)![1]!;
    await screenshot(page, '03-schedules-submitted');
    await page.locator('#nav').getByRole('link', { name: 'Jobs' }).click();
    const row = page.locator(`tr[data-job-id="${jobId}"]`);
    await row.waitFor();
    await row.locator('progress[value="100"]').waitFor();
    assert.equal(await row.getAttribute('data-status'), 'complete');
    assert.match(await row.innerText(), /100 %/);
    assert.match(await row.innerText(), /offices\.csv/);
  });

  it('offers the links with their expiry: the CSV downloads, the report opens in a new tab', { skip: UI_SKIP }, async () => {
    const row = page.locator(`tr[data-job-id="${jobId}"]`);
    const csvLink = row.locator('li[data-artefact="results.csv"] a');
    await csvLink.waitFor();
    const expires = Number(new URL((await csvLink.getAttribute('href'))!).searchParams.get('expires'));
    assert.ok(expires > Date.now() + 6 * 86_400_000, 'links live about seven days');
    assert.match(await row.locator('li[data-artefact="results.csv"]').innerText(), /expires \d{1,2} \w{3} \d{4}/);
    const [download] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    assert.match(text, /^index,location,latitude,longitude,tag,start_date,end_date,start_hour,end_hour,peril,unit,threshold,probability,return_period,status\r\n/);
    assert.match(text, /Miami FL/);
    for (const artefact of ['report.html', 'workbook.xlsx']) {
      const item = row.locator(`li[data-artefact="${artefact}"]`);
      if ((await item.locator('a').count()) === 0) assert.match(await item.innerText(), /not generated/);
      else assert.match(await item.innerText(), /expires/);
    }
    const report = row.locator('li[data-artefact="report.html"] a');
    if ((await report.count()) > 0) {
      assert.equal(await report.getAttribute('target'), '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), report.click()]);
      await tab.waitForLoadState('load');
      assert.equal(tab.url(), await report.getAttribute('href'));
      assert.match(await tab.title(), /\S/, 'the report page loaded');
      await tab.close();
    }
    await screenshot(page, '04-jobs-complete');
  });

  it('explores "Miami, FL": Lite bands, one curve per peril, historic events and a footprint', { skip: UI_SKIP }, async () => {
    await page.locator('#nav').getByRole('link', { name: 'Location explorer' }).click();
    await page.getByLabel('Place or coordinates').fill('Miami, FL');
    await page.getByRole('button', { name: 'Explore' }).click();
    await page.locator('#lite-bands li').first().waitFor();
    await page.locator('#curves-grid').waitFor();
    await page.locator('#events-result section.events').first().waitFor();

    const perils = (await call(`${t.url}/v1/perils`, { key })).body.perils.map((p: { name: string }) => p.name);
    const v2 = await call(`${t.url}/v2/in-depth`, { method: 'POST', key, json: { perils, events: [{ location: 'Miami, FL' }] } });
    const series = await page.locator('#curves-grid [data-series]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-series')));
    assert.deepEqual(series, v2.body.results.map((r: { peril: string }) => r.peril), 'one series per peril with a result');
    assert.equal(new Set(series).size, series.length);

    const lite = (await call(`${t.url}/v1/lite?location=${encodeURIComponent('Miami, FL')}`, { key })).body;
    const bands = await page.locator('#lite-bands li').evaluateAll((items) => items.map((li) => [li.getAttribute('data-peril'), li.querySelector('.band')!.textContent]));
    assert.deepEqual(bands, Object.entries(lite.scores).map(([peril, s]) => [peril, (s as { band: string }).band]));

    const sections = page.locator('#events-result section.events');
    assert.equal(await sections.count(), 4);
    for (const section of await sections.all()) {
      const listed = (await section.locator('tbody tr').count()) > 0;
      assert.ok(listed || /None found within/.test(await section.innerText()), await section.innerText());
    }
    const cyclones = page.locator('section.events[data-peril="TropicalCyclone"] tbody tr');
    assert.ok((await cyclones.count()) > 0, 'the synthetic cyclone near the coast site is listed');
    await cyclones.first().getByRole('button', { name: /Show the footprint/ }).click();
    await page.locator('#events-map svg .footprint path').first().waitFor({ state: 'attached' });
    await page.locator('#events-map svg path.land').waitFor({ state: 'attached' });
    await screenshot(page, '05-explorer-probability');

    assert.deepEqual(await page.evaluate(UNLABELLED), [], 'every control has an accessible name');
    assert.equal(await page.locator('#live-status[aria-live="polite"]').count(), 1);
    await page.getByLabel('Return period').check();
    await page.locator('#curves-grid .axis-title', { hasText: 'Return period (years)' }).first().waitFor();
    await screenshot(page, '06-explorer-return-period');
  });

  it('explains a threshold under its chart: the breakdowns POST /v1/explain gives for the same place and window', { skip: UI_SKIP }, async () => {
    const card = page.locator('#curves-grid figure[data-peril="TropicalCyclone"]');
    const cat1 = card.getByRole('button', { name: 'What drives TropicalCyclone at CAT1' });
    // From the keyboard: focus the threshold's button and press Enter.
    await cat1.focus();
    await cat1.press('Enter');
    const section = card.locator('section.breakdown[data-threshold="CAT1"]');
    await section.waitFor();
    assert.equal(await cat1.getAttribute('aria-pressed'), 'true');
    assert.equal(await card.locator('.breakdown-slot').getAttribute('aria-busy'), null, 'no longer loading');

    const api = await call(`${t.url}/v1/explain`, { method: 'POST', key, json: { peril: 'TropicalCyclone', location: 'Miami, FL', threshold: 'CAT1' } });
    assert.equal(api.status, 200, JSON.stringify(api.body));
    const answer = api.body as ExplainAnswer;
    assert.ok(answer.breakdowns.some((b) => b.items.length > 0), 'the fixture rate at CAT1 is not nil');
    // The observed storms come from the real best tracks (HAZRISK_SOURCES, as the explain tests read them).
    assert.deepEqual(await section.locator('h4').allInnerTexts(), ['By class reached', 'By month', 'Observed storms']);
    const storms = answer.breakdowns.find((b) => b.by === 'observed_storm')!;
    assert.equal(await section.locator('section[data-by="observed_storm"] .breakdown-note').innerText(), storms.note);
    assert.deepEqual(await shownBreakdowns(section), answer.breakdowns.map((b) => [b.by, b.items.map((i) => [i.label, shareText(i.share)])]));
    assert.match(await section.locator('.breakdown-rate').innerText(), /^Annual rate .+, return period .+ years?\.$/);
    await screenshot(page, '10-explorer-breakdown');

    // A chart point chooses its threshold too; the breakdown survives the metric switch (the charts are redrawn).
    const cat2Index = (await card.locator('.explain-at button').allInnerTexts()).indexOf('CAT2');
    await card.locator(`svg.chart circle[data-index="${cat2Index}"]`).click();
    const cat2 = card.locator('section.breakdown[data-threshold="CAT2"]');
    await cat2.waitFor();
    assert.equal(await card.getByRole('button', { name: 'What drives TropicalCyclone at CAT2' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await cat1.getAttribute('aria-pressed'), 'false');
    await page.getByLabel('Probability', { exact: true }).check();
    await page.locator('#curves-grid .axis-title', { hasText: 'Probability (%)' }).first().waitFor();
    const again = page.locator('#curves-grid figure[data-peril="TropicalCyclone"]');
    await again.locator('section.breakdown[data-threshold="CAT2"]').waitFor();
    assert.equal(await again.getByRole('button', { name: 'What drives TropicalCyclone at CAT2' }).getAttribute('aria-pressed'), 'true');
  });

  it('shows a 403 clearly for a key without the batch mode, then signs out and forgets the key', { skip: UI_SKIP }, async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    assert.equal(await page.evaluate(`sessionStorage.getItem('hazrisk.apiKey')`), null);
    const limited = await t.key({ owner: 'lite-only', modes: ['lite', 'in_depth'] });
    await page.goto(`${t.url}/ui/#schedules`);
    await signIn(limited);
    expectedErrors.push('403 GET /v1/schedules', '403 GET /v1/jobs');
    const message = page.locator('#schedules-list .notice.error');
    await message.waitFor();
    assert.match(await message.innerText(), /not licensed/);
    assert.match(await message.innerText(), /403 mode_not_licensed/);
    assert.equal(await page.locator('#submit-schedule option', { hasText: 'offices.csv' }).count(), 0, 'nothing of the previous session remains');
    await screenshot(page, '07-batch-not-licensed-403');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
  });

  it('names an expired key at sign-in, and signs out with the reason when the key is revoked mid-session', { skip: UI_SKIP }, async () => {
    const expired = await t.key({ owner: 'late', expiresDays: 1, now: Date.now() - 2 * 86_400_000 });
    await signIn(expired);
    expectedErrors.push('401 GET /v1/perils');
    const message = page.locator('#sign-in-outcome .notice.error');
    await message.locator('text=has expired').waitFor();
    assert.match(await message.innerText(), /401 expired_api_key/);

    const doomed = await t.key({ owner: 'doomed' });
    await signIn(doomed);
    await visible('#view-schedules');
    // Let the first loads finish with the valid key, so the only 401 is the refresh below.
    await page.locator('#schedules-list > *').first().waitFor();
    await page.locator('#jobs-list > *').first().waitFor({ state: 'attached' });
    await t.app.keys.revoke(/^hzr_([0-9a-f]{12})_/.exec(doomed)![1]!);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    expectedErrors.push('401 GET /v1/schedules');
    await message.locator('text=has been revoked').waitFor();
    assert.match(await message.innerText(), /^Signed out: /);
    assert.equal(await page.evaluate(`sessionStorage.getItem('hazrisk.apiKey')`), null);
    assert.ok(await page.locator('#nav').isHidden());
    assert.equal(await page.locator('#schedules-list').innerHTML(), '', 'the failed call left nothing behind');
    await screenshot(page, '08-revoked-signed-out');
  });

  it('logged no console errors, sent nothing to other origins, and met only the error responses the steps provoked', { skip: UI_SKIP }, () => {
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.foreignRequests, []);
    assert.deepEqual([...new Set(watch.errorResponses)].sort(), [...new Set(expectedErrors)].sort());
  });
});
