import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from '../helpers/harness.js';
import type { Browser, Page } from 'playwright-core';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { toCsv, upload } from '../helpers/batch.js';
import { BUILT_INDEX, launchBrowser, screenshot, UI_SKIP, watchPage, type PageWatch } from './browser.js';

/**
 * Cancelling from the Jobs view. The service runs without a batch worker, so
 * the job stays pending until the Cancel button (DELETE) stops it, whatever
 * the machine's speed.
 */
let t: TestApp;
let key: string;
let browser: Browser;
let page: Page;
let watch: PageWatch;
let jobId: string;

describe('cancelling a job in headless Chromium', () => {
  before(async () => {
    if (UI_SKIP) return;
    if (!fs.existsSync(BUILT_INDEX)) throw new Error(`${BUILT_INDEX} is missing: run \`npm run build\` before the UI tests`);
    t = await startTestApp({ batchWorkers: 0 });
    key = await t.key({ owner: 'canceller' });
    const file = await upload(t.url, key, toCsv(['latitude', 'longitude'], [[51.5, -0.12]]), { filename: 'pending.csv' });
    const job = await call(`${t.url}/v1/lite/batch`, { method: 'POST', key, json: { file_id: file.body.file_id } });
    jobId = job.body.job_id;
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    page.setDefaultTimeout(0); // wait on conditions; the test's own timeout catches a hang
    watch = watchPage(page, t.url);
  });

  after(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows a pending job with a Cancel button, and cancels it', { skip: UI_SKIP }, async () => {
    await page.goto(`${t.url}/ui/#jobs`);
    await page.getByLabel('API key').fill(key);
    await page.getByLabel('API key').press('Enter');
    const row = page.locator(`tr[data-job-id="${jobId}"]`);
    await row.waitFor();
    assert.equal(await row.getAttribute('data-status'), 'pending');
    assert.match(await row.innerText(), /Lite/);
    assert.match(await row.innerText(), /pending\.csv/);
    const cancel = row.getByRole('button', { name: `Cancel job ${jobId}` });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await page.locator(`tr[data-job-id="${jobId}"][data-status="cancelled"]`).waitFor();
    assert.equal(await row.getByRole('button').count(), 0, 'no Cancel once cancelled');
    assert.equal(await page.evaluate(`document.activeElement.closest('tr')?.getAttribute('data-job-id')`), jobId, 'focus stays in the row');
    await page.locator('#live-status', { hasText: 'is cancelled' }).waitFor({ state: 'attached' });
    assert.equal((await call(`${t.url}/v1/lite/batch/${jobId}`, { key })).body.status, 'cancelled');
    await screenshot(page, '09-job-cancelled');
  });

  it('logged no console errors or error responses, and sent nothing to other origins', { skip: UI_SKIP }, () => {
    assert.deepEqual(watch.pageErrors, []);
    assert.deepEqual(watch.consoleErrors, []);
    assert.deepEqual(watch.foreignRequests, []);
    assert.deepEqual(watch.errorResponses, []);
  });
});
