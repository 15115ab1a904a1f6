/**
 * Runs the cases against a target and judges each answer. Well-formed
 * requests go one at a time, with the state (every table, every file) checked
 * after each, so a change is pinned to the request that made it; malformed
 * framing goes in concurrent batches with a short timeout (a server may
 * rightly never answer those), state checked per batch. /health is probed
 * every `healthEvery` requests and after every batch. Any escape of an error
 * to the process (uncaughtException, unhandledRejection) is a crash. The batch
 * worker runs: a case that was accepted and changed state (a job submitted)
 * is let finish (`target.settle()`) before the next baseline is taken.
 */
import fs from 'node:fs';
import path from 'node:path';
import { caseBytes, caseMethod, describeCase, type FuzzCase } from './cases.js';
import { documentedCodes, decodeBody, errorShapeProblems } from './shape.js';
import { diffState, rowCounts, snapshot, type StateSnapshot } from './state.js';
import type { FuzzTarget } from './target.js';
import { exchange, preview, type WireOutcome } from './wire.js';

export interface RunOptions {
  apiDoc: string;
  seqTimeoutMs?: number;
  batchTimeoutMs?: number;
  batchSize?: number;
  healthEvery?: number;
  /** Where the exact bytes of failing requests are written (none when null). */
  failDir?: string | null;
  onProgress?: (done: number, total: number) => void;
}

export type Outcome = 'response' | 'closed' | 'timeout' | 'refused';

export interface CaseResult {
  id: number;
  route: string;
  kind: string;
  expect: FuzzCase['expect'];
  lane: FuzzCase['lane'];
  outcome: Outcome;
  status: number | null;
  code: string | null;
  ms: number;
}

export type FailureType = '5xx' | 'shape' | 'state' | 'crash' | 'health' | 'no_response';

export interface Failure {
  type: FailureType;
  caseIds: number[];
  route: string;
  kind: string;
  detail: string;
  request: string;
  response: string;
  reproFile: string | null;
}

export interface Accepted {
  id: number;
  route: string;
  kind: string;
  status: number;
  expect: FuzzCase['expect'];
  stateChange: string[];
}

export interface RunResult {
  results: CaseResult[];
  failures: Failure[];
  /** Cases meant to be refused that succeeded, and successes that changed state (excluded from the state check). */
  accepted: Accepted[];
  durationMs: number;
  rowsBefore: Record<string, number>;
  rowsAfter: Record<string, number>;
  filesBefore: number;
  filesAfter: number;
  aborted: string | null;
}

const MUTATING = new Set(['POST', 'DELETE', 'PUT', 'PATCH']);

export async function runCases(target: FuzzTarget, cases: readonly FuzzCase[], options: RunOptions): Promise<RunResult> {
  const codes = documentedCodes(options.apiDoc);
  const seqTimeout = options.seqTimeoutMs ?? 60_000;
  const batchTimeout = options.batchTimeoutMs ?? 2_000;
  const batchSize = options.batchSize ?? 40;
  const healthEvery = options.healthEvery ?? 100;
  const started = performance.now();
  const results: CaseResult[] = [];
  const failures: Failure[] = [];
  const accepted: Accepted[] = [];
  const crashes: string[] = [];
  const onCrash = (err: unknown): void => void crashes.push(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const initial = snapshot(target.db, target.dataDir);
  let baseline: StateSnapshot = initial;
  let aborted: string | null = null;

  const fail = (type: FailureType, list: FuzzCase[], detail: string, outcome?: WireOutcome): void => {
    const first = list[0]!;
    const bytes = caseBytes(first, target.tokens);
    let reproFile: string | null = null;
    if (options.failDir && list.length === 1) {
      fs.mkdirSync(options.failDir, { recursive: true });
      reproFile = path.join(options.failDir, `case-${first.id}.http`);
      fs.writeFileSync(reproFile, bytes);
    }
    const response = outcome?.kind === 'response' ? preview(Buffer.concat([Buffer.from(`${outcome.response.head}\r\n\r\n`, 'latin1'), outcome.response.body]), 800) : (outcome?.kind ?? '');
    // A batch runs concurrently: its failure belongs to the batch, not to the first case in it.
    const route = list.length > 1 ? `batch of ${list.length} malformed requests` : first.route;
    const request = list.length > 1 ? `cases ${list.map(describeCase).join('\n')}` : `${describeCase(first)}\n${preview(bytes, 800)}`;
    failures.push({ type, caseIds: list.map((c) => c.id), route, kind: list.length > 1 ? 'batch' : first.kind, detail, request, response, reproFile });
  };

  /** Judge one answer; returns the status when there was one. */
  const judge = (c: FuzzCase, outcome: WireOutcome): CaseResult => {
    const status = outcome.kind === 'response' ? outcome.response.status : null;
    let code: string | null = null;
    if (outcome.kind === 'response' && status !== null && status >= 400) {
      const decoded = caseMethod(c) === 'HEAD' ? null : decodeBody(outcome.response);
      const error = decoded?.ok ? (decoded.value as { error?: { code?: unknown } } | null)?.error : undefined;
      code = typeof error?.code === 'string' ? error.code : null;
      if (status >= 500) fail('5xx', [c], `HTTP ${status} ${code ?? ''}`.trim(), outcome);
      else {
        const problems = errorShapeProblems(outcome.response, caseMethod(c), codes);
        if (problems.length > 0) fail('shape', [c], problems.join('; '), outcome);
      }
    }
    if (outcome.kind === 'refused') fail('health', [c], `connection refused (${outcome.message}): the server is gone`, outcome);
    else if (c.lane === 'seq' && (outcome.kind === 'closed' || outcome.kind === 'timeout')) fail('no_response', [c], `well-formed request got no answer (${outcome.kind} after ${outcome.ms} ms)`, outcome);
    return { id: c.id, route: c.route, kind: c.kind, expect: c.expect, lane: c.lane, outcome: outcome.kind, status, code, ms: outcome.ms };
  };

  const settledDiff = async (): Promise<{ diff: string[]; now: StateSnapshot }> => {
    let now = snapshot(target.db, target.dataDir);
    let diff = diffState(baseline, now);
    for (let i = 0; diff.length > 0 && i < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      now = snapshot(target.db, target.dataDir);
      diff = diffState(baseline, now);
    }
    return { diff, now };
  };

  const checkCrash = (list: FuzzCase[], before: number): void => {
    if (crashes.length > before) fail('crash', list, `escaped to the process: ${crashes.slice(before).join('\n---\n').slice(0, 3000)}`);
  };

  const health = async (after: FuzzCase): Promise<boolean> => {
    const probe = await exchange(Buffer.from('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), { port: target.port, head: false, timeoutMs: 15_000 });
    if (probe.kind === 'response' && probe.response.status === 200) return true;
    fail('health', [after], `/health stopped answering 200 (${probe.kind}${probe.kind === 'response' ? ` ${probe.response.status}` : ''})`, probe);
    aborted = `/health stopped answering after case #${after.id}`;
    return false;
  };

  const runSeq = async (c: FuzzCase): Promise<void> => {
    const crashesBefore = crashes.length;
    const outcome = await exchange(caseBytes(c, target.tokens), { port: target.port, head: caseMethod(c) === 'HEAD', timeoutMs: seqTimeout });
    const result = judge(c, outcome);
    results.push(result);
    const ok2xx = result.status !== null && result.status >= 200 && result.status < 300;
    const { diff, now } = await settledDiff();
    if (diff.length > 0) {
      if (ok2xx && MUTATING.has(caseMethod(c))) {
        accepted.push({ id: c.id, route: c.route, kind: c.kind, status: result.status!, expect: c.expect, stateChange: diff });
        // A job it submitted runs on the worker: let it finish before the next baseline, so its files are not blamed on later cases.
        await target.settle();
        baseline = snapshot(target.db, target.dataDir);
      } else {
        fail('state', [c], `state changed: ${diff.join('; ')}`, outcome);
        baseline = now;
      }
    } else if (ok2xx && c.expect === 'reject') {
      accepted.push({ id: c.id, route: c.route, kind: c.kind, status: result.status!, expect: c.expect, stateChange: [] });
    }
    checkCrash([c], crashesBefore);
  };

  const runBatch = async (batch: FuzzCase[]): Promise<void> => {
    const crashesBefore = crashes.length;
    const outcomes = await Promise.all(batch.map((c) => exchange(caseBytes(c, target.tokens), { port: target.port, head: caseMethod(c) === 'HEAD', timeoutMs: batchTimeout })));
    batch.forEach((c, i) => {
      const result = judge(c, outcomes[i]!);
      results.push(result);
      if (result.status !== null && result.status >= 200 && result.status < 300 && c.expect === 'reject') accepted.push({ id: c.id, route: c.route, kind: c.kind, status: result.status, expect: c.expect, stateChange: [] });
    });
    const { diff, now } = await settledDiff();
    if (diff.length > 0) {
      fail('state', batch, `state changed during a batch of ${batch.length} malformed requests (#${batch.map((c) => c.id).join(', #')}): ${diff.join('; ')}`);
      baseline = now;
    }
    checkCrash(batch, crashesBefore);
  };

  try {
    let pending: FuzzCase[] = [];
    let sinceHealth = 0;
    for (const c of cases) {
      if (c.lane === 'batch') {
        pending.push(c);
        if (pending.length >= batchSize) {
          await runBatch(pending);
          if (!(await health(pending.at(-1)!))) break;
          pending = [];
        }
      } else {
        await runSeq(c);
        if (++sinceHealth >= healthEvery) {
          sinceHealth = 0;
          if (!(await health(c))) break;
        }
      }
      options.onProgress?.(results.length, cases.length);
    }
    if (!aborted && pending.length > 0) {
      await runBatch(pending);
      await health(pending.at(-1)!);
    }
    // Anything that lands late (a file written after its response) still counts.
    await new Promise((r) => setTimeout(r, 500));
    const final = snapshot(target.db, target.dataDir);
    const late = diffState(baseline, final);
    if (late.length > 0 && cases.length > 0) fail('state', [cases.at(-1)!], `state changed after the last check: ${late.join('; ')}`);
    return {
      results,
      failures,
      accepted,
      durationMs: Math.round(performance.now() - started),
      rowsBefore: rowCounts(initial),
      rowsAfter: rowCounts(final),
      filesBefore: Object.keys(initial.files).length,
      filesAfter: Object.keys(final.files).length,
      aborted,
    };
  } finally {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  }
}
