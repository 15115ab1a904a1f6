import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Headless Chromium for browser tests: HAZRISK_CHROMIUM, else Debian's
 * /usr/bin/chromium, else `chromium` or `chromium-browser` on PATH (.ci/run
 * installs the Debian package), driven by playwright-core with the flags that
 * keep it off the network.
 *
 * Without a browser the browser tests skip, each with the reason, and the
 * summary counts them. With HAZRISK_REQUIRE_BROWSER=1 (CI) they do not skip:
 * they run and fail at launch, naming what is missing.
 */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Screenshots for review go under test-output/ (gitignored). */
const OUTPUT_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../test-output');

function onPath(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export function chromiumPath(): string | null {
  const configured = process.env.HAZRISK_CHROMIUM;
  if (configured) return fs.existsSync(configured) ? configured : null;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return onPath('chromium') ?? onPath('chromium-browser');
}

const found = chromiumPath();
const required = process.env.HAZRISK_REQUIRE_BROWSER === '1';
const missing = `no Chromium found (HAZRISK_CHROMIUM, /usr/bin/chromium, chromium or chromium-browser on PATH; apt-get install chromium)`;

/** `skip` option for a browser test: false when it can run (or must, in CI), else the reason it did not. */
export function browserSkip(what: string): string | false {
  if (found || required) return false;
  return `${missing}: ${what} was NOT tested in a browser`;
}

export function launchBrowser(): Promise<Browser> {
  if (!found) throw new Error(`${missing}${required ? ', and HAZRISK_REQUIRE_BROWSER=1 requires one' : ''}`);
  return chromium.launch({ executablePath: found, args: ARGS });
}

/** Save a full-page screenshot as test-output/<folder>/<name>.png. */
export async function saveScreenshot(page: Page, folder: string, name: string): Promise<void> {
  const dir = path.join(OUTPUT_ROOT, folder);
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
