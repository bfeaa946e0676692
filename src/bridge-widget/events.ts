/**
 * Public events of <bridge-widget>, typed for `addEventListener`. Each is a
 * class in src/events (one file each); all bubble and are composed, so a host
 * can listen on the element or any ancestor, in any framework.
 */
import type {
  BridgeConnectRequestDetail,
  BridgeWalletDetail,
  BridgeApprovalDetail,
  BridgeErrorDetail,
  BridgeFailedDetail,
  BridgeArrivalContradictedDetail,
  BridgeQuoteDetail,
  BridgeRouteDetail,
  BridgeStatusDetail,
  BridgeSuccessDetail,
  BridgeTransactionDetail,
} from '../events/index.js';

export type * from '../events/index.js';

export interface BridgeWidgetEventMap {
  'bridge-connect-request': CustomEvent<BridgeConnectRequestDetail>;
  'bridge-wallet': CustomEvent<BridgeWalletDetail>;
  'bridge-quote': CustomEvent<BridgeQuoteDetail>;
  'bridge-route': CustomEvent<BridgeRouteDetail>;
  'bridge-approval': CustomEvent<BridgeApprovalDetail>;
  'bridge-transaction': CustomEvent<BridgeTransactionDetail>;
  'bridge-status': CustomEvent<BridgeStatusDetail>;
  'bridge-success': CustomEvent<BridgeSuccessDetail>;
  'bridge-failed': CustomEvent<BridgeFailedDetail>;
  'bridge-arrival-contradicted': CustomEvent<BridgeArrivalContradictedDetail>;
  'bridge-error': CustomEvent<BridgeErrorDetail>;
}

declare global {
  interface GlobalEventHandlersEventMap extends BridgeWidgetEventMap {}
}
