/**
 * Where a transfer stands, from its route to its end: the one vocabulary the
 * intent store, the status poller, the tracker and the history use, and the
 * one rule of which phases are final and when a transfer is over.
 *
 * - `signing`: the route exists and the wallet is (or was) asked; nothing is broadcast yet, or
 *   (with a `batchId`) the wallet took the batch and its transaction's hash is not known yet.
 * - `broadcast`: the source transaction has a hash; the receipt may not be accepted yet.
 * - `submitted`, `bridging`, `success`, `failed`: as the service's status says.
 * - `not-found`: the service no longer knows the intent (404 is terminal).
 * - `abandoned`: never broadcast, and given up (declined, refused, or too old).
 */
import type { ArrivalState } from './arrival.js';

export const TRANSFER_PHASES = ['signing', 'broadcast', 'submitted', 'bridging', 'success', 'failed', 'not-found', 'abandoned'] as const;

export type TransferPhase = (typeof TRANSFER_PHASES)[number];

/** Phases after which nothing changes any more; the rest is still followed. */
export const FINAL_PHASES: readonly TransferPhase[] = ['success', 'failed', 'not-found', 'abandoned'];

export function isFinalPhase(phase: TransferPhase): boolean {
  return FINAL_PHASES.includes(phase);
}

/**
 * Whether a transfer is over as the widget shows it: its phase is final and,
 * after `success`, the destination chain was read (src/model/arrival.ts). A
 * success not yet read (no arrival saved yet, or `checking`) is not over: the
 * tracker says "checking", never "complete", and keeps following it. The tracker,
 * the tracking room and the host's ending event go by this one rule.
 */
export function isOver(phase: TransferPhase, arrival: ArrivalState | undefined): boolean {
  return isFinalPhase(phase) && (phase !== 'success' || (arrival !== undefined && arrival !== 'checking'));
}

/**
 * The phase a status from the service puts a transfer in; undefined when the
 * status says nothing certain (`pending`: no receipt yet; an unknown value).
 */
export function phaseOfStatus(status: string): TransferPhase | undefined {
  switch (status) {
    case 'submitted':
    case 'bridging':
    case 'success':
    case 'failed':
      return status;
    default:
      return undefined;
  }
}

/** The furthest step a transfer reached before it ended, kept so that a failure does not undo steps shown as done. */
export type ReachedPhase = 'submitted' | 'bridging';
