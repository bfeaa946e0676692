import { BridgeEvent } from './bridge-event.js';

export interface BridgeErrorDetail {
  /** Machine-readable kind, e.g. `quote-rejected`, `no-route`, `wallet-rejected`, `cancelled` (the user pressed Cancel), `rate-limited`, `route-rejected`. */
  kind: string;
  /** For `route-rejected`: the rule the route broke (`transaction-value`, `approval-unlimited`, `terms-changed`, ... see src/flow/guards.ts). Nothing was signed. */
  rule?: string | undefined;
  message: string;
  intentId: string | undefined;
  requestId: string | undefined;
  retryable: boolean;
}

/** `bridge-error`: Something the user must act on: a rejected quote, no route, a wallet refusal, an unreachable service, a route refused by the guards (`route-rejected`, nothing signed). */
export class BridgeErrorEvent extends BridgeEvent<BridgeErrorDetail> {
  static override readonly type = 'bridge-error';
}
