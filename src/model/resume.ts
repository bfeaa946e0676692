/**
 * What resuming does with an unfinished transfer saved by an earlier page:
 * the rule the tracking (src/flow/tracking.ts) applies to each saved record.
 */

/** Routed but never broadcast from this page for this long: nothing moved, so nothing to follow. */
export const ABANDON_AFTER_MS = 10 * 60_000;

/**
 * A deposit address nothing was seen arriving at, this long after it expired:
 * given up (the service says what happens to a late payment; a week of page
 * loads polling for it is enough).
 */
export const DEPOSIT_GIVE_UP_MS = 7 * 24 * 60 * 60_000;

/** The parts of a saved transfer the rule reads (src/flow/intent-store.ts `SavedTransfer`). */
export interface ResumableTransfer {
  sourceTxHash?: string | undefined;
  batchId?: string | undefined;
  /** Paid into a deposit address: the service watches it, the widget follows its status. */
  deposit?: { expiresAt?: number | undefined } | undefined;
  createdAt: number;
}

/** What resuming does with an unfinished saved transfer: follow it (it was broadcast, the wallet took its batch, or it waits for a payment into its deposit address), give it up, or leave it. */
export function resumeAction(saved: ResumableTransfer, now: number): 'track' | 'abandon' | 'keep' {
  if (saved.sourceTxHash || saved.batchId) return 'track';
  const expiresAt = saved.deposit?.expiresAt;
  if (saved.deposit) return expiresAt !== undefined && now - expiresAt > DEPOSIT_GIVE_UP_MS ? 'abandon' : 'track';
  return now - saved.createdAt > ABANDON_AFTER_MS ? 'abandon' : 'keep';
}
