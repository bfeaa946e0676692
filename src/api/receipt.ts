/**
 * The receipt's submission loop: the same hash again until the service
 * accepts it. Only the tracking steps use it (src/flow/track-transfer.ts), so
 * it travels with their chunk, not with the form's client (./client.ts).
 */
import type { ApiResult, CallOptions } from './client.js';
import type { TransferClient } from './transfer-client.js';
import { RateLimitedError, RoutingError } from './errors.js';
import { DEFAULT_BACKOFF, backoffDelay, type BackoffOptions } from './rate-limit.js';
import type { ReceiptResult } from './schemas.js';
import { sleep } from '../model/sleep.js';

export interface ReceiptSubmitOptions extends CallOptions {
  backoff?: BackoffOptions;
  /** Bound on attempts; unbounded by default because an unreported hash cannot be tracked. */
  maxAttempts?: number;
  onRetry?: (attempt: number, error: unknown, delayMs: number) => void;
}

/**
 * A definite refusal of a receipt: an answer in 4xx other than 408 (the
 * request did not arrive in time) and 429 (come back later), or a request
 * that could not be sent as asked. Everything else (408, 429, 5xx, a network
 * failure, a timeout, an unreadable answer) may pass on a later attempt.
 */
function refusesReceipt(error: RoutingError): boolean {
  if (error.kind === 'aborted') return true;
  const { status } = error;
  if (status === undefined) return error.kind === 'invalid-request';
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Submits a receipt until the service answers `ok: true`, always with the
 * same hash. The endpoint is idempotent, so repeating it is always safe; only
 * a definite refusal (unknown intent, a refused hash) or a cancelled signal
 * stops the loop.
 */
export async function submitReceiptUntilAccepted(
  client: TransferClient,
  intentId: string,
  txHash: string,
  options: ReceiptSubmitOptions = {},
): Promise<ApiResult<ReceiptResult>> {
  const { signal, backoff = DEFAULT_BACKOFF, maxAttempts = Number.POSITIVE_INFINITY } = options;
  for (let attempt = 0; ; attempt++) {
    let failure: RoutingError;
    try {
      const result = await client.receipt(intentId, txHash, { signal });
      if (result.data.ok) return result;
      failure = new RoutingError('upstream', 'The receipt was not accepted yet', { ...result.meta, retryable: true });
    } catch (error) {
      if (!(error instanceof RoutingError) || refusesReceipt(error)) throw error;
      failure = error;
    }
    if (attempt + 1 >= maxAttempts) throw failure;
    const delay = Math.max(failure instanceof RateLimitedError ? failure.retryAfterMs : 0, backoffDelay(attempt, backoff));
    options.onRetry?.(attempt + 1, failure, delay);
    try {
      await sleep(delay, signal);
    } catch (cause) {
      throw new RoutingError('aborted', 'Receipt submission was cancelled', { cause });
    }
  }
}
