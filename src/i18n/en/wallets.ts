/**
 * English, the wallet chooser's part (EIP-6963 discovery). Travels with the
 * wallets chunk (src/bridge-widget/moments/wallets.ts and <bw-wallet-chooser>
 * add it). The connected wallet's menu (`wallet.browser`, `wallet.change`,
 * `wallet.disconnect`) is in ./form.ts: it shows with the form.
 */
export const enWallets = {
  'wallet.choose': 'Connect a wallet',
  'wallet.search': 'Search wallets',
  'wallet.placeholder': 'Search by name',
  'wallet.list': 'Wallets',
  'wallet.noMatch': 'No wallets match “{query}”',
  'wallet.none': 'No wallet found in this browser. On a phone, open this page in your wallet app’s built-in browser.',
  'wallet.otherWays': 'Other ways to pay',
} as const;
