/**
 * English, the chooser's other ways to a wallet: WalletConnect's entry (when
 * the host gave a project id) and the "Open in" links to wallet apps' own
 * browsers (on a phone with no wallet in its browser). Travels with the
 * wallet-ways chunk (src/bridge-widget/moments/wallet-ways.ts adds it),
 * which only such pages fetch.
 */
export const enWalletWays = {
  'wallet.walletConnect': 'WalletConnect',
  'wallet.walletConnectDetail': 'A wallet app on your phone: scan a code',
  'wallet.walletConnectApp': 'A wallet app on this phone',
  'wallet.openIn': 'Open in {wallet}',
  'wallet.openInDetail': 'Continue in the app’s browser, where your wallet is',
};
