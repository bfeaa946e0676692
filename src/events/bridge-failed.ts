import { BridgeEvent } from './bridge-event.js';

export interface BridgeFailedDetail {
  intentId: string;
  /** `failed`: the service reported failure (a refund is initiated if funds left); `not-found`: the service no longer knows the intent. */
  reason: 'failed' | 'not-found';
  sourceTxHash: string | undefined;
  requestId: string | undefined;
  providerRequestId: string | undefined;
}

/** `bridge-failed`: The service reported `failed` (a refund is initiated) or no longer knows the transfer. */
export class BridgeFailedEvent extends BridgeEvent<BridgeFailedDetail> {
  static override readonly type = 'bridge-failed';
}
