import type { IntentStatusValue } from '../api/schemas.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeStatusDetail {
  intentId: string;
  status: IntentStatusValue;
  rawStatus: string;
  sourceTxHash: string | undefined;
  destTxHash: string | undefined;
  needsGas: boolean;
  requestId: string | undefined;
  providerRequestId: string | undefined;
  metadata: Record<string, unknown> | undefined;
}

/** `bridge-status`: The transfer's status changed. */
export class BridgeStatusEvent extends BridgeEvent<BridgeStatusDetail> {
  static override readonly type = 'bridge-status';
}
