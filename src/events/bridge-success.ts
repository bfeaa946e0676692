import type { BridgeStatusDetail } from './bridge-status.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeSuccessDetail extends BridgeStatusDetail {
  toAmount: bigint | undefined;
  /** The service reported less than the route's guaranteed minimum (`toAmountMin`) as delivered: the widget says so and asks the user to contact support. */
  belowMinimum: boolean;
  /**
   * What the destination chain showed: `checked`, the arrival was read on the chain (token,
   * recipient, at least the route's minimum); `unchecked`, the chain could not be read here (no RPC for it at
   * the proxy, a non-EVM chain, no hash, an RPC that kept failing): the service's word only. A contradicted
   * arrival never fires `bridge-success` (see `bridge-arrival-contradicted`).
   */
  arrival: 'checked' | 'unchecked';
}

/** `bridge-success`: The service reported `success` and the destination chain does not contradict it; only then. */
export class BridgeSuccessEvent extends BridgeEvent<BridgeSuccessDetail> {
  static override readonly type = 'bridge-success';
}
