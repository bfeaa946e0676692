import type { ContradictionReason } from '../model/arrival.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeArrivalContradictedDetail {
  intentId: string;
  /** What the destination chain shows instead of the arrival the service reported. */
  reason: ContradictionReason;
  toChainId: string;
  /** The destination transaction the service reported (validated 32-byte hash). */
  destTxHash: string;
  sourceTxHash: string | undefined;
  requestId: string | undefined;
  providerRequestId: string | undefined;
  /** Smallest units the chain shows moved, where it shows an amount (`below-minimum`, `other-recipient`, `other-token`). */
  amount: bigint | undefined;
  /** Lower-case address the chain shows as receiving, where it shows one. */
  recipient: string | undefined;
  /** Lower-case token the chain shows moving, where it shows one. */
  token: string | undefined;
}

/**
 * `bridge-arrival-contradicted`: The service reported `success`, but the destination chain does not show the
 * arrival (a reverted or missing transaction, another recipient or token, less than the minimum). Never followed
 * by `bridge-success`; a host should alert on it (the routing service, or its provider, reported falsely).
 */
export class BridgeArrivalContradictedEvent extends BridgeEvent<BridgeArrivalContradictedDetail> {
  static override readonly type = 'bridge-arrival-contradicted';
}
