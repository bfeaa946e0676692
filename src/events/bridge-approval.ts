import type { ApprovalState } from '../model/approval-state.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeApprovalDetail {
  intentId: string;
  tokenAddress: string;
  spender: string;
  amount: bigint;
  chainId: string;
  state: ApprovalState;
  txHash: string | undefined;
}

/** `bridge-approval`: An approval step changed state (sent or done). */
export class BridgeApprovalEvent extends BridgeEvent<BridgeApprovalDetail> {
  static override readonly type = 'bridge-approval';
}
