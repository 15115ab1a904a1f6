import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Headless Chromium for the report tests: the Debian package at
 * /usr/bin/chromium (CI installs it with apt-get when missing), driven by
 * playwright-core. Every page is watched for requests, console errors,
 * uncaught errors and dialogs.
 */
export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const SKIP_MESSAGE = `Chromium is not installed at ${CHROMIUM} (apt-get install chromium); the browser checks of the report did not run`;

/** Screenshots for review (gitignored). */
export const OUTPUT_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test-output');

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

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

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}.png`), fullPage: true });
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
