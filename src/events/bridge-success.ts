import type { BridgeStatusDetail } from './bridge-status.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeSuccessDetail extends BridgeStatusDetail {
  toAmount: bigint | undefined;
  /** The service reported less than the route's guaranteed minimum (`toAmountMin`) as delivered: the widget says so and asks the user to contact support. */
  belowMinimum: boolean;
}

/** `bridge-success`: The service reported `success`; only then. */
export class BridgeSuccessEvent extends BridgeEvent<BridgeSuccessDetail> {
  static override readonly type = 'bridge-success';
}
