import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, saveScreenshot } from '../helpers/chromium.js';

export { launchBrowser } from '../helpers/chromium.js';

/**
 * The report tests' view of a page: every request, console error, uncaught
 * error and dialog is recorded (Chromium itself: test/helpers/chromium.ts).
 */
export const REPORT_SKIP = browserSkip('the report');

export interface Watched {
  page: Page;
  requests: string[];
  consoleErrors: string[];
  pageErrors: string[];
  dialogs: string[];
}

export async function openPage(browser: Browser, url: string): Promise<Watched> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const watched: Watched = { page, requests: [], consoleErrors: [], pageErrors: [], dialogs: [] };
  page.on('request', (request) => watched.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') watched.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watched.pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    watched.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url, { waitUntil: 'load' });
  return watched;
}

export function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, 'reports', name);
}

/** Serve one file over HTTP at /report.html (the download route sends reports as attachments). */
export async function serveReport(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.url !== '/report.html') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/report.html`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
