import type { Estimate } from '../api/schemas.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeQuoteDetail {
  estimate: Estimate;
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  requestId: string | undefined;
}

/** `bridge-quote`: A quote was received. */
export class BridgeQuoteEvent extends BridgeEvent<BridgeQuoteDetail> {
  static override readonly type = 'bridge-quote';
}
