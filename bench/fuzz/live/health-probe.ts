/**
 * /health latency, measured from a worker thread of its own (so the fuzzer's
 * or the soak's own work on the main thread — building bodies, parsing
 * downloads, driving the browser — does not show up as server latency): one
 * GET /health on a fresh connection every `intervalMs` (the next starts when the
 * last has answered, or failed after `timeoutMs`). Phases are marked from the
 * main thread, and percentiles are read per phase.
 */
import { Worker } from 'node:worker_threads';

export interface HealthSample {
  /** Wall-clock ms (performance.timeOrigin + now) when the probe was sent. */
  at: number;
  /** Latency in ms, or null when it failed. */
  ms: number | null;
  error: string | null;
}

export interface HealthStats {
  phase: string;
  n: number;
  failed: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Seconds the phase lasted. */
  seconds: number;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, intervalMs, timeoutMs } = workerData;
const samples = [];
let stopped = false;
const now = () => performance.timeOrigin + performance.now();
function probe() {
  return new Promise((resolve) => {
    const at = now();
    let done = false;
    const finish = (ms, error) => { if (done) return; done = true; clearTimeout(timer); samples.push({ at, ms, error }); resolve(); };
    const req = http.get({ host: '127.0.0.1', port, path: '/health', agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode === 200 ? now() - at : null, res.statusCode === 200 ? null : 'HTTP ' + res.statusCode));
      res.on('error', (e) => finish(null, e.code || e.message));
    });
    req.on('error', (e) => finish(null, e.code || e.message));
    const timer = setTimeout(() => { finish(null, 'no answer within ' + timeoutMs + ' ms'); req.destroy(); }, timeoutMs);
  });
}
parentPort.on('message', (m) => { if (m === 'collect') parentPort.postMessage({ collected: samples.slice() }); });
(async () => {
  while (!stopped) {
    const started = now();
    await probe();
    const wait = intervalMs - (now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  parentPort.postMessage({ final: samples });
})();
parentPort.on('message', (m) => { if (m === 'stop') stopped = true; });
`;

export const wallNow = (): number => performance.timeOrigin + performance.now();

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export class HealthProbe {
  private readonly worker: Worker;
  private readonly phases: { name: string; from: number; to: number | null }[] = [];
  private samples: HealthSample[] | null = null;
  private stopped = false;

  constructor(port: number, options: { intervalMs?: number; timeoutMs?: number } = {}) {
    this.worker = new Worker(WORKER, { eval: true, workerData: { port, intervalMs: options.intervalMs ?? 50, timeoutMs: options.timeoutMs ?? 10_000 } });
    this.worker.unref();
  }

  /** Start a phase (ending the current one). */
  phase(name: string): void {
    const now = wallNow();
    const open = this.phases.at(-1);
    if (open && open.to === null) open.to = now;
    this.phases.push({ name, from: now, to: null });
  }

  /** End the current phase without starting another. */
  endPhase(): void {
    const open = this.phases.at(-1);
    if (open && open.to === null) open.to = wallNow();
  }

  async stop(): Promise<HealthSample[]> {
    if (this.stopped) return this.samples ?? [];
    this.stopped = true;
    this.endPhase();
    const got = new Promise<HealthSample[]>((resolve) => {
      const on = (m: { final?: HealthSample[] }): void => {
        if (!m.final) return;
        this.worker.off('message', on);
        resolve(m.final);
      };
      this.worker.on('message', on);
    });
    this.worker.postMessage('stop');
    this.samples = await got;
    await this.worker.terminate();
    return this.samples;
  }

  /** Bring the samples so far over from the worker (phase stats read them). */
  async collect(): Promise<void> {
    if (this.stopped) return;
    this.samples = await new Promise<HealthSample[]>((resolve) => {
      const on = (m: { collected?: HealthSample[] }): void => {
        if (!m.collected) return;
        this.worker.off('message', on);
        resolve(m.collected);
      };
      this.worker.on('message', on);
      this.worker.postMessage('collect');
    });
  }

  /** Samples sent during a phase (after collect() or stop()). */
  samplesOf(name: string): HealthSample[] {
    const all = this.samples ?? [];
    const ranges = this.phases.filter((p) => p.name === name);
    return all.filter((s) => ranges.some((r) => s.at >= r.from && s.at < (r.to ?? Infinity)));
  }

  phaseNames(): string[] {
    return [...new Set(this.phases.map((p) => p.name))];
  }

  stats(name: string): HealthStats {
    const ranges = this.phases.filter((p) => p.name === name);
    return summarise(name, this.samplesOf(name), ranges.reduce((a, r) => a + ((r.to ?? wallNow()) - r.from) / 1000, 0));
  }
}

export function summarise(phase: string, samples: readonly HealthSample[], seconds: number): HealthStats {
  const ok = samples.filter((s) => s.ms !== null).map((s) => s.ms!).sort((a, b) => a - b);
  const r = (x: number): number => +x.toFixed(1);
  return { phase, n: samples.length, failed: samples.length - ok.length, p50: r(percentile(ok, 50)), p90: r(percentile(ok, 90)), p99: r(percentile(ok, 99)), max: r(ok.at(-1) ?? 0), seconds: +seconds.toFixed(1) };
}
