import { BridgeEvent } from './bridge-event.js';

export interface BridgeErrorDetail {
  /** Machine-readable kind, e.g. `quote-rejected`, `no-route`, `wallet-rejected`, `rate-limited`. */
  kind: string;
  message: string;
  intentId: string | undefined;
  requestId: string | undefined;
  retryable: boolean;
}

/** `bridge-error`: Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service. */
export class BridgeErrorEvent extends BridgeEvent<BridgeErrorDetail> {
  static override readonly type = 'bridge-error';
}
