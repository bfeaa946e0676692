/**
 * Public events of <bridge-widget>. All bubble and are composed, so a host
 * can listen on the element or any ancestor, in any framework.
 */
import type { ApprovalState } from '../flow/transfer.js';
import type { Estimate, IntentStatusValue, Route } from '../api/schemas.js';

export interface BridgeQuoteDetail {
  estimate: Estimate;
  fromChain: string;
  toChain: string;
  fromToken: string;
  toToken: string;
  requestId: string | undefined;
}

export interface BridgeRouteDetail {
  intentId: string;
  route: Route;
  requestId: string | undefined;
  providerRequestId: string | undefined;
}

export interface BridgeApprovalDetail {
  intentId: string;
  tokenAddress: string;
  spender: string;
  amount: bigint;
  chainId: string;
  state: ApprovalState;
  txHash: string | undefined;
}

export interface BridgeTransactionDetail {
  intentId: string;
  txHash: string;
  chainId: string;
}

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

export interface BridgeSuccessDetail extends BridgeStatusDetail {
  toAmount: bigint | undefined;
}

export interface BridgeFailedDetail {
  intentId: string;
  /** `failed`: the service reported failure (a refund is initiated if funds left); `not-found`: the service no longer knows the intent. */
  reason: 'failed' | 'not-found';
  sourceTxHash: string | undefined;
  requestId: string | undefined;
  providerRequestId: string | undefined;
}

export interface BridgeErrorDetail {
  /** Machine-readable kind, e.g. `quote-rejected`, `no-route`, `wallet-rejected`, `rate-limited`, `route-rejected`. */
  kind: string;
  /** For `route-rejected`: the rule the route broke (`transaction-value`, `approval-unlimited`, `terms-changed`, ... see src/flow/guards.ts). Nothing was signed. */
  rule?: string | undefined;
  message: string;
  intentId: string | undefined;
  requestId: string | undefined;
  retryable: boolean;
}

export interface BridgeWidgetEventMap {
  'bridge-quote': CustomEvent<BridgeQuoteDetail>;
  'bridge-route': CustomEvent<BridgeRouteDetail>;
  'bridge-approval': CustomEvent<BridgeApprovalDetail>;
  'bridge-transaction': CustomEvent<BridgeTransactionDetail>;
  'bridge-status': CustomEvent<BridgeStatusDetail>;
  'bridge-success': CustomEvent<BridgeSuccessDetail>;
  'bridge-failed': CustomEvent<BridgeFailedDetail>;
  'bridge-error': CustomEvent<BridgeErrorDetail>;
}

declare global {
  interface GlobalEventHandlersEventMap extends BridgeWidgetEventMap {}
}
