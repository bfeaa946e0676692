/**
 * The wallet chooser: the wallets the browser announced (EIP-6963), offered
 * when the user presses Connect without a provider from the host. A chunk of
 * its own; discovery itself (listening to announcements) runs from mount.
 */
import { WalletChooser } from '../../components/wallet-chooser/wallet-chooser.js';
import type { WayOption } from '../../components/wallet-chooser/wallet-option.js';
import { defineLaterElements } from '../../define-elements.js';
import { enWallets } from '../../i18n/en/wallets.js';
import { addEnglish, type StringKey, type Vars } from '../../i18n/strings.js';
import { BridgeWidgetPublicProperties } from '../public-properties.js';
import type * as WalletWays from './wallet-ways.js';

export const ELEMENTS = {
  'bw-wallet-chooser': WalletChooser,
} as const;

defineLaterElements(ELEMENTS);
// The chooser inside a <bridge-widget> offers the widget's own ways first (`otherWays`, below).
WalletChooser.ownWays = (chooser, t) => {
  const widget = (chooser.getRootNode() as ShadowRoot).host;
  return widget instanceof BridgeWidgetPublicProperties
    ? otherWays(t, !!widget.walletconnectProjectId, !chooser.wallets.length, () => chooser.requestUpdate())
    : [];
};
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enWallets);

/**
 * The chooser's own ways to pay beside the installed wallets: WalletConnect
 * when the host gave a project id; on a phone with no wallet in the browser,
 * the wallet apps. They are a chunk of their own (./wallet-ways.ts), fetched
 * only when the host opted in to WalletConnect or the browser has no wallet:
 * until it has come there are none, and `arrived` is called when it has.
 */
export function otherWays(t: (key: StringKey, vars?: Vars) => string, walletConnect: boolean, noWallet: boolean, arrived: () => void): WayOption[] {
  if (!walletConnect && !noWallet) return [];
  if (walletWays) return walletWays.walletWays(t, walletConnect);
  // Each update before it has come asks again: the browser fetches a module once, and a failed fetch is asked for anew.
  import('./wallet-ways.js').then(
    (module) => {
      walletWays = module;
      arrived();
    },
    () => undefined,
  );
  return [];
}

/** The ways' chunk, once it has come. */
let walletWays: typeof WalletWays | undefined;

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
}
