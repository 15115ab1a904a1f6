/**
 * Does an HTML report load? Two levels:
 *  - structure (always): UTF-8, `<!DOCTYPE html>` first, exactly one html,
 *    head and body element (start and end tags, in that order), counted
 *    outside comments and the raw text of script, style, textarea and title —
 *    so echoed user text that opened or closed an element shows up here;
 *  - a browser (when Chromium is present: HAZRISK_CHROMIUM, /usr/bin/chromium,
 *    or chromium on PATH, as in test/helpers/chromium.ts): the page opened
 *    headless at its URL must raise no page error, log no console error, open
 *    no dialog (injected script) and request nothing but itself.
 */
import type { Browser } from 'playwright-core';
import { chromiumPath, launchBrowser } from '../../../test/helpers/chromium.js';

export function checkHtmlStructure(bytes: Uint8Array): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return ['not UTF-8'];
  }
  const problems: string[] = [];
  if (!/^\uFEFF?\s*<!doctype html\s*>/i.test(text)) problems.push(`does not start with <!DOCTYPE html> (starts ${JSON.stringify(text.slice(0, 40))})`);
  const events: string[] = [];
  const RAW = new Set(['script', 'style', 'textarea', 'title']);
  let i = 0;
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)>/y;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      if (end < 0) {
        problems.push(`comment opened at ${lt} is never closed`);
        break;
      }
      i = end + 3;
      continue;
    }
    tag.lastIndex = lt;
    const m = tag.exec(text);
    if (!m) {
      i = lt + 1;
      continue;
    }
    const name = m[2]!.toLowerCase();
    i = tag.lastIndex;
    if (m[1] === '') {
      if (['html', 'head', 'body'].includes(name)) events.push(name);
      if (RAW.has(name) && !m[3]!.endsWith('/')) {
        const close = text.toLowerCase().indexOf(`</${name}`, i);
        if (close < 0) {
          problems.push(`<${name}> opened at ${lt} is never closed`);
          break;
        }
        i = close;
      }
    } else if (['html', 'head', 'body'].includes(name)) events.push(`/${name}`);
  }
  const expected = ['html', 'head', '/head', 'body', '/body', '/html'];
  if (events.join(' ') !== expected.join(' ')) problems.push(`html/head/body tags ${JSON.stringify(events.slice(0, 20))}${events.length > 20 ? '…' : ''}, expected ${JSON.stringify(expected)}`);
  return problems;
}

export interface BrowserCheck {
  available: boolean;
  /** Why there is no browser (when not available). */
  reason: string | null;
  /** Problems loading `url` (empty when it loaded cleanly). */
  open(url: string): Promise<string[]>;
  close(): Promise<void>;
}

export function browserCheck(): BrowserCheck {
  const found = chromiumPath();
  let browser: Promise<Browser> | null = null;
  return {
    available: found !== null,
    reason: found ? null : 'no Chromium found (HAZRISK_CHROMIUM, /usr/bin/chromium, chromium or chromium-browser on PATH)',
    async open(url) {
      browser ??= launchBrowser();
      const page = await (await browser).newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('dialog', (dialog) => {
        problems.push(`a dialog opened (injected script ran?): ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('request', (request) => {
        if (request.url() !== url && !request.url().startsWith('data:')) problems.push(`requested ${request.url()}`);
      });
      try {
        const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
        if (!response || response.status() !== 200) problems.push(`answered ${response?.status() ?? 'nothing'}`);
        // Let the report's script run its first tasks (charts, map) before judging.
        await page.waitForTimeout(100);
      } catch (err) {
        problems.push(`did not load: ${(err as Error).message.split('\n')[0]}`);
      } finally {
        await page.close().catch(() => undefined);
      }
      return problems;
    },
    async close() {
      if (browser) await (await browser).close().catch(() => undefined);
    },
  };
}
