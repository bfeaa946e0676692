/**
 * The single place that decides when a request may go out: it honours
 * `Retry-After` on 429, backs off exponentially with jitter up to a bound, and
 * holds new requests while `X-RateLimit-Remaining` is 0 until
 * `X-RateLimit-Reset`. Shared by every call of one client so that a status
 * poller and a quote refresh cannot together exceed the key's quota.
 */
import { sleep } from '../model/sleep.js';

export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Epoch milliseconds at which the window resets. */
  resetAt?: number;
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  /** 0..1: share of the delay that is randomised. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000, jitter: 0.5 };

/** Exponential delay for the given attempt (0-based), jittered and capped. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF, random = Math.random): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  const jittered = exponential * (1 - options.jitter) + exponential * options.jitter * random();
  return Math.min(options.maxMs, Math.round(jittered));
}

const NUMBER = /^\d+(\.\d+)?$/;

/** `Retry-After` is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (NUMBER.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * `X-RateLimit-Reset` units are not in the spec. Read tolerantly: a value that
 * looks like epoch milliseconds or epoch seconds is taken as such, anything
 * smaller as seconds from now (the other common convention).
 */
export function parseRateLimitReset(value: string | null, now = Date.now()): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (!NUMBER.test(trimmed)) return undefined;
  const n = Number(trimmed);
  if (n > 1e12) return n;
  if (n > 1e9) return n * 1000;
  return now + n * 1000;
}

export function readRateLimit(headers: Headers, now = Date.now()): RateLimitInfo {
  const whole = (name: string) => {
    const raw = headers.get(name)?.trim() ?? '';
    return /^\d+$/.test(raw) ? Number(raw) : undefined;
  };
  const info = {
    limit: whole('x-ratelimit-limit'),
    remaining: whole('x-ratelimit-remaining'),
    resetAt: parseRateLimitReset(headers.get('x-ratelimit-reset'), now),
  };
  // Only the headers that were sent.
  return Object.fromEntries(Object.entries(info).filter(([, value]) => value !== undefined));
}

export class RateLimitGate {
  #holdUntil = 0;
  /** Longest hold we accept silently; beyond it the caller gets an error with the wait. */
  readonly maxHoldMs: number;
  readonly #now: () => number;

  constructor(options: { maxHoldMs?: number; now?: () => number } = {}) {
    this.maxHoldMs = options.maxHoldMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Milliseconds a new request must still wait. */
  get waitMs(): number {
    return Math.max(0, this.#holdUntil - this.#now());
  }

  async wait(signal?: AbortSignal): Promise<void> {
    const ms = this.waitMs;
    if (ms > 0) await sleep(ms, signal);
  }

  /** Called with every response's headers. */
  observe(info: RateLimitInfo): void {
    if (info.remaining === 0 && info.resetAt !== undefined) this.holdFor(info.resetAt - this.#now());
  }

  holdFor(ms: number): void {
    const until = this.#now() + Math.min(Math.max(0, ms), this.maxHoldMs);
    if (until > this.#holdUntil) this.#holdUntil = until;
  }
}
