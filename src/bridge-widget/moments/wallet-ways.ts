/**
 * The chooser's ways to a wallet that is not in this browser, beside the
 * installed ones: WalletConnect when the host gave a project id (on a phone,
 * for a wallet app on it; else by QR code); on a phone with no wallet in its
 * browser and no project id, "Open in" each wallet app's built-in browser,
 * where the app injects its wallet and this page finds it. A chunk of its
 * own with its English, fetched by the chooser's chunk (./wallets.ts) only
 * when the host opted in to WalletConnect or the browser has no wallet: a
 * default page that signs with the browser's wallet never loads it
 * (`ON_CHOICE_CHUNKS` in scripts/bench/graph.ts).
 */
import type { WayOption } from '../../components/wallet-chooser/wallet-option.js';
import { enWalletWays } from '../../i18n/en/walletways.js';
import { addEnglish, type StringKey, type Vars } from '../../i18n/strings.js';
import { WALLETCONNECT_RDNS } from '../../wallet/discovery.js';
import { onPhone, thisDevice } from '../../wallet/phone.js';
import { WALLET_APPS, pageToOpen } from '../../wallet/wallet-apps.js';

addEnglish(enWalletWays);

/**
 * The ways, in display order: WalletConnect when the host gave a project id;
 * else, on a phone (where the browser had no wallet), each wallet app; else
 * none. No wallet app is offered for a page without an http(s) URL it could open.
 */
export function walletWays(t: (key: StringKey, vars?: Vars) => string, walletConnect: boolean): WayOption[] {
  const phone = onPhone(thisDevice());
  if (walletConnect)
    return [{ id: WALLETCONNECT_RDNS, title: t('wallet.walletConnect'), detail: t(phone ? 'wallet.walletConnectApp' : 'wallet.walletConnectDetail') }];
  const page = pageToOpen(location.href);
  if (!phone || !page) return [];
  return WALLET_APPS.map((app) => ({
    id: app.id,
    title: t('wallet.openIn', { wallet: app.name }),
    detail: t('wallet.openInDetail'),
    href: app.openPage(page),
  }));
}
