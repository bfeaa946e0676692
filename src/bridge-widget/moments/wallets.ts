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
import { WALLETCONNECT_RDNS } from '../../wallet/discovery.js';
import { WALLET_APPS, onPhone, pageToOpen } from '../../wallet/wallet-apps.js';
import { BridgeWidgetPublicProperties } from '../public-properties.js';

export const ELEMENTS = {
  'bw-wallet-chooser': WalletChooser,
} as const;

defineLaterElements(ELEMENTS);
// The chooser inside a <bridge-widget> offers the widget's own ways first (`otherWays`, below).
WalletChooser.ownWays = (chooser, t) => {
  const widget = (chooser.getRootNode() as ShadowRoot).host;
  return widget instanceof BridgeWidgetPublicProperties ? otherWays(t, !!widget.walletconnectProjectId, !chooser.wallets.length) : [];
};
// The English this moment shows, before its first render (its parts bring theirs too; its views here need it through the shell).
addEnglish(enWallets);

/**
 * The chooser's own ways to pay beside the installed wallets: WalletConnect
 * when the host gave a project id (on a phone, for a wallet app on it; else
 * by QR code); on a phone with no wallet in the browser and no project id,
 * "Open in" each wallet app's built-in browser, where the app injects its
 * wallet and this page finds it.
 */
export function otherWays(t: (key: StringKey, vars?: Vars) => string, walletConnect: boolean, noWallet: boolean): WayOption[] {
  const { userAgent, maxTouchPoints } = navigator;
  const phone = onPhone({ userAgent, maxTouchPoints, mobile: (navigator as { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile });
  if (walletConnect)
    return [{ id: WALLETCONNECT_RDNS, title: t('wallet.walletConnect'), detail: t(phone ? 'wallet.walletConnectApp' : 'wallet.walletConnectDetail') }];
  const page = pageToOpen(location.href);
  if (!phone || !noWallet || !page) return [];
  return WALLET_APPS.map((app) => ({
    id: app.id,
    title: t('wallet.openIn', { wallet: app.name }),
    detail: t('wallet.openInDetail'),
    href: app.openPage(page),
  }));
}

declare global {
  interface HTMLElementTagNameMap {
    'bw-wallet-chooser': WalletChooser;
  }
}
