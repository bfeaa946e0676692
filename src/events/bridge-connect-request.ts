import { BridgeEvent } from './bridge-event.js';

/** Nothing yet: `preventDefault()` keeps the widget from opening its wallet chooser. */
export type BridgeConnectRequestDetail = Record<string, never>;

/** `bridge-connect-request`: The user pressed Connect (or "Change wallet"). Cancelable: a host with its own connect UI calls `preventDefault()`, opens it, and sets `provider` when done. */
export class BridgeConnectRequestEvent extends BridgeEvent<BridgeConnectRequestDetail> {
  static override readonly type = 'bridge-connect-request';

  constructor() {
    super({}, { cancelable: true });
  }
}
