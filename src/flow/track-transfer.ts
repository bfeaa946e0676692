/**
 * After the broadcast: the receipt (until accepted), then the status to a
 * final phase, each status merged into the saved transfer (`mergeStatus`, the
 * one place that happens). Used right after broadcast and to resume a saved
 * transfer after a reload: safe to call again at any point, the receipt is
 * idempotent.
 */
import type { ApiResult, ResponseMeta } from '../api/client.js';
import type { TransferClient } from '../api/transfer-client.js';
import { submitReceiptUntilAccepted } from '../api/receipt.js';
import { RoutingError } from '../api/errors.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import type { IntentStatus, ReceiptResult, TrackedIntentStatus } from '../api/schemas.js';
import { isFinalPhase, phaseOfStatus, type TransferPhase } from '../model/transfer-phase.js';
import { txHashOrNothing } from '../model/chain-value.js';
import { checkStatus, type Refusal } from './guards.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';
import { pollUntilFinal, type PollOptions } from './status-poller.js';

export interface TrackDeps {
  client: TransferClient;
  store: IntentStore;
  signal?: AbortSignal | undefined;
  receiptBackoff?: BackoffOptions | undefined;
  poll?: Omit<PollOptions, 'signal' | 'onStatus' | 'onProblem'> | undefined;
}

export interface TrackHandlers {
  /** The saved transfer changed (receipt accepted, a status merged). */
  onRecord?(record: SavedTransfer): void;
  onReceipt?(result: ApiResult<ReceiptResult>): void;
  onReceiptRetry?(attempt: number, error: unknown, delayMs: number): void;
  /** A status the service returned (a refused one arrives as `unknown`, see `onStatusRejected`). */
  onStatus?(status: IntentStatus, meta: ResponseMeta): void;
  onPollProblem?(error: RoutingError, retryInMs: number): void;
  /** A status payload contradicted the saved transfer: it was reported to `onStatus` as `unknown`, not as progress; polling goes on. */
  onStatusRejected?(refusal: Refusal, status: IntentStatus): void;
}

/** How following a transfer ended: `kind` is the final phase it reached. */
export type TrackOutcome =
  | { kind: Extract<TransferPhase, 'success' | 'failed'>; status: TrackedIntentStatus; record: SavedTransfer }
  | { kind: Extract<TransferPhase, 'not-found'>; error: RoutingError; record: SavedTransfer };

/**
 * A status merged into the saved transfer: the phase it reaches (never back
 * out of a final one) and when it first reached a final one, the furthest
 * step reached, and the hashes, amounts and ids the service filled in. A
 * pending stub changes nothing.
 */
export function mergeStatus(record: SavedTransfer, status: IntentStatus, now = Date.now()): SavedTransfer {
  if (status.kind !== 'tracked') return record;
  const phase = phaseOfStatus(status.status);
  const reached = status.status === 'bridging' || (status.status === 'submitted' && !record.reached) ? status.status : record.reached;
  const ends = !!phase && isFinalPhase(phase) && !isFinalPhase(record.phase);
  return {
    ...record,
    phase: phase && !isFinalPhase(record.phase) ? phase : record.phase,
    finishedAt: ends ? now : record.finishedAt,
    reached,
    lastStatus: status.rawStatus,
    needsGas: status.gas_status === 'needs_gas',
    // The service's hashes are kept only when well-formed: the tracker and the events show nothing else.
    destTxHash: txHashOrNothing(status.dest_tx_hash) || record.destTxHash,
    toAmountReceived: status.to_amount_wei ?? record.toAmountReceived,
    sourceTxHash: record.sourceTxHash || txHashOrNothing(status.source_tx_hash),
    requestId: status.request_id || record.requestId,
    providerRequestId: record.providerRequestId || status.provider_request_id || undefined,
  };
}

export async function trackTransfer(saved: SavedTransfer, deps: TrackDeps, handlers: TrackHandlers = {}): Promise<TrackOutcome> {
  const { client, signal } = deps;
  let record = saved;
  const persist = (change: (current: SavedTransfer) => SavedTransfer) => {
    record = deps.store.update(record.account, record.intentId, (current) => change(current ?? record)) ?? change(record);
    handlers.onRecord?.(record);
  };
  const notFound = (error: RoutingError): TrackOutcome => {
    persist((current) => ({ ...current, phase: 'not-found', finishedAt: current.finishedAt ?? Date.now() }));
    return { kind: 'not-found', error, record };
  };
  if (record.sourceTxHash && !record.receiptAccepted) {
    let result: ApiResult<ReceiptResult>;
    try {
      result = await submitReceiptUntilAccepted(client, record.intentId, record.sourceTxHash, {
        signal,
        backoff: deps.receiptBackoff,
        onRetry: (attempt, error, delay) => handlers.onReceiptRetry?.(attempt, error, delay),
      });
    } catch (error) {
      if (error instanceof RoutingError && error.kind === 'intent-not-found') return notFound(error);
      throw error;
    }
    persist((current) => ({ ...current, receiptAccepted: true, phase: isFinalPhase(current.phase) ? current.phase : 'submitted' }));
    handlers.onReceipt?.(result);
  }
  const outcome = await pollUntilFinal(client, record.intentId, {
    ...deps.poll,
    signal,
    // A status that contradicts the saved transfer is not progress: shown as unknown, never final.
    accept: (status, meta) => {
      const verdict = checkStatus(record, status);
      if (verdict.ok) return true;
      handlers.onStatus?.({ kind: 'tracked', intent_id: record.intentId, status: 'unknown', rawStatus: '', nextPollAt: undefined }, meta);
      handlers.onStatusRejected?.(verdict, status);
      return false;
    },
    onStatus: (status, meta) => {
      if (status.kind === 'tracked') persist((current) => mergeStatus(current, status));
      handlers.onStatus?.(status, meta);
    },
    onProblem: (error, retryInMs) => handlers.onPollProblem?.(error, retryInMs),
  });
  if (outcome.kind === 'not-found') return notFound(outcome.error);
  return { kind: outcome.status.status === 'success' ? 'success' : 'failed', status: outcome.status, record };
}
