import { BridgeEvent } from './bridge-event.js';

export interface BridgeWalletDetail {
  /** `connected`: the widget now uses a wallet it discovered; `disconnected`: it stopped (the user's Disconnect, the host's `provider`, `wallet-discovery="off"`). */
  state: 'connected' | 'disconnected';
  /** The wallet's EIP-6963 name, or "Browser wallet" for `window.ethereum`. */
  name: string;
  /** The wallet's EIP-6963 rdns; undefined for `window.ethereum`. Never the icon. */
  rdns: string | undefined;
  /** The connected account (on `connected`). */
  address: string | undefined;
}

/** `bridge-wallet`: The widget started or stopped using a wallet it discovered (EIP-6963). */
export class BridgeWalletEvent extends BridgeEvent<BridgeWalletDetail> {
  static override readonly type = 'bridge-wallet';
}
