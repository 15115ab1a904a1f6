import type pg from 'pg';
import type { HostCounts, WorkerCounts } from '../records.js';
import type { WorkerRepository } from '../store.js';
import { rows } from './pool.js';

export class PostgresWorkers implements WorkerRepository {
  constructor(private readonly pool: pg.Pool) {}

  async report(counts: WorkerCounts, now: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO batch_workers (worker_id, host, chunks_done, lease_renewals, leases_lost, reported_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (worker_id) DO UPDATE SET chunks_done = excluded.chunks_done, lease_renewals = excluded.lease_renewals,
         leases_lost = excluded.leases_lost, reported_at = excluded.reported_at`,
      [counts.worker_id, counts.host, counts.chunks_done, counts.lease_renewals, counts.leases_lost, now],
    );
  }

  byHost(): Promise<HostCounts[]> {
    return rows<HostCounts>(
      this.pool,
      `SELECT host, sum(chunks_done)::bigint AS chunks_done, sum(lease_renewals)::bigint AS lease_renewals, sum(leases_lost)::bigint AS leases_lost
       FROM batch_workers GROUP BY host ORDER BY host`,
    );
  }
}
