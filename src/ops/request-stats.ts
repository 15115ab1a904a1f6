import type { Registry } from 'prom-client';

/**
 * Requests by route pattern, method and status, and their durations by route,
 * counted in plain maps on the request path and turned into Prometheus series
 * only when /metrics is scraped. prom-client's own Counter and Histogram
 * validate and hash the labels on every observation, even through a cached
 * child (bench/README.md "Access log and the uWS ceiling").
 */
type Metric = Parameters<Registry['registerMetric']>[0];
interface Value {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

interface RequestCount {
  labels: { route: string; method: string; status: string };
  value: number;
}

interface RouteDurations {
  /** Observations per bucket (not cumulative); the last slot is above every bound. */
  buckets: number[];
  sum: number;
  count: number;
  /** This route's request counts by method, then status: looked up without building a key per request. */
  counts: Map<string, Map<number, RequestCount>>;
}

export class RequestStats {
  private readonly counts: RequestCount[] = [];
  private readonly durations = new Map<string, RouteDurations>();

  constructor(private readonly bounds: readonly number[]) {}

  record(route: string, method: string, status: number, seconds: number): void {
    let durations = this.durations.get(route);
    if (!durations) this.durations.set(route, (durations = { buckets: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0, counts: new Map() }));
    let byStatus = durations.counts.get(method);
    if (!byStatus) durations.counts.set(method, (byStatus = new Map()));
    const count = byStatus.get(status);
    if (count) count.value++;
    else {
      const first = { labels: { route, method, status: String(status) }, value: 1 };
      byStatus.set(status, first);
      this.counts.push(first);
    }
    let bucket = 0;
    while (bucket < this.bounds.length && seconds > this.bounds[bucket]!) bucket++;
    durations.buckets[bucket]!++;
    durations.sum += seconds;
    durations.count++;
  }

  /** A counter `name` with the route, method and status labels, for Registry.registerMetric. */
  counter(name: string, help: string): Metric {
    return this.metric(name, help, 'counter', () => this.counts.map(({ labels, value }) => ({ labels, value })));
  }

  /** A histogram `name` by route, in Prometheus' cumulative `_bucket{le}`, `_sum` and `_count` series. */
  histogram(name: string, help: string): Metric {
    return this.metric(name, help, 'histogram', () =>
      [...this.durations].flatMap(([route, d]) => {
        let cumulative = 0;
        const buckets: Value[] = [...this.bounds, '+Inf' as const].map((le, i) => ({ metricName: `${name}_bucket`, labels: { route, le }, value: (cumulative += d.buckets[i]!) }));
        return [...buckets, { metricName: `${name}_sum`, labels: { route }, value: d.sum }, { metricName: `${name}_count`, labels: { route }, value: d.count }];
      }),
    );
  }

  /** Forget every count (Registry.resetMetrics() calls this on each metric). */
  reset(): void {
    this.counts.length = 0;
    this.durations.clear();
  }

  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => Value[]): Metric {
    const get = async () => ({ name, help, type, aggregator: 'sum', values: values() });
    return { name, help, type, aggregator: 'sum', get, reset: () => this.reset() } as unknown as Metric;
  }
}
