import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { ServiceMetrics } from '../../src/ops/metrics.js';

/** The request counter and duration histogram behind /metrics, against a direct count of what was recorded. */
describe('request counts and durations', () => {
  it('renders Prometheus counters and cumulative histogram buckets equal to a direct count', async () => {
    const metrics = new ServiceMetrics({ engineQueueDepth: () => 0, jobsByStatus: async () => ({}), workersByHost: async () => [], tables: () => [] });
    // A fixed pseudo-random sequence of durations spanning every bucket, on two routes.
    let seed = 7;
    const next = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const recorded: Record<string, number[]> = { '/health': [], '/v1/lite': [] };
    for (let i = 0; i < 500; i++) {
      const route = i % 3 === 0 ? '/v1/lite' : '/health';
      const seconds = 10 ** (-4 + 7 * next()); // 0.1 ms … 1,000 s
      recorded[route]!.push(seconds);
      metrics.observeRequest(route, i % 5 === 0 ? 'BREW' : 'GET', i % 7 === 0 ? 404 : 200, seconds);
    }
    metrics.observeRequest('/health', 'GET', 200, 0.0005); // exactly on a bound: counted in it (le is ≤)
    recorded['/health']!.push(0.0005);
    const text = (await metrics.render()).body;
    const series = (line: string): number => Number(new RegExp(`^${line.replace(/[{}()[\].+*?^$|\\]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
    for (const [route, values] of Object.entries(recorded)) {
      for (const le of [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120]) {
        assert.equal(series(`hazrisk_http_request_duration_seconds_bucket{route="${route}",le="${le}"}`), values.filter((v) => v <= le).length, `${route} le ${le}`);
      }
      assert.equal(series(`hazrisk_http_request_duration_seconds_bucket{route="${route}",le="+Inf"}`), values.length);
      assert.equal(series(`hazrisk_http_request_duration_seconds_count{route="${route}"}`), values.length);
      assert.ok(Math.abs(series(`hazrisk_http_request_duration_seconds_sum{route="${route}"}`) - values.reduce((a, b) => a + b, 0)) < 1e-6);
    }
    const expectedCount = (method: string, status: number): number => {
      let n = 0;
      for (let i = 0; i < 500; i++) if (i % 3 !== 0 && (i % 5 === 0 ? 'OTHER' : 'GET') === method && (i % 7 === 0 ? 404 : 200) === status) n++;
      return n;
    };
    assert.equal(series('hazrisk_http_requests_total{route="/health",method="GET",status="200"}'), expectedCount('GET', 200) + 1);
    assert.equal(series('hazrisk_http_requests_total{route="/health",method="OTHER",status="404"}'), expectedCount('OTHER', 404));
    assert.match(text, /^# TYPE hazrisk_http_requests_total counter$/m);
    assert.match(text, /^# TYPE hazrisk_http_request_duration_seconds histogram$/m);
  });
});
