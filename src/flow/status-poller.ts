/**
 * The one status poller. Spacing follows the service: `next_poll_at` when
 * present (never earlier), the widget's own interval while it is absent
 * (pending), `Retry-After` on 429. It stops on a final phase (`success`,
 * `failed`) and on 404, which the spec declares terminal.
 */
import { IntentNotFoundError, RateLimitedError, RoutingError } from '../api/errors.js';
import type { ResponseMeta } from '../api/client.js';
import type { TransferClient } from '../api/transfer-client.js';
import type { IntentStatus, TrackedIntentStatus } from '../api/schemas.js';
import { backoffDelay, type BackoffOptions } from '../api/rate-limit.js';
import { sleep } from '../model/sleep.js';
import { isFinalPhase, phaseOfStatus } from '../model/transfer-phase.js';

/** The poller's own back-off after a failed request (a 429 waits at least its `Retry-After`). */
export const POLL_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 30_000, jitter: 0.3 };

export interface PollOptions {
  signal?: AbortSignal;
  /** Own interval while the service suggests none (pending payloads). */
  intervalMs?: number;
  /** Lower bound, so a `next_poll_at` in the past cannot cause a tight loop. */
  minIntervalMs?: number;
  maxIntervalMs?: number;
  /** Back-off after failed requests; {@link POLL_BACKOFF} by default. */
  backoff?: BackoffOptions;
  now?: () => number;
  onStatus?: (status: IntentStatus, meta: ResponseMeta) => void;
  /** Whether a status counts at all; a refused one is neither reported to `onStatus` nor final, and polling goes on at the own interval. */
  accept?: (status: IntentStatus, meta: ResponseMeta) => boolean;
  /** A transient failure; polling goes on after `retryInMs`. */
  onProblem?: (error: RoutingError, retryInMs: number) => void;
}

export type PollOutcome = { kind: 'final'; status: TrackedIntentStatus; meta: ResponseMeta } | { kind: 'not-found'; error: IntentNotFoundError };

/** A status after which polling stops: its phase is final (the one rule, src/model/transfer-phase.ts). */
export function isFinalStatus(status: IntentStatus): status is TrackedIntentStatus {
  const phase = status.kind === 'tracked' ? phaseOfStatus(status.status) : undefined;
  return phase !== undefined && isFinalPhase(phase);
}

/** Milliseconds until the next poll for a status the service just returned. */
export function nextPollDelay(status: IntentStatus, options: Pick<PollOptions, 'intervalMs' | 'minIntervalMs' | 'maxIntervalMs' | 'now'> = {}): number {
  const { intervalMs = 3_000, minIntervalMs = 500, maxIntervalMs = 60_000, now = Date.now } = options;
  const at = status.kind === 'tracked' ? status.nextPollAt : undefined;
  const wait = at === undefined ? intervalMs : at - now();
  return Math.min(maxIntervalMs, Math.max(minIntervalMs, wait));
}

/** Milliseconds to wait after the `failures`-th failed request in a row (0-based). */
export function retryDelay(error: RoutingError, failures: number, backoff: BackoffOptions = POLL_BACKOFF): number {
  const own = backoffDelay(failures, backoff);
  // The service's Retry-After is a floor: never sooner, even when the own back-off is shorter.
  return error instanceof RateLimitedError ? Math.max(error.retryAfterMs, own) : own;
}

export async function pollUntilFinal(client: TransferClient, intentId: string, options: PollOptions = {}): Promise<PollOutcome> {
  let failures = 0;
  for (;;) {
    let delay: number;
    try {
      const { data, meta } = await client.status(intentId, { signal: options.signal });
      failures = 0;
      if (options.accept && !options.accept(data, meta)) {
        delay = nextPollDelay({ kind: 'pending', status: 'pending', intent_id: intentId }, options);
      } else {
        options.onStatus?.(data, meta);
        if (isFinalStatus(data)) return { kind: 'final', status: data, meta };
        delay = nextPollDelay(data, options);
      }
    } catch (error) {
      if (error instanceof IntentNotFoundError) return { kind: 'not-found', error };
      if (!(error instanceof RoutingError) || error.kind === 'aborted') throw error;
      // Everything else is transient for a poller: the transfer is on chain whatever the API says now.
      delay = retryDelay(error, failures, options.backoff);
      failures++;
      options.onProblem?.(error, delay);
    }
    try {
      await sleep(delay, options.signal);
    } catch (cause) {
      throw new RoutingError('aborted', 'Status polling was stopped', { cause });
    }
  }
}
