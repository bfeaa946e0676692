/**
 * Wallet apps on a phone, and how to send the user to one: each app's
 * documented link that opens a page in its built-in browser (where the app
 * injects its wallet, so the widget finds it as an installed one). The links
 * that hand an app a WalletConnect pairing URI are WalletConnect's own
 * (./walletconnect-links.ts, in its chunk). Links are built from the page's
 * own URL, never from anything the routing service says.
 *
 * Sources: MetaMask, docs.metamask.io "Use deeplinks" (link.metamask.io/dapp/
 * {dappUrl}, the URL without its scheme); Coinbase Wallet, docs.cdp.coinbase.
 * com "Mobile dapp integration" (go.cb-w.com/dapp?cb_url=, percent-encoded);
 * Trust Wallet, developer.trustwallet.com "Deep Linking" (link.trustwallet.
 * com/open_url?coin_id=60&url=, and /wc?uri=); Rainbow, its deep-link handler
 * (rainbow-me/rainbow src/handlers/deeplinks.ts: rnbwapp.com/dapp?url= and
 * /wc?uri=); OKX, web3.okx.com "App Universal Link" (web3.okx.com/download?
 * deeplink= the encoded okx://wallet/dapp/url?dappUrl=).
 */

export interface WalletApp {
  id: 'metamask' | 'coinbase' | 'trust' | 'rainbow' | 'okx';
  name: string;
  /** Opens `pageUrl` in the app's built-in browser. */
  openPage(pageUrl: string): string;
}

const encode = encodeURIComponent;

export const WALLET_APPS: readonly WalletApp[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    openPage: (url) => `https://link.metamask.io/dapp/${url.replace(/^https?:\/\//, '')}`,
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    openPage: (url) => `https://go.cb-w.com/dapp?cb_url=${encode(url)}`,
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    openPage: (url) => `https://link.trustwallet.com/open_url?coin_id=60&url=${encode(url)}`,
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    openPage: (url) => `https://rnbwapp.com/dapp?url=${encode(url)}`,
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    openPage: (url) => `https://web3.okx.com/download?deeplink=${encode(`okx://wallet/dapp/url?dappUrl=${encode(url)}`)}`,
  },
];

/** The page's URL as a wallet app's browser should open it: only http(s), without its fragment. */
export function pageToOpen(href: string): string | undefined {
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
