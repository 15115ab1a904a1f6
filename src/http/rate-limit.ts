/**
 * Per-key request rate limits (docs/api.md "Rate limits"): a token bucket per
 * key that refills at `rate` tokens a second and holds at most 2 × rate, so a
 * client may burst to twice its rate and then sustains `rate` requests a second.
 */
export const BURST_FACTOR = 2;
/** Buckets idle this long are full again and can be forgotten. */
const IDLE_FORGET_MS = 60_000;
const SWEEP_EVERY = 10_000;

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private takes = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Spend one token of `keyId`'s bucket; `rate` ≤ 0 means unlimited. */
  take(keyId: string, rate: number): RateDecision {
    if (!(rate > 0)) return { allowed: true };
    const now = this.clock();
    if (++this.takes % SWEEP_EVERY === 0) this.sweep(now);
    const capacity = BURST_FACTOR * rate;
    let bucket = this.buckets.get(keyId);
    if (!bucket) this.buckets.set(keyId, (bucket = { tokens: capacity, updatedAt: now }));
    bucket.tokens = Math.min(capacity, bucket.tokens + (Math.max(0, now - bucket.updatedAt) / 1000) * rate);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) };
  }

  private sweep(now: number): void {
    for (const [id, bucket] of this.buckets) if (now - bucket.updatedAt > IDLE_FORGET_MS) this.buckets.delete(id);
  }
}
