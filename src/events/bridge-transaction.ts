import { BridgeEvent } from './bridge-event.js';

export interface BridgeTransactionDetail {
  intentId: string;
  txHash: string;
  chainId: string;
}

/** `bridge-transaction`: The source transaction was broadcast. */
export class BridgeTransactionEvent extends BridgeEvent<BridgeTransactionDetail> {
  static override readonly type = 'bridge-transaction';
}
