import os from 'node:os';
import type { Logger } from 'pino';
import type { LeaseEvent } from '../batch/batch-worker.js';
import type { WorkerCounts } from '../store/records.js';
import type { WorkerRepository } from '../store/store.js';

/**
 * This process's batch worker counts — chunks accepted, lease renewals,
 * leases lost — reported to the store every `everyMs` and at stop, so that
 * /metrics on any host of a cluster shows every worker's (docs/operations.md
 * "Metrics"). Counting is in memory; a report the store refuses (a full
 * disk, a database restarting) is logged and made again at the next turn.
 */
const FIELD: Record<LeaseEvent, keyof Omit<WorkerCounts, 'worker_id' | 'host'>> = { chunk_done: 'chunks_done', renewal: 'lease_renewals', lost: 'leases_lost' };

export class WorkerReport {
  private readonly counts: WorkerCounts;
  private timer: NodeJS.Timeout | undefined;
  private reported = '';

  constructor(
    private readonly workers: WorkerRepository,
    workerId: string,
    private readonly everyMs: number,
    private readonly log: Logger,
  ) {
    this.counts = { worker_id: workerId, host: os.hostname(), chunks_done: 0, lease_renewals: 0, leases_lost: 0 };
  }

  count(event: LeaseEvent): void {
    this.counts[FIELD[event]]++;
  }

  start(): void {
    void this.report();
    this.timer = setInterval(() => void this.report(), this.everyMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.report();
  }

  private async report(): Promise<void> {
    const counts = JSON.stringify(this.counts);
    // Nothing new since the last report: no write.
    if (counts === this.reported) return;
    try {
      await this.workers.report({ ...this.counts }, Date.now());
      this.reported = counts;
    } catch (err) {
      this.log.warn({ err }, 'batch worker counts not reported; reported again at the next turn');
    }
  }
}
