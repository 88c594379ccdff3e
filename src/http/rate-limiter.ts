/** Limits of one kind of client: `perSecond` sustained, bursts up to `burst`. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * Token buckets by key (an IP, a player). In-process: with several API processes each enforces its own
 * share. Idle buckets are forgotten, so memory stays bounded by the active clients.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private lastSweep = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes one token; returns 0 when allowed, else the seconds to wait before retrying. */
  take(key: string): number {
    const now = this.now();
    this.sweep(now);
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    b.tokens = Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) / this.limit.perSecond) * 10) / 10;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    const full = (this.limit.burst / this.limit.perSecond) * 1000;
    for (const [key, b] of this.buckets) if (now - b.at > full) this.buckets.delete(key);
  }
}
