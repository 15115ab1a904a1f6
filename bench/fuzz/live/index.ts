/**
 * The live stages of the fuzz, against `hazrisk serve` in a child process with
 * the batch worker on (bench/fuzz/server.ts):
 *
 *  - limits       uploads just under and just over HAZRISK_UPLOAD_LIMIT, both
 *                 framings, `file` and other parts, several parts, truncated;
 *  - concurrency  a batch job computing alone, then with a handful of
 *                 near-limit uploads and API requests at once; /health judged;
 *  - slow         bodies and heads trickled in small pieces;
 *  - keepalive    many requests on one connection, pipelining, idle pauses
 *                 then reuse, heads with many header lines;
 *  - outputs      batch jobs over hostile-but-valid CSV text (small: the
 *                 xlsx-populate workbook writer; large: the streaming one),
 *                 every artefact downloaded and checked (strict CSV, XML of
 *                 every workbook part, HTML structure, Chromium).
 *
 * After the stages: the server is still up, /health answers, nothing reached
 * the process guard, no temporary upload file remains. Every failed check is a
 * finding with the command that replays its case.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../server.js';
import { type Finding, LiveContext, type LiveOptions, type Note } from './context.js';
import { HealthProbe, type HealthStats } from './health-probe.js';
import { runConcurrency } from './concurrency.js';
import { runKeepAlive } from './keepalive.js';
import { runLimits } from './limits.js';
import { runOutputs } from './outputs.js';
import { runSlow } from './slow.js';

export const STAGES = ['limits', 'concurrency', 'slow', 'keepalive', 'outputs'] as const;
export type StageName = (typeof STAGES)[number];

export interface LiveSummary {
  passed: boolean;
  stages: string[];
  durationMs: number;
  server: { env: Record<string, string>; rssStartMiB: number | null; rssEndMiB: number | null; peakRssMiB: number | null };
  health: HealthStats[];
  findings: Finding[];
  notes: Note[];
  facts: Record<string, Record<string, unknown>>;
  timings: Record<string, number>;
}

export interface LiveRunOptions extends Omit<LiveOptions, 'uploadLimit' | 'streamingRows'> {
  stages: StageName[];
  uploadLimit?: number;
  streamingRows?: number;
  apiDoc: string;
  log?: (line: string) => void;
}

const mib = (b: number | null): number | null => (b === null ? null : +(b / 1048576).toFixed(1));

export const LIVE_UPLOAD_LIMIT = 2 * 1024 * 1024;
export const LIVE_STREAMING_ROWS = 1000;

export async function runLive(options: LiveRunOptions): Promise<LiveSummary> {
  const log = options.log ?? console.log;
  const uploadLimit = options.uploadLimit ?? LIVE_UPLOAD_LIMIT;
  const streamingRows = options.streamingRows ?? LIVE_STREAMING_ROWS;
  const started = performance.now();
  const server: ServerProcess = await startServerProcess({
    env: {
      HAZRISK_UPLOAD_LIMIT: String(uploadLimit),
      HAZRISK_WORKBOOK_STREAMING_ROWS: String(streamingRows),
      // Errors only: the guard's lines and warnings are what the stages read; the access log would be most of the output.
      HAZRISK_ACCESS_LOG: 'errors',
    },
  });
  log(`live: hazrisk serve pid ${server.pid} on ${server.url} (batch worker on; HAZRISK_UPLOAD_LIMIT=${uploadLimit}, HAZRISK_WORKBOOK_STREAMING_ROWS=${streamingRows}), RSS ${mib(server.rssBytes())} MiB`);
  const probe = new HealthProbe(server.port);
  const ctx = new LiveContext(server, probe, { ...options, uploadLimit, streamingRows }, log);
  const rssStart = server.rssBytes();
  const timings: Record<string, number> = {};
  try {
    const run = async (name: StageName, fn: () => Promise<void>): Promise<void> => {
      if (!options.stages.includes(name)) return;
      const t0 = performance.now();
      log(`  stage ${name}`);
      try {
        await fn();
      } catch (err) {
        ctx.find(name, '(stage)', 'stage-error', `the stage itself failed: ${(err as Error).stack ?? err}`);
      }
      timings[name] = Math.round(performance.now() - t0);
    };
    await run('limits', async () => {
      probe.phase('limits');
      await runLimits(ctx, options.apiDoc);
    });
    await run('concurrency', () => runConcurrency(ctx));
    // Slow clients and idle keep-alive connections mostly wait: they run side by side.
    probe.phase('slow+keepalive');
    const t0 = performance.now();
    await Promise.all([run('slow', () => runSlow(ctx, options.apiDoc)), run('keepalive', () => runKeepAlive(ctx, options.apiDoc))]);
    timings['slow+keepalive'] = Math.round(performance.now() - t0);
    await run('outputs', () => runOutputs(ctx));
    probe.phase('final');
    // After everything: still up, nothing escaped, nothing left half-written.
    const health = await fetch(`${server.url}/health`).then((r) => r.status, (e: Error) => e.message);
    if (health !== 200) ctx.find('final', 'health', 'health', `/health after the stages: ${health}`);
    if (server.exited()) ctx.find('final', 'process', 'crash', `hazrisk serve exited (${server.exited()}):\n${server.stderr().slice(-3000)}`);
    const escaped = await ctx.escapedErrors();
    if (escaped !== null && escaped > 0 && !ctx.findings.some((f) => f.check === 'escape')) ctx.find('final', 'process', 'escape', `hazrisk_process_escaped_errors_total is ${escaped}:\n${ctx.escapeLines(0)}`);
    const leftovers = await ctx.leftoverTemporaries(2000);
    if (leftovers.length) ctx.find('final', 'uploads', 'temporary-file', `temporary upload files left after the stages: ${leftovers.join(', ')}`);
  } finally {
    await probe.stop();
  }
  const rssEnd = server.rssBytes();
  const peak = server.peakRssBytes();
  const errorLogs = server.logs.filter((l) => l.level >= 50 && !/kept running/.test(l.msg));
  if (errorLogs.length) ctx.note('final', `${errorLogs.length} error lines in the server log, first: ${errorLogs.slice(0, 3).map((l) => `${l.msg} ${(l.err ?? '').split('\n')[0]}`).join(' | ')}`);
  await server.close();
  const health = probe.phaseNames().map((p) => probe.stats(p));
  return {
    passed: ctx.findings.length === 0,
    stages: options.stages,
    durationMs: Math.round(performance.now() - started),
    server: { env: server.env, rssStartMiB: mib(rssStart), rssEndMiB: mib(rssEnd), peakRssMiB: mib(peak) },
    health,
    findings: ctx.findings,
    notes: ctx.notes,
    facts: ctx.facts,
    timings,
  };
}

export function printLive(s: LiveSummary, log: (line: string) => void = console.log): void {
  log(`\nlive stages (${s.stages.join(', ')}) in ${(s.durationMs / 1000).toFixed(1)} s: ${Object.entries(s.timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')}`);
  log(`server RSS ${s.server.rssStartMiB} → ${s.server.rssEndMiB} MiB, peak ${s.server.peakRssMiB} MiB`);
  log('/health latency by phase (ms):');
  for (const h of s.health) log(`  ${h.phase.padEnd(22)} n ${String(h.n).padStart(5)}  failed ${h.failed}  p50 ${h.p50}  p90 ${h.p90}  p99 ${h.p99}  max ${h.max}  (${h.seconds} s)`);
  if (s.notes.length) {
    log('notes:');
    for (const n of s.notes) log(`  [${n.stage}] ${n.text}`);
  }
  if (s.passed) {
    log('LIVE RESULT: pass');
    return;
  }
  const byCheck: Record<string, number> = {};
  for (const f of s.findings) byCheck[`${f.stage}/${f.check}`] = (byCheck[`${f.stage}/${f.check}`] ?? 0) + 1;
  log(`LIVE RESULT: FAIL — ${s.findings.length} findings: ${Object.entries(byCheck).map(([k, v]) => `${k}×${v}`).join(', ')}`);
  for (const f of s.findings) {
    log(`\n[${f.stage}/${f.check}] ${f.caseName}: ${f.detail}`);
    if (f.request) log(`  request:  ${f.request}`);
    if (f.response) log(`  response: ${f.response}`);
    log(`  replay:   ${f.replay}`);
  }
}

export function writeLive(file: string, s: LiveSummary): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
}
