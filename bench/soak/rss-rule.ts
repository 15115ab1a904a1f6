/**
 * Is the server's memory growing? A rule that holds on runs of a few minutes.
 *
 * The rule before this one (written for 10-minute soaks of requests only): the
 * least-squares slope of the per-second RSS over the second half of the run
 * ≤ 2 MiB/min, and the mean RSS of the last minute ≤ 1.2 × that of the first.
 * On a 3-minute run with batch jobs in the mix neither means anything:
 *  - the first minute is warm-up (V8 sizing its heaps to the load, caches
 *    filling, artefact threads starting at ~40 MiB each), so last/first
 *    compares warm-up with steady state;
 *  - with uploads, jobs and artefact builds in the mix the RSS of a healthy
 *    server wanders by ±50–100 MiB over tens of seconds (V8's old-generation
 *    sawtooth under the batch allocations; measured: 10-second medians between
 *    540 and 774 MiB over ten flat minutes), so a least-squares slope over 90 s
 *    moves by tens of MiB/min from where a wave happens to fall: it fails
 *    healthy runs and, with a 2 MiB/min bound, claims a resolution no 90-second
 *    window has. (A 3-minute run of this soak measured 74 MiB/min that way on
 *    a server whose 10-minute run is flat.)
 *
 * This rule:
 *  1. drops a warm-up: the first max(60 s, 30 %) of the sustained phase;
 *  2. summarises the rest in `bucketSeconds` (20 s) buckets by their median, so
 *     spikes shorter than half a bucket (a build, a GC cycle) do not count;
 *  3. fits the bucket medians with the Theil–Sen estimator (the median of all
 *     pairwise slopes; robust to a quarter of the buckets being outliers), in
 *     MiB per minute;
 *  4. takes the noise from the data: the residuals' median absolute deviation
 *     (× 1.4826, at least `minNoiseMib`) gives the slope's standard error as
 *     for a line fit, and Student's t with n − 2 degrees of freedom its 99 %
 *     interval (99 rather than 95: the buckets are not quite independent, a
 *     wave spans several);
 * and fails only when the interval's LOWER end is above `slopeLimit` MiB/min,
 * i.e. when the run shows with 99 % confidence that memory grows faster than
 * the bound. Warm-up, waves and a single step cannot do that on a short run,
 * and a leak can: the interval narrows with run length and with quieter
 * memory, and every run prints its upper end — the growth it rules out — so a
 * 3-minute run that rules out only fast growth says so, and a slow leak needs
 * --minutes 10 or more. The peak RSS must also stay under `maxMib` (the batch
 * memory bound of docs/batch.md, ~1.45 GiB at the defaults), and a run with
 * fewer than four buckets after warm-up fails as too short to judge.
 */
export interface RssRuleOptions {
  warmupSeconds: number;
  bucketSeconds: number;
  slopeLimit: number;
  minNoiseMib: number;
  maxMib: number;
}

export interface RssVerdict {
  ok: boolean;
  problems: string[];
  warmupSeconds: number;
  steadySeconds: number;
  buckets: { t_s: number; median_mib: number }[];
  /** Theil–Sen slope of the bucket medians, MiB/min. */
  slopeMibPerMin: number;
  /** Its 99 % interval. */
  slopeLow: number;
  slopeHigh: number;
  noiseMib: number;
  peakMib: number;
  limits: { slopeMibPerMin: number; maxMib: number };
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Median of the pairwise slopes (Theil–Sen). */
export function theilSen(points: readonly [number, number][]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      const dx = points[j]![0] - points[i]![0];
      if (dx !== 0) slopes.push((points[j]![1] - points[i]![1]) / dx);
    }
  }
  return median(slopes);
}

/** Student's t, 99.5 % quantile, by degrees of freedom (two-sided 99 %; conservative between table rows). */
export function t995(df: number): number {
  const table: [number, number][] = [[1, 63.657], [2, 9.925], [3, 5.841], [4, 4.604], [5, 4.032], [6, 3.707], [7, 3.499], [8, 3.355], [9, 3.25], [10, 3.169], [12, 3.055], [15, 2.947], [20, 2.845], [30, 2.75], [60, 2.66], [120, 2.617]];
  if (df < 1) return Infinity;
  let t = table[0]![1];
  for (const [d, q] of table) if (df >= d) t = q;
  return df > 120 ? 2.576 : t;
}

/** `series`: [seconds since the sustained phase started, RSS MiB], one a second. */
export function judgeRss(series: readonly [number, number][], durationSeconds: number, options: Partial<RssRuleOptions> = {}): RssVerdict {
  const warmup = options.warmupSeconds ?? Math.max(60, 0.3 * durationSeconds);
  const bucketSeconds = options.bucketSeconds ?? 20;
  const slopeLimit = options.slopeLimit ?? 4;
  const minNoise = options.minNoiseMib ?? 2;
  const maxMib = options.maxMib ?? 1536;
  const groups = new Map<number, number[]>();
  for (const [t, m] of series) {
    if (t < warmup) continue;
    const k = Math.floor((t - warmup) / bucketSeconds);
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(m);
  }
  const buckets = [...groups]
    .filter(([, xs]) => xs.length >= bucketSeconds / 2)
    .sort(([a], [b]) => a - b)
    .map(([k, xs]) => ({ t_s: +(warmup + (k + 0.5) * bucketSeconds).toFixed(1), median_mib: +median(xs).toFixed(1) }));
  const points = buckets.map((b): [number, number] => [b.t_s / 60, b.median_mib]);
  const slope = theilSen(points);
  const intercept = median(points.map(([t, y]) => y - slope * t));
  const residuals = points.map(([t, y]) => y - (intercept + slope * t));
  const centre = median(residuals);
  const noise = Math.max(minNoise, 1.4826 * median(residuals.map((r) => Math.abs(r - centre))));
  const meanT = points.reduce((a, [t]) => a + t, 0) / Math.max(1, points.length);
  const sxx = points.reduce((a, [t]) => a + (t - meanT) ** 2, 0);
  const half = points.length >= 3 && sxx > 0 ? t995(points.length - 2) * (noise / Math.sqrt(sxx)) : Infinity;
  const peak = series.reduce((a, [, m]) => Math.max(a, m), 0);
  const problems: string[] = [];
  if (buckets.length < 4) problems.push(`only ${buckets.length} ${bucketSeconds}-second buckets after a ${warmup.toFixed(0)}-second warm-up: too short to judge memory (run --minutes 3 or more)`);
  else if (slope - half > slopeLimit) {
    problems.push(`RSS growing: ${slope.toFixed(1)} MiB/min (99 % interval ${(slope - half).toFixed(1)} to ${(slope + half).toFixed(1)}), above the ${slopeLimit} MiB/min bound with 99 % confidence; ${buckets.length} medians of ${bucketSeconds} s after a ${warmup.toFixed(0)}-second warm-up: ${buckets.map((b) => b.median_mib.toFixed(0)).join(' ')} MiB`);
  }
  if (peak > maxMib) problems.push(`peak RSS ${peak.toFixed(0)} MiB above ${maxMib} MiB`);
  return {
    ok: problems.length === 0,
    problems,
    warmupSeconds: +warmup.toFixed(1),
    steadySeconds: +(durationSeconds - warmup).toFixed(1),
    buckets,
    slopeMibPerMin: +slope.toFixed(2),
    slopeLow: +(slope - half).toFixed(2),
    slopeHigh: +(slope + half).toFixed(2),
    noiseMib: +noise.toFixed(1),
    peakMib: +peak.toFixed(1),
    limits: { slopeMibPerMin: slopeLimit, maxMib },
  };
}
