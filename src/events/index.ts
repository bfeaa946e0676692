/** The public events, gathered: one class per event, each in its own file. */
import { BridgeQuoteEvent, type BridgeQuoteDetail } from './bridge-quote.js';
import { BridgeRouteEvent, type BridgeRouteDetail } from './bridge-route.js';
import { BridgeApprovalEvent, type BridgeApprovalDetail } from './bridge-approval.js';
import { BridgeTransactionEvent, type BridgeTransactionDetail } from './bridge-transaction.js';
import { BridgeStatusEvent, type BridgeStatusDetail } from './bridge-status.js';
import { BridgeSuccessEvent, type BridgeSuccessDetail } from './bridge-success.js';
import { BridgeFailedEvent, type BridgeFailedDetail } from './bridge-failed.js';
import { BridgeArrivalContradictedEvent, type BridgeArrivalContradictedDetail } from './bridge-arrival-contradicted.js';
import { BridgeErrorEvent, type BridgeErrorDetail } from './bridge-error.js';

export { BridgeConnectRequestEvent, type BridgeConnectRequestDetail } from './bridge-connect-request.js';
export { BridgeWalletEvent, type BridgeWalletDetail } from './bridge-wallet.js';

export { BridgeEvent } from './bridge-event.js';
export {
  BridgeQuoteEvent,
  type BridgeQuoteDetail,
  BridgeRouteEvent,
  type BridgeRouteDetail,
  BridgeApprovalEvent,
  type BridgeApprovalDetail,
  BridgeTransactionEvent,
  type BridgeTransactionDetail,
  BridgeStatusEvent,
  type BridgeStatusDetail,
  BridgeSuccessEvent,
  type BridgeSuccessDetail,
  BridgeFailedEvent,
  type BridgeFailedDetail,
  BridgeArrivalContradictedEvent,
  type BridgeArrivalContradictedDetail,
  BridgeErrorEvent,
  type BridgeErrorDetail,
};

/** Each public event's class, by type: the element dispatches `new BRIDGE_EVENTS[type](detail)`. */
export const BRIDGE_EVENTS = {
  'bridge-quote': BridgeQuoteEvent,
  'bridge-route': BridgeRouteEvent,
  'bridge-approval': BridgeApprovalEvent,
  'bridge-transaction': BridgeTransactionEvent,
  'bridge-status': BridgeStatusEvent,
  'bridge-success': BridgeSuccessEvent,
  'bridge-failed': BridgeFailedEvent,
  'bridge-arrival-contradicted': BridgeArrivalContradictedEvent,
  'bridge-error': BridgeErrorEvent,
} as const;

/** Each public event's detail, by type (what the DOM-free session reports). */
export interface BridgeEventDetails {
  'bridge-quote': BridgeQuoteDetail;
  'bridge-route': BridgeRouteDetail;
  'bridge-approval': BridgeApprovalDetail;
  'bridge-transaction': BridgeTransactionDetail;
  'bridge-status': BridgeStatusDetail;
  'bridge-success': BridgeSuccessDetail;
  'bridge-failed': BridgeFailedDetail;
  'bridge-arrival-contradicted': BridgeArrivalContradictedDetail;
  'bridge-error': BridgeErrorDetail;
}
