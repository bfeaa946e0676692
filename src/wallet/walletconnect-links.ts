/**
 * How a phone hands a WalletConnect pairing URI (`wc:`) to a wallet app: the
 * universal link each app registers with WalletConnect (`{link}/wc?uri=`,
 * WalletConnect's mobile linking), OKX's through its download link
 * (web3.okx.com "App Universal Link"). Only the WalletConnect chunk uses them;
 * the apps themselves are ./wallet-apps.ts.
 */
import type { WalletApp } from './wallet-apps.js';

const encode = encodeURIComponent;

const PAIRING: Record<WalletApp['id'], (uri: string) => string> = {
  metamask: (uri) => `https://metamask.app.link/wc?uri=${encode(uri)}`,
  coinbase: (uri) => `https://go.cb-w.com/wc?uri=${encode(uri)}`,
  trust: (uri) => `https://link.trustwallet.com/wc?uri=${encode(uri)}`,
  rainbow: (uri) => `https://rnbwapp.com/wc?uri=${encode(uri)}`,
  okx: (uri) => `https://web3.okx.com/download?deeplink=${encode(`okx://main/wc?uri=${encode(uri)}`)}`,
};

/** The link that hands `app` the pairing URI `uri`. */
export function pairingLink(app: WalletApp['id'], uri: string): string {
  return PAIRING[app](uri);
}
