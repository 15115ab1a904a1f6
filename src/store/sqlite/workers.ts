import type { Db } from './db.js';
import type { HostCounts, WorkerCounts } from '../records.js';
import type { WorkerRepository } from '../store.js';

export class SqliteWorkers implements WorkerRepository {
  constructor(private readonly db: Db) {}

  async report(counts: WorkerCounts, now: number): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO batch_workers (worker_id, host, chunks_done, lease_renewals, leases_lost, reported_at)
         VALUES (@worker_id, @host, @chunks_done, @lease_renewals, @leases_lost, @now)
         ON CONFLICT (worker_id) DO UPDATE SET chunks_done = excluded.chunks_done, lease_renewals = excluded.lease_renewals,
           leases_lost = excluded.leases_lost, reported_at = excluded.reported_at`,
      )
      .run({ ...counts, now });
  }

  async byHost(): Promise<HostCounts[]> {
    return this.db
      .prepare<[], HostCounts>(
        'SELECT host, sum(chunks_done) AS chunks_done, sum(lease_renewals) AS lease_renewals, sum(leases_lost) AS leases_lost FROM batch_workers GROUP BY host ORDER BY host',
      )
      .all();
  }
}
