/**
 * What the destination chain showed of a transfer the service called
 * complete, as the saved transfer keeps it: the one vocabulary the
 * tracking, the tracker, the history and `bridge-success` use.
 *
 * - `checking`: the service said `success`; the destination transaction is being read.
 * - `checked`: the chain shows the arrival (token, recipient, at least the minimum).
 * - `unchecked`: the chain could not be read here (no RPC at the proxy, a non-EVM chain, no hash): the service's word, said as such.
 * - `contradicted`: the chain shows something else: never called complete.
 */
export type ArrivalState = 'checking' | 'checked' | 'unchecked' | 'contradicted';

export const CONTRADICTIONS = ['reverted', 'not-found', 'too-early', 'other-recipient', 'other-token', 'below-minimum', 'no-transfer'] as const;
export type ContradictionReason = (typeof CONTRADICTIONS)[number];

export interface SavedArrival {
  state: ArrivalState;
  /** Why contradicted (what the chain shows), or why unchecked. */
  reason?: string | undefined;
  /** Smallest units moved, where the chain shows an amount. */
  amount?: bigint | undefined;
  /** Lower-case address the chain shows as receiving. */
  recipient?: string | undefined;
  /** Lower-case token the chain shows moving. */
  token?: string | undefined;
}
