/** Per-key fixed-window rate limiting, as the spec describes (quota and window are configurable). */

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds at which the current window ends. */
  resetAtSeconds: number;
  /** Whole seconds until the window ends (at least 1), for Retry-After. */
  retryAfterSeconds: number;
}

interface Window {
  startedAt: number;
  count: number;
}

export class FixedWindowRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly config: () => { limit: number; windowMs: number }) {}

  hit(key: string, now = Date.now()): RateLimitDecision {
    const { limit, windowMs } = this.config();
    let window = this.windows.get(key);
    if (!window || now >= window.startedAt + windowMs) {
      // Windows are aligned to multiples of windowMs so every client sees the same reset time.
      window = { startedAt: now - (now % windowMs), count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const endsAt = window.startedAt + windowMs;
    return {
      allowed: window.count <= limit,
      limit,
      remaining: Math.max(0, limit - window.count),
      resetAtSeconds: Math.ceil(endsAt / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
    };
  }

  reset(): void {
    this.windows.clear();
  }
}
