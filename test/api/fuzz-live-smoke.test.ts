import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, describe, it } from '../helpers/harness.js';
import type { Finding } from '../../bench/fuzz/live/context.js';
import { runLive, type LiveSummary } from '../../bench/fuzz/live/index.js';

/**
 * The live stages of `npm run fuzz` (bench/fuzz/live/, issue 30) in miniature,
 * against `hazrisk serve` (dist/) in a child process with its batch worker on:
 * uploads just under and just over a 2 MiB HAZRISK_UPLOAD_LIMIT, with the part
 * named `file` and not, with Content-Length and chunked; then one small
 * in-depth job whose schedule holds every hostile text atom (control
 * characters, noncharacters, quotes, formula triggers, markup, unicode), its
 * results CSV read as strict RFC 4180 with every location and tag echoed
 * exactly, its xlsx-populate workbook's XML parts well-formed with the text
 * intact, and its report loading (in Chromium when present); and a schedule
 * with a `"` inside unquoted fields, refused naming those rows or echoed
 * literally.
 */
const SEED = 30;
const API_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');

let live: LiveSummary;

before(
  async () => {
    live = await runLive({ seed: SEED, stages: ['limits', 'outputs'], only: null, mini: true, idleSeconds: 14, healthP99Ms: 100, healthMaxMs: 1000, browser: true, apiDoc: API_DOC, log: () => undefined });
  },
  { timeout: 300_000 },
);

function explain(findings: Finding[]): string {
  return findings
    .slice(0, 6)
    .map((f) => `[${f.stage}/${f.check}] ${f.caseName}: ${f.detail.slice(0, 700)}${f.request ? `\n  request: ${f.request.slice(0, 300)}` : ''}${f.response ? `\n  response: ${f.response.slice(0, 300)}` : ''}\n  replay: ${f.replay}`)
    .join('\n');
}

const findingsOf = (stage: string, ...checks: string[]): Finding[] => live.findings.filter((f) => f.stage === stage && (checks.length === 0 || checks.includes(f.check)));

describe(`fuzz live smoke (bench/fuzz/live, seed ${SEED}, miniature)`, () => {
  it('uploads at the limit: accepted under it, refused over it in the documented shape, nothing escapes, nothing left behind', () => {
    const found = findingsOf('limits');
    assert.equal(found.length, 0, explain(found));
    const answers = live.facts.limits?.answers as Record<string, string>;
    assert.match(answers['length-file-under']!, /^200/);
    assert.match(answers['chunked-file-over']!, /^4\d\d/);
  });

  it('a small batch job over hostile text: strict results CSV echoing every text exactly', () => {
    const found = findingsOf('outputs').filter((f) => f.caseName === 'small-in-depth' && /^(csv|job|links|download|upload|submit)/.test(f.check));
    assert.equal(found.length, 0, explain(found));
    assert.ok(live.facts.outputs?.['small-in-depth csv'], 'the small job ran and its CSV was read');
  });

  it('its workbook (xlsx-populate writer) is a ZIP of well-formed XML parts holding the text as written', () => {
    const found = findingsOf('outputs').filter((f) => f.caseName === 'small-in-depth' && /^(xlsx|workbook)/.test(f.check));
    assert.equal(found.length, 0, explain(found));
    assert.match(String(live.facts.outputs?.['small-in-depth writer']), /^xlsx-populate/);
  });

  it('its report is a well-formed page that loads without errors (in Chromium when present)', () => {
    const found = findingsOf('outputs').filter((f) => f.caseName === 'small-in-depth' && /^html/.test(f.check));
    assert.equal(found.length, 0, explain(found));
  });

  it('a " inside unquoted CSV fields is refused naming the rows, or taken literally — never merges rows', () => {
    const found = findingsOf('outputs').filter((f) => f.caseName === 'stray-quote');
    assert.equal(found.length, 0, explain(found));
  });

  it('the server stays up and nothing reaches the process guard', () => {
    const found = live.findings.filter((f) => f.stage === 'final' || f.check === 'escape' || f.check === 'stage-error');
    assert.equal(found.length, 0, explain(found));
  });
});
