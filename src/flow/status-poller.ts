/**
 * The one status poller. Spacing follows the service: `next_poll_at` when
 * present (never earlier), the widget's own interval while it is absent
 * (pending), `Retry-After` on 429. It stops on `success`, `failed` and on 404,
 * which the spec declares terminal.
 */
import { IntentNotFoundError, RateLimitedError, RoutingError } from '../api/errors.js';
import type { WidgetClient, ResponseMeta } from '../api/client.js';
import type { IntentStatus } from '../api/schemas.js';
import { backoffDelay, sleep } from '../api/rate-limit.js';

export interface PollOptions {
  signal?: AbortSignal;
  /** Own interval while the service suggests none (pending payloads). */
  intervalMs?: number;
  /** Lower bound, so a `next_poll_at` in the past cannot cause a tight loop. */
  minIntervalMs?: number;
  maxIntervalMs?: number;
  now?: () => number;
  onStatus?: (status: IntentStatus, meta: ResponseMeta) => void;
  /** Whether a status counts at all; a refused one is neither reported to `onStatus` nor final, and polling goes on at the own interval. */
  accept?: (status: IntentStatus, meta: ResponseMeta) => boolean;
  /** A transient failure; polling goes on after `retryInMs`. */
  onProblem?: (error: RoutingError, retryInMs: number) => void;
}

export type PollOutcome = { kind: 'final'; status: IntentStatus & { kind: 'tracked' }; meta: ResponseMeta } | { kind: 'not-found'; error: IntentNotFoundError };

export function isFinalStatus(status: IntentStatus): status is IntentStatus & { kind: 'tracked' } {
  return status.kind === 'tracked' && (status.status === 'success' || status.status === 'failed');
}

/** Milliseconds until the next poll for a status the service just returned. */
export function nextPollDelay(status: IntentStatus, options: Pick<PollOptions, 'intervalMs' | 'minIntervalMs' | 'maxIntervalMs' | 'now'> = {}): number {
  const { intervalMs = 3_000, minIntervalMs = 500, maxIntervalMs = 60_000, now = Date.now } = options;
  const at = status.kind === 'tracked' && status.next_poll_at ? Date.parse(status.next_poll_at) : Number.NaN;
  const wait = Number.isNaN(at) ? intervalMs : at - now();
  return Math.min(maxIntervalMs, Math.max(minIntervalMs, wait));
}

export async function pollUntilFinal(client: WidgetClient, intentId: string, options: PollOptions = {}): Promise<PollOutcome> {
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
      delay =
        error instanceof RateLimitedError
          ? Math.max(error.retryAfterMs, backoffDelay(failures))
          : backoffDelay(failures, { baseMs: 1_000, maxMs: 30_000, jitter: 0.3 });
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
