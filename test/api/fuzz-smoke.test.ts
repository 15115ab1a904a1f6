import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from '../helpers/harness.js';
import { planCases, type Plan } from '../../bench/fuzz/gen/index.js';
import { runCases, type Failure, type FailureType, type RunResult } from '../../bench/fuzz/run.js';
import { startFuzzTarget, type FuzzTarget } from '../../bench/fuzz/target.js';

/**
 * The fuzzer of `npm run fuzz` (bench/fuzz.ts, issue 20) in miniature: 300
 * malformed and adversarial requests from a fixed seed, spread over every
 * route of the router, raw malformed HTTP and unrouted paths, against an
 * in-process service with its batch worker running (set-up jobs complete
 * before the first case). None may get a 5xx, every 4xx must be in the
 * documented error shape (docs/api.md), the server must stay up, and nothing
 * may change in the database or the data dir. The live stages (uploads at the
 * limit, batch outputs over hostile text) have their miniature in
 * fuzz-live-smoke.test.ts.
 */
const SEED = 20;
const CASES = 300;
const API_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/api.md');

let target: FuzzTarget;
let plan: Plan;
let run: RunResult;

before(
  async () => {
    target = await startFuzzTarget();
    plan = planCases(target.routes, SEED, CASES);
    run = await runCases(target, plan.cases, { apiDoc: API_DOC, failDir: null });
  },
  { timeout: 600_000 },
);
after(() => target?.close());

function explain(failures: Failure[]): string {
  return failures
    .slice(0, 5)
    .map((f) => `[${f.type}] #${f.caseIds.join(', #')} ${f.route} [${f.kind}]: ${f.detail}\n  ${f.request.slice(0, 400)}\n  → ${f.response.slice(0, 300)}`)
    .join('\n');
}

const failuresOf = (...types: FailureType[]): Failure[] => run.failures.filter((f) => types.includes(f.type));

describe(`fuzz smoke (bench/fuzz, ${CASES} cases, seed ${SEED})`, () => {
  it('sends cases to every route in the router, raw HTTP and unrouted paths', () => {
    assert.equal(run.results.length, CASES);
    const hit = new Set(run.results.map((r) => r.route));
    for (const route of target.routes) assert.ok(hit.has(`${route.method} ${route.path}`), `no case for ${route.method} ${route.path}`);
    assert.ok(hit.has('raw http') && hit.has('unrouted'));
  });

  it('answers no request with a 5xx', () => {
    const found = failuresOf('5xx');
    assert.equal(found.length, 0, explain(found));
  });

  it('answers every 4xx in the documented error shape', () => {
    const found = failuresOf('shape');
    assert.equal(found.length, 0, explain(found));
    assert.ok(run.results.filter((r) => r.status !== null && r.status >= 400 && r.status < 500).length > CASES / 2, 'most cases are refused');
  });

  it('stays up: nothing escapes to the process, /health answers, every well-formed request is answered', () => {
    const found = failuresOf('crash', 'health', 'no_response');
    assert.equal(found.length, 0, explain(found));
    assert.equal(run.aborted, null);
  });

  it('changes nothing in the database or the data dir', () => {
    const found = failuresOf('state');
    assert.equal(found.length, 0, explain(found));
    const excluded = run.accepted.filter((a) => a.stateChange.length > 0);
    assert.deepEqual(excluded, [], 'no case was valid enough to change state');
    assert.deepEqual(run.rowsAfter, run.rowsBefore);
    assert.equal(run.filesAfter, run.filesBefore);
  });
});
