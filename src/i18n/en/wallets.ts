/**
 * English, the wallet chooser's part (EIP-6963 discovery). Travels with the
 * wallets chunk (src/bridge-widget/moments/wallets.ts and <bw-wallet-chooser>
 * add it). `wallet.browser` is in ./form.ts (the chooser's list is built with
 * the form); the connected account's menu is in ./account.ts; WalletConnect's entry and
 * the wallet apps' "Open in" links are in ./walletways.ts.
 */
export const enWallets = {
  'wallet.choose': 'Connect a wallet',
  'wallet.search': 'Search wallets',
  'wallet.placeholder': 'Search by name',
  'wallet.list': 'Wallets',
  'wallet.noMatch': 'No wallets match “{query}”',
  'wallet.none': 'No wallet found in this browser. On a phone, open this page in your wallet app’s built-in browser.',
  'wallet.noneWays': 'No wallet found in this browser. Pay with one of the ways below.',
  'wallet.otherWays': 'Other ways to pay',
};
