/**
 * The run's summary: cases and status classes per route, the overall status
 * and error-code histograms, failures by type, cases that were accepted (and
 * whether they changed state), server-side error logs, and duration — printed
 * as tables and kept as JSON.
 */
import os from 'node:os';
import type { Plan } from './gen/index.js';
import type { RunResult } from './run.js';
import type { ServerLog } from './target.js';

export interface RouteRow {
  cases: number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  closed: number;
  timeout: number;
  accepted: number;
  failures: number;
}

export interface Summary {
  passed: boolean;
  seed: number;
  cases: number;
  durationMs: number;
  machine: { node: string; cpus: number; cpuModel: string; platform: string };
  perRoute: Record<string, RouteRow>;
  statusHistogram: Record<string, number>;
  codeHistogram: Record<string, number>;
  kindHistogram: Record<string, number>;
  /** Raw malformed HTTP: what each family got (status, closed or timeout). */
  rawOutcomes: Record<string, Record<string, number>>;
  failureCounts: Record<string, number>;
  failures: RunResult['failures'];
  accepted: RunResult['accepted'];
  genericRoutes: string[];
  state: { rowsBefore: Record<string, number>; rowsAfter: Record<string, number>; filesBefore: number; filesAfter: number };
  serverErrors: { count: number; first: ServerLog[] };
  aborted: string | null;
}

const inc = (m: Record<string, number>, k: string, n = 1): void => void (m[k] = (m[k] ?? 0) + n);

export function summarize(seed: number, plan: Plan, run: RunResult, logs: ServerLog[]): Summary {
  const perRoute: Record<string, RouteRow> = {};
  const statusHistogram: Record<string, number> = {};
  const codeHistogram: Record<string, number> = {};
  const kindHistogram: Record<string, number> = {};
  const rawOutcomes: Record<string, Record<string, number>> = {};
  for (const r of run.results) {
    if (r.route === 'raw http') inc((rawOutcomes[r.kind] ??= {}), r.status === null ? r.outcome : String(r.status));
    const row = (perRoute[r.route] ??= { cases: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, closed: 0, timeout: 0, accepted: 0, failures: 0 });
    row.cases++;
    if (r.status !== null) {
      const cls = `${Math.floor(r.status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx';
      if (cls in row) row[cls]++;
      inc(statusHistogram, String(r.status));
    } else {
      if (r.outcome === 'closed') row.closed++;
      if (r.outcome === 'timeout') row.timeout++;
      inc(statusHistogram, r.outcome);
    }
    if (r.code) inc(codeHistogram, r.code);
    inc(kindHistogram, r.kind.replace(/:.*$/, '').replace(/\/.*$/, ''));
  }
  for (const a of run.accepted) if (perRoute[a.route]) perRoute[a.route]!.accepted++;
  const failureCounts: Record<string, number> = {};
  for (const f of run.failures) {
    inc(failureCounts, f.type);
    if (perRoute[f.route]) perRoute[f.route]!.failures++;
  }
  const errors = logs.filter((l) => l.level >= 50);
  return {
    passed: run.failures.length === 0 && !run.aborted,
    seed,
    cases: run.results.length,
    durationMs: run.durationMs,
    machine: { node: process.version, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', platform: `${process.platform}-${process.arch}` },
    perRoute,
    statusHistogram: Object.fromEntries(Object.entries(statusHistogram).sort()),
    codeHistogram: Object.fromEntries(Object.entries(codeHistogram).sort((a, b) => b[1] - a[1])),
    kindHistogram: Object.fromEntries(Object.entries(kindHistogram).sort((a, b) => b[1] - a[1])),
    rawOutcomes: Object.fromEntries(Object.entries(rawOutcomes).sort()),
    failureCounts,
    failures: run.failures,
    accepted: run.accepted,
    genericRoutes: plan.genericRoutes,
    state: { rowsBefore: run.rowsBefore, rowsAfter: run.rowsAfter, filesBefore: run.filesBefore, filesAfter: run.filesAfter },
    serverErrors: { count: errors.length, first: errors.slice(0, 20) },
    aborted: run.aborted,
  };
}

export function printSummary(s: Summary, log: (line: string) => void = console.log): void {
  const cols = ['cases', '2xx', '3xx', '4xx', '5xx', 'closed', 'timeout', 'accepted', 'failures'] as const;
  const width = Math.max(...Object.keys(s.perRoute).map((r) => r.length), 10);
  log(`\n${'route'.padEnd(width)} ${cols.map((c) => c.padStart(8)).join(' ')}`);
  const total: Record<string, number> = {};
  for (const [route, row] of Object.entries(s.perRoute).sort()) {
    log(`${route.padEnd(width)} ${cols.map((c) => String(row[c]).padStart(8)).join(' ')}`);
    for (const c of cols) inc(total, c, row[c]);
  }
  log(`${'total'.padEnd(width)} ${cols.map((c) => String(total[c] ?? 0).padStart(8)).join(' ')}`);
  log(`\nstatus histogram: ${Object.entries(s.statusHistogram).map(([k, v]) => `${k}×${v}`).join('  ')}`);
  log(`error codes: ${Object.entries(s.codeHistogram).map(([k, v]) => `${k}×${v}`).join('  ')}`);
  log(`families: ${Object.entries(s.kindHistogram).map(([k, v]) => `${k}×${v}`).join('  ')}`);
  log(`raw HTTP outcomes: ${Object.entries(s.rawOutcomes).map(([k, o]) => `${k} {${Object.entries(o).map(([x, n]) => `${x}×${n}`).join(' ')}}`).join('  ')}`);
  if (s.genericRoutes.length) log(`routes with generic generators only: ${s.genericRoutes.join(', ')}`);
  log(`state: rows ${JSON.stringify(s.state.rowsBefore)} → ${JSON.stringify(s.state.rowsAfter)}; files ${s.state.filesBefore} → ${s.state.filesAfter}`);
  const changed = s.accepted.filter((a) => a.stateChange.length > 0);
  log(`accepted (2xx on a case meant to be refused, or a state-changing success): ${s.accepted.length}${changed.length ? `, ${changed.length} changed state (excluded from the state check)` : ''}`);
  for (const a of s.accepted.slice(0, 15)) log(`  #${a.id} ${a.route} [${a.kind}] → ${a.status}${a.stateChange.length ? ` changed: ${a.stateChange.join('; ')}` : ''}`);
  log(`server error logs: ${s.serverErrors.count}`);
  for (const l of s.serverErrors.first.slice(0, 5)) log(`  [${l.level}] ${l.reqId ?? '-'} ${l.msg} ${(l.err ?? '').split('\n').slice(0, 2).join(' | ')}`);
  log(`duration ${(s.durationMs / 1000).toFixed(1)} s, ${s.cases} cases (${(s.cases / (s.durationMs / 1000)).toFixed(0)}/s), seed ${s.seed}, node ${s.machine.node}, ${s.machine.cpus} cpus`);
  if (s.failures.length === 0 && !s.aborted) {
    log('RESULT: pass — 0 × 5xx, every 4xx in the documented shape, no crash, /health up, no state change');
    return;
  }
  log(`RESULT: FAIL — ${Object.entries(s.failureCounts).map(([k, v]) => `${k}×${v}`).join(', ')}${s.aborted ? `; aborted: ${s.aborted}` : ''}`);
  const shown = new Set<string>();
  for (const f of s.failures) {
    const key = `${f.type}|${f.route}|${f.kind}|${f.detail.slice(0, 80)}`;
    if (shown.has(key) || shown.size >= 25) continue;
    shown.add(key);
    log(`\n[${f.type}] cases #${f.caseIds.slice(0, 10).join(', #')} ${f.route} [${f.kind}]: ${f.detail}`);
    const lines = f.request.split('\n');
    log(`  request:  ${lines.slice(0, 6).join('\n            ')}${lines.length > 6 ? `\n            … ${lines.length - 6} more` : ''}`);
    if (f.response) log(`  response: ${f.response}`);
    if (f.reproFile) log(`  bytes:    ${f.reproFile}`);
  }
}
