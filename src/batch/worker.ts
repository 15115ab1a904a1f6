import crypto from 'node:crypto';
import os from 'node:os';
import type { JobStore } from './jobs.js';
import { JobProcessor, type AttemptResult, type ProcessorDeps } from './processor.js';

/**
 * The batch worker: `concurrency` loops that claim jobs (pending, or running
 * with an expired lease) and process them. It runs inside the server by
 * default and, unchanged, as `hazrisk worker` against the same data dir.
 */
export interface WorkerOptions extends ProcessorDeps {
  jobs: JobStore;
  concurrency: number;
  pollMs: number;
}

export class BatchWorker {
  readonly processor: JobProcessor;
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers: (() => void)[] = [];
  private attemptListeners: ((jobId: string, result: AttemptResult) => void)[] = [];
  private readonly idBase = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

  constructor(private readonly options: WorkerOptions) {
    this.processor = new JobProcessor(options);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.options.concurrency }, (_, i) => this.loop(`${this.idBase}:${i}`));
  }

  /** Called whenever an attempt at a job ends, however it ended (tests wait on it; metrics count it). */
  onAttemptEnded(listener: (jobId: string, result: AttemptResult) => void): void {
    this.attemptListeners.push(listener);
  }

  /** Look for work now (a job was just submitted). */
  wake(): void {
    for (const wake of this.sleepers.splice(0)) wake();
  }

  /** Finish the chunk in hand, hand leases back, stop. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await Promise.all(this.loops);
  }

  private async loop(workerId: string): Promise<void> {
    while (this.running) {
      const job = this.options.jobs.claim(workerId, this.options.leaseMs, this.options.clock());
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.pollMs);
          this.sleepers.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        continue;
      }
      const result = await this.processor.run(job, workerId, () => !this.running);
      this.options.log.info(
        { job_id: job.id, attempt: job.attempt, outcome: result.outcome, chunks_computed: result.chunksComputed, chunks_reused: result.chunksReused },
        'batch job attempt ended',
      );
      for (const listener of this.attemptListeners) listener(job.id, result);
    }
  }
}
