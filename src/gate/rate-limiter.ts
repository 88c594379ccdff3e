// Token buckets by key, and the all-or-none charge of several of them.
/**
 * Takes `count` tokens from every `[limiter, key]` given, or from none when one of them refuses (so that a
 * refusal by one costs nothing from the others). Returns each one's wait in seconds: all 0 when taken.
 */
export function takeFromAll(
  limits: readonly (readonly [RateLimiter | null | undefined, string])[],
  count: number,
): number[] {
  const waits = limits.map(([limiter, key]) => limiter?.check(key, count) ?? 0);
  if (waits.every((w) => w === 0)) for (const [limiter, key] of limits) limiter?.take(key, count);
  return waits;
}

/** Where one bucket stands: its size, the whole tokens left, and when it is full again (wall clock). */
export interface RateLimitBudget {
  readonly limit: number;
  readonly remaining: number;
  /** ISO 8601 date-time. */
  readonly resetAt: string;
}

/** Limits of one kind of client: `perSecond` sustained, bursts up to `burst`. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/**
 * Token buckets by key (an IP, a player). The buckets live in the process; with several API processes,
 * `RateLimitSync` tells each process what the others let through (`drainUsage` / `debit`), so a client
 * spreading its requests over the processes still gets one budget. Idle buckets are forgotten once full
 * again, so memory stays bounded by the active clients.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private usage: Map<string, number> | null = null;
  private lastSweep = 0;

  constructor(
    readonly limit: RateLimit,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The seconds to wait before `count` tokens could be taken (0: now), taking none. */
  check(key: string, count = 1): number {
    const b = this.bucket(key);
    return b.tokens >= count ? 0 : Math.ceil(((count - b.tokens) / this.limit.perSecond) * 10) / 10;
  }

  /** Takes `count` tokens; returns 0 when allowed, else the seconds to wait before retrying. */
  take(key: string, count = 1): number {
    const wait = this.check(key, count);
    if (wait > 0) return wait;
    this.buckets.get(key)!.tokens -= count;
    if (this.usage) this.usage.set(key, (this.usage.get(key) ?? 0) + count);
    return 0;
  }

  /** Where `key`'s bucket stands now, taking nothing. */
  budget(key: string): RateLimitBudget {
    const { tokens } = this.bucket(key);
    const msToFull = ((this.limit.burst - tokens) / this.limit.perSecond) * 1000;
    return {
      limit: this.limit.burst,
      // A bucket paid back below zero (debit) has nothing left, not a negative amount.
      remaining: Math.max(0, Math.floor(tokens + 1e-9)),
      resetAt: new Date(Date.now() + Math.ceil(msToFull)).toISOString(),
    };
  }

  /**
   * Takes `count` tokens that another process let through. The bucket may go below zero (down to minus one
   * burst), so what the processes allowed together before they heard of each other is paid back.
   */
  debit(key: string, count: number): void {
    const b = this.bucket(key);
    b.tokens = Math.max(-this.limit.burst, b.tokens - count);
  }

  /** The tokens taken since the last call, by key; counting starts with the first call. */
  drainUsage(): Map<string, number> {
    const used = this.usage ?? new Map<string, number>();
    this.usage = new Map();
    return used;
  }

  private bucket(key: string): { tokens: number; at: number } {
    const now = this.now();
    this.sweep(now);
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.limit.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.limit.burst, b.tokens + ((now - b.at) / 1000) * this.limit.perSecond);
    b.at = now;
    return b;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 10_000) return;
    this.lastSweep = now;
    const { burst, perSecond } = this.limit;
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * perSecond >= burst) this.buckets.delete(key);
    }
  }
}
