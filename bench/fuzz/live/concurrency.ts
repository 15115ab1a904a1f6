/**
 * Concurrency: is the server still responsive while it works?
 *
 *  1. batch-compute: a coordinates-only job (30,000 rows × 3 perils, three
 *     chunks) computes alone; then its artefacts build. /health is probed
 *     every 50 ms from a worker thread throughout.
 *  2. concurrency: a Lite job of the same size computes while rounds of a
 *     handful of near-limit uploads (both framings) and API requests (v2
 *     in-depth, daily, Lite by coordinates and by place name, job list and
 *     status) are sent all at once, each on its own connection.
 *
 * Judged: every /health probe answers 200, p99 ≤ --health-p99 ms and max ≤
 * --health-max ms in each phase (the batch worker computes in slices with
 * yields so the server stays responsive, docs/batch.md "Processing"); every
 * request is answered with 200 — or refused for load in the documented shape
 * (429 or 503, noted); no 5xx; the server's RSS during the round stays within
 * RSS_GROWTH_MIB of where it started; nothing escapes; both jobs complete.
 */
import { exchange, preview } from '../wire.js';
import { chunked, coordinateCsv, hashSeed, type LiveContext, multipartBody, requestHead, rng } from './context.js';
import { percentile } from './health-probe.js';

const STAGE = 'concurrency';
/** RSS a round of the concurrency phase may add (a handful of uploads at the limit; the probe saw 2.2 GB for 40). */
export const RSS_GROWTH_MIB = 512;

interface Sent {
  label: string;
  bytes: Buffer;
}

export async function submitJob(ctx: LiveContext, route: 'in-depth' | 'lite', csv: Buffer, body: Record<string, unknown>, filename = 'load.csv'): Promise<{ jobId: string | null; problem: string | null }> {
  const form = new FormData();
  form.set('file', new Blob([csv], { type: 'text/csv' }), filename);
  const up = await fetch(`${ctx.url}/v1/${route}/batch/upload`, { method: 'POST', body: form, headers: { 'x-api-key': ctx.server.key } });
  const upBody = (await up.json()) as { file_id?: string };
  if (up.status !== 200 || !upBody.file_id) return { jobId: null, problem: `upload answered ${up.status}: ${JSON.stringify(upBody).slice(0, 1500)}` };
  const res = await fetch(`${ctx.url}/v1/${route}/batch`, { method: 'POST', headers: { 'x-api-key': ctx.server.key, 'content-type': 'application/json' }, body: JSON.stringify({ file_id: upBody.file_id, ...body }) });
  const job = (await res.json()) as { job_id?: string };
  if (res.status !== 200 || !job.job_id) return { jobId: null, problem: `submit answered ${res.status}: ${JSON.stringify(job).slice(0, 1500)}` };
  return { jobId: job.job_id, problem: null };
}

export interface JobStatus {
  status: string;
  progress_percentage: number;
  result_url: string | null;
  report_url: string | null;
  workbook_url: string | null;
  error?: unknown;
  [k: string]: unknown;
}

/** Poll until the job is finished; `onProgress` sees every status. No deadline but `timeoutMs`. */
export async function waitJob(ctx: LiveContext, route: 'in-depth' | 'lite', jobId: string, timeoutMs = 300_000, onStatus?: (s: JobStatus) => void): Promise<JobStatus> {
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${ctx.url}/v1/${route}/batch/${jobId}`, { headers: { 'x-api-key': ctx.server.key } });
    const status = (await res.json()) as JobStatus;
    onStatus?.(status);
    if (['complete', 'failed', 'cancelled'].includes(status.status)) return status;
    if (performance.now() - started > timeoutMs) return { ...status, status: `still ${status.status} after ${timeoutMs} ms` };
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function judgeHealth(ctx: LiveContext, stage: string, phase: string): Promise<void> {
  await ctx.probe.collect();
  const stats = ctx.probe.stats(phase);
  const failed = ctx.probe.samplesOf(phase).filter((s) => s.ms === null);
  ctx.log(`    /health during ${phase}: n ${stats.n}, p50 ${stats.p50} ms, p99 ${stats.p99} ms, max ${stats.max} ms, failed ${stats.failed} (${stats.seconds} s)`);
  ctx.fact(stage, `health ${phase}`, stats);
  if (stats.n === 0) return;
  const slow = ctx.probe.samplesOf(phase).filter((s) => s.ms !== null && s.ms > ctx.options.healthP99Ms).map((s) => Math.round(s.ms!));
  if (failed.length) ctx.find(stage, phase, 'health', `${failed.length} of ${stats.n} /health probes failed: ${[...new Set(failed.map((f) => f.error))].join('; ')}`);
  if (stats.p99 > ctx.options.healthP99Ms || stats.max > ctx.options.healthMaxMs) {
    ctx.find(stage, phase, 'health-latency', `/health p99 ${stats.p99} ms (bound ${ctx.options.healthP99Ms}), max ${stats.max} ms (bound ${ctx.options.healthMaxMs}) over ${stats.n} probes in ${stats.seconds} s; p50 ${stats.p50}, p90 ${stats.p90}; probes over ${ctx.options.healthP99Ms} ms: ${slow.length} (${slow.slice(0, 20).join(', ')}${slow.length > 20 ? ', …' : ''} ms)`);
  }
}

export async function runConcurrency(ctx: LiveContext): Promise<void> {
  const random = rng(hashSeed(ctx.options.seed, STAGE));
  // 30,000 rows × 3 perils (three chunks) compute for a few seconds: enough /health probes (every 50 ms) for a p99.
  const rows = ctx.options.mini ? 3000 : 30_000;
  const loadCsv = (tag: string, n: number): Buffer => coordinateCsv(n * 46, random, tag);
  const key = ctx.server.key;

  // 1. A job computing alone.
  if (ctx.wants('batch-compute') || ctx.wants('batch-artefacts')) {
    const { jobId, problem } = await submitJob(ctx, 'in-depth', loadCsv('c', rows), { perils: ['Earthquake', 'Rain', 'TropicalCyclone'] });
    if (!jobId) return void ctx.find(STAGE, 'batch-compute', 'submit', `the load job could not be submitted: ${problem}`);
    ctx.probe.phase('batch-compute');
    let phase = 'batch-compute';
    const done = await waitJob(ctx, 'in-depth', jobId, 300_000, (s) => {
      if (phase === 'batch-compute' && s.progress_percentage >= 99) ctx.probe.phase((phase = 'batch-artefacts'));
    });
    ctx.probe.phase('between');
    if (done.status !== 'complete') ctx.find(STAGE, 'batch-compute', 'job', `the load job ended ${JSON.stringify(done).slice(0, 800)}`);
    await judgeHealth(ctx, STAGE, 'batch-compute');
    await judgeHealth(ctx, STAGE, 'batch-artefacts');
  }

  // 2. Uploads and requests at once while a job computes.
  if (!ctx.wants('concurrency')) return;
  const escapedBefore = (await ctx.escapedErrors()) ?? 0;
  const guardBefore = ctx.server.escapes().length;
  const { jobId, problem } = await submitJob(ctx, 'lite', loadCsv('l', rows / 2), {});
  if (!jobId) return void ctx.find(STAGE, 'concurrency', 'submit', `the Lite load job could not be submitted: ${problem}`);
  const rssBefore = ctx.server.rssBytes() ?? 0;
  let rssPeak = rssBefore;
  const rssTimer = setInterval(() => void (rssPeak = Math.max(rssPeak, ctx.server.rssBytes() ?? 0)), 100);
  ctx.probe.phase('concurrency');
  const uploads = ctx.options.mini ? 2 : 6;
  const rounds = ctx.options.mini ? 1 : 3;
  const json = (target: string, body: unknown): Buffer => {
    const b = Buffer.from(JSON.stringify(body));
    return Buffer.concat([requestHead('POST', target, [['X-API-Key', key], ['Content-Type', 'application/json']], 'length', b.length), b]);
  };
  const get = (target: string): Buffer => requestHead('GET', target, [['X-API-Key', key]], 'none');
  const statuses: Record<string, number> = {};
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const sent: Sent[] = [];
    for (let u = 0; u < uploads; u++) {
      const boundary = `fuzzCONC${round}x${u}`;
      const body = multipartBody(boundary, [{ name: 'file', filename: `c${round}-${u}.csv`, type: 'text/csv', content: coordinateCsv(ctx.options.uploadLimit - 4096 - Math.floor(random() * 4096), random, `r${round}u${u}-`) }]);
      const headers: [string, string][] = [['X-API-Key', key], ['Content-Type', `multipart/form-data; boundary=${boundary}`]];
      const framing = u % 2 === 0 ? 'length' : 'chunked';
      const route = u % 3 === 0 ? '/v1/lite/batch/upload' : '/v1/in-depth/batch/upload';
      sent.push({ label: `upload ${u} (${framing}, ${body.length} bytes)`, bytes: framing === 'length' ? Buffer.concat([requestHead('POST', route, headers, 'length', body.length), body]) : Buffer.concat([requestHead('POST', route, headers, 'chunked'), chunked(body, [65_536, 16_384, 100_000])]) });
    }
    sent.push({ label: 'POST /v2/in-depth', bytes: json('/v2/in-depth', { perils: ['Earthquake', 'TropicalCyclone', 'Rain'], events: Array.from({ length: 5 }, (_, i) => ({ latitude: 10 + i * 7, longitude: -60 + i * 11 })) }) });
    sent.push({ label: 'POST /v1/in-depth/daily', bytes: json('/v1/in-depth/daily', { perils: ['Rain'], events: [{ latitude: 51.5, longitude: -0.12, start_date: '2027-07-01', end_date: '2027-07-07' }] }) });
    sent.push({ label: 'GET /v1/lite (coordinates)', bytes: get('/v1/lite?latitude=25.76&longitude=-80.19') });
    sent.push({ label: 'GET /v1/lite (place name)', bytes: get('/v1/lite?location=London,%20UK&tag=conc') });
    sent.push({ label: 'GET /v1/jobs', bytes: get('/v1/jobs') });
    sent.push({ label: 'GET /v1/lite/batch/:job_id', bytes: get(`/v1/lite/batch/${jobId}`) });
    const t0 = performance.now();
    const outcomes = await Promise.all(sent.map((s) => exchange(s.bytes, { port: ctx.port, head: false, timeoutMs: 60_000 })));
    times.push(performance.now() - t0);
    outcomes.forEach((o, i) => {
      const s = sent[i]!;
      const caseName = 'concurrency';
      if (o.kind !== 'response') {
        statuses[o.kind] = (statuses[o.kind] ?? 0) + 1;
        return ctx.find(STAGE, caseName, 'no-answer', `round ${round + 1}: ${s.label} got no answer (${o.kind} after ${o.ms} ms)`, { request: s.label });
      }
      const st = o.response.status;
      statuses[st] = (statuses[st] ?? 0) + 1;
      const response = preview(Buffer.concat([Buffer.from(`${o.response.head}\r\n\r\n`, 'latin1'), o.response.body]), 500);
      if (st === 429 || st === 503) ctx.note(STAGE, `round ${round + 1}: ${s.label} refused for load: ${st}`);
      else if (st >= 500) ctx.find(STAGE, caseName, '5xx', `round ${round + 1}: ${s.label} → HTTP ${st}`, { request: s.label, response });
      else if (st !== 200) ctx.find(STAGE, caseName, 'refused', `round ${round + 1}: ${s.label} → HTTP ${st} (a valid request under load)`, { request: s.label, response });
    });
  }
  const done = await waitJob(ctx, 'lite', jobId);
  clearInterval(rssTimer);
  ctx.probe.phase('between');
  if (done.status !== 'complete') ctx.find(STAGE, 'concurrency', 'job', `the Lite load job ended ${JSON.stringify(done).slice(0, 800)}`);
  const escapedAfter = (await ctx.escapedErrors()) ?? 0;
  if (escapedAfter > escapedBefore) ctx.find(STAGE, 'concurrency', 'escape', `${escapedAfter - escapedBefore} error(s) escaped to the process guard:\n${ctx.escapeLines(guardBefore)}`);
  const growth = (rssPeak - rssBefore) / 1048576;
  ctx.log(`    ${rounds} rounds of ${uploads} uploads + 6 requests: ${JSON.stringify(statuses)}; round time p50 ${(percentile([...times].sort((a, b) => a - b), 50) / 1000).toFixed(2)} s; RSS ${(rssBefore / 1048576).toFixed(0)} → peak ${(rssPeak / 1048576).toFixed(0)} MiB (+${growth.toFixed(0)})`);
  ctx.fact(STAGE, 'statuses', statuses);
  ctx.fact(STAGE, 'rss', { beforeMiB: +(rssBefore / 1048576).toFixed(1), peakMiB: +(rssPeak / 1048576).toFixed(1) });
  if (growth > RSS_GROWTH_MIB) ctx.find(STAGE, 'concurrency', 'memory', `RSS rose by ${growth.toFixed(0)} MiB (${(rssBefore / 1048576).toFixed(0)} → ${(rssPeak / 1048576).toFixed(0)} MiB) during ${rounds} rounds of ${uploads} concurrent uploads of ~${(ctx.options.uploadLimit / 1048576).toFixed(1)} MiB (bound ${RSS_GROWTH_MIB} MiB)`);
  await judgeHealth(ctx, STAGE, 'concurrency');
}
