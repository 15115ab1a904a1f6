import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { escapedErrors } from './process-guard.js';
import { RequestStats } from './request-stats.js';
import type { HostCounts } from '../store/records.js';

/**
 * The Prometheus metrics operators scrape at GET /metrics (docs/operations.md
 * "Metrics"). The names are a contract with dashboards and alerts: change one
 * only with a note in the changelog.
 */
export const METRIC_NAMES = {
  requests: 'hazrisk_http_requests_total',
  duration: 'hazrisk_http_request_duration_seconds',
  engineQueue: 'hazrisk_engine_queue_depth',
  batchJobs: 'hazrisk_batch_jobs',
  batchRows: 'hazrisk_batch_rows_processed_total',
  workerChunks: 'hazrisk_batch_worker_chunks_total',
  workerRenewals: 'hazrisk_batch_worker_lease_renewals_total',
  workerLeasesLost: 'hazrisk_batch_worker_leases_lost_total',
  tableInfo: 'hazrisk_table_info',
  escapedErrors: 'hazrisk_process_escaped_errors_total',
} as const;

/** Seconds; API calls are sub-millisecond to a few seconds, uploads up to minutes. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
/** Methods outside this list are counted as OTHER, so junk methods cannot blow up label cardinality. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS', 'PUT', 'PATCH']);

export interface MetricSources {
  engineQueueDepth(): number;
  jobsByStatus(): Promise<Record<string, number>>;
  /** Every batch worker's counts in the store, summed by host (the whole cluster's, whichever host answers). */
  workersByHost(): Promise<HostCounts[]>;
  tables(): { peril: string; modelVersion: string }[];
}

export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestStats(DURATION_BUCKETS);
  private readonly rows: Counter;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.registry.registerMetric(this.requests.counter(METRIC_NAMES.requests, 'HTTP requests answered, by route pattern, method and status.'));
    this.registry.registerMetric(this.requests.histogram(METRIC_NAMES.duration, 'Time from request to response, by route pattern.'));
    this.rows = new Counter({ name: METRIC_NAMES.batchRows, help: 'Batch schedule rows computed.', registers });
    new Gauge({
      name: METRIC_NAMES.engineQueue,
      help: 'Engine tasks waiting for a worker thread.',
      registers,
      collect() {
        this.set(sources.engineQueueDepth());
      },
    });
    new Gauge({
      name: METRIC_NAMES.batchJobs,
      help: 'Batch jobs by status.',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts = await sources.jobsByStatus();
        this.reset();
        for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
      },
    });
    const perHost = (name: string, help: string, field: keyof Omit<HostCounts, 'host'>) =>
      new Counter({
        name,
        help,
        labelNames: ['host'],
        registers,
        async collect() {
          const hosts = await sources.workersByHost();
          this.reset();
          for (const counts of hosts) this.inc({ host: counts.host }, counts[field]);
        },
      });
    perHost(METRIC_NAMES.workerChunks, 'Batch chunks computed and accepted, by the host of the worker.', 'chunks_done');
    perHost(METRIC_NAMES.workerRenewals, 'Batch lease renewals (chunks and artefact stages), by the host of the worker.', 'lease_renewals');
    perHost(METRIC_NAMES.workerLeasesLost, "Batch leases lost (a renewal or checkpoint refused: the job was cancelled or another worker took the chunk), by the host of the worker.", 'leases_lost');
    new Counter({
      name: METRIC_NAMES.escapedErrors,
      help: 'Errors that escaped every handler and were caught by the process guard (each is also logged).',
      registers,
      collect() {
        this.reset();
        this.inc(escapedErrors());
      },
    });
    new Gauge({
      name: METRIC_NAMES.tableInfo,
      help: 'Installed hazard tables (value 1), by peril and model version.',
      labelNames: ['peril', 'model_version'],
      registers,
      collect() {
        this.reset();
        for (const t of sources.tables()) this.set({ peril: t.peril, model_version: t.modelVersion }, 1);
      },
    });
  }

  /** `route` is the matched pattern (`/v1/jobs/:job_id`), or `unmatched`. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requests.record(route, KNOWN_METHODS.has(method) ? method : 'OTHER', status, seconds);
  }

  addBatchRows(rows: number): void {
    this.rows.inc(rows);
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
