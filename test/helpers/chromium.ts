import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Headless Chromium for browser tests: the Debian package at /usr/bin/chromium
 * (.ci/run installs it with apt-get when missing), driven by playwright-core
 * with the flags that keep it off the network.
 */
export const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Screenshots for review go under test-output/ (gitignored). */
const OUTPUT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test-output');

export function hasChromium(): boolean {
  return fs.existsSync(CHROMIUM);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** Save a full-page screenshot as test-output/<folder>/<name>.png. */
export async function saveScreenshot(page: Page, folder: string, name: string): Promise<void> {
  const dir = path.join(OUTPUT_ROOT, folder);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
