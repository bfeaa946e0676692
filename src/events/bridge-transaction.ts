import { BridgeEvent } from './bridge-event.js';

export interface BridgeTransactionDetail {
  intentId: string;
  txHash: string;
  chainId: string;
  /** The wallet's EIP-5792 batch id, when the approvals and this transaction went to the wallet as one batch. */
  batchId?: string | undefined;
}

/** `bridge-transaction`: The source transaction was broadcast (batched: once the wallet reports the batch included, which gives its hash). */
export class BridgeTransactionEvent extends BridgeEvent<BridgeTransactionDetail> {
  static override readonly type = 'bridge-transaction';
}
