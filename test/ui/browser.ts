import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSkip, saveScreenshot } from '../helpers/chromium.js';

export { launchBrowser } from '../helpers/chromium.js';

/**
 * The web-interface tests' view of a page: console errors, uncaught errors,
 * requests to other origins and error responses (Chromium itself:
 * test/helpers/chromium.ts).
 */
export const UI_SKIP = browserSkip('the web interface');

/** The built page; npm test builds it first. */
export const BUILT_INDEX = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../dist/ui/index.html');

export interface PageWatch {
  consoleErrors: string[];
  pageErrors: string[];
  foreignRequests: string[];
  /** "STATUS METHOD /path" of every response at or above 400, to compare with the ones a step expects. */
  errorResponses: string[];
}

/**
 * Chromium logs every 4xx/5xx fetch as a console error ("Failed to load
 * resource"); those are checked through errorResponses instead, so a
 * deliberate 401 or 400 does not hide a real script error, nor the reverse.
 */
const NETWORK_LOG = /^Failed to load resource: the server responded with a status of \d+/;

export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { consoleErrors: [], pageErrors: [], foreignRequests: [], errorResponses: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' && !NETWORK_LOG.test(message.text())) watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) watch.foreignRequests.push(request.url());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) watch.errorResponses.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return watch;
}

export function screenshot(page: Page, name: string): Promise<void> {
  return saveScreenshot(page, 'ui', name);
}
