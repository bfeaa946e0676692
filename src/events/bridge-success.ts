import type { BridgeStatusDetail } from './bridge-status.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeSuccessDetail extends BridgeStatusDetail {
  toAmount: bigint | undefined;
}

/** `bridge-success`: The service reported `success`; only then. */
export class BridgeSuccessEvent extends BridgeEvent<BridgeSuccessDetail> {
  static override readonly type = 'bridge-success';
}
