import type { Route } from '../api/schemas.js';
import { BridgeEvent } from './bridge-event.js';

export interface BridgeRouteDetail {
  intentId: string;
  route: Route;
  requestId: string | undefined;
  providerRequestId: string | undefined;
}

/** `bridge-route`: A route (intent) was created. */
export class BridgeRouteEvent extends BridgeEvent<BridgeRouteDetail> {
  static override readonly type = 'bridge-route';
}
