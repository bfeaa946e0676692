/**
 * The development wallet as one classic script (built into sandbox/dev-wallet.js
 * by `npm run sandbox:dev-wallet`), for pages and test runners that have no
 * bundler: it behaves like a browser extension, announcing itself over
 * EIP-6963 before the page's own scripts run. Configure it first, then load it:
 *
 * ```ts
 * await page.addInitScript((config) => ((window as any).bridgeDevWallet = config), {
 *   privateKey: ready.account.privateKey, // the sandbox's funded test account (`sandbox ready {json}`)
 *   chains: ready.chains,                 // [{ chainId, rpcUrl, name }]
 * });
 * await page.addInitScript({ path: 'sandbox/dev-wallet.js' });
 * ```
 *
 * Without `window.bridgeDevWallet` it only defines `window.BridgeDevWallet`
 * (`install`, `createDevWallet`, `announceWallet`). The installed wallet is
 * `window.devWallet`, with its test levers (`requests`, `setChain`,
 * `rejectNext`, …). Local test keys only.
 */
import { announceWallet, createDevWallet, type DevWallet, type DevWalletOptions, type Eip6963Info } from './dev-wallet.js';

export { announceWallet, createDevWallet };

export interface DevWalletScriptConfig extends Omit<DevWalletOptions, 'onActivity'> {
  /** What the wallet announces (EIP-6963); defaults: "Dev Wallet", `org.bridge-widget.dev-wallet`, a plain icon, a random uuid. */
  info?: Partial<Eip6963Info>;
  /** Also set `window.ethereum` (for pages that only look there). Default false: announced only, as extensions do today. */
  injectEthereum?: boolean;
}

const ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" rx="2" fill="#3b5bdb"/></svg>')}`;

/** Creates the wallet and announces it over EIP-6963 (now and on every request), as an extension does. */
export function install(config: DevWalletScriptConfig): DevWallet {
  const { info, injectEthereum, ...options } = config;
  const wallet = createDevWallet(options);
  (window as unknown as { devWallet: DevWallet }).devWallet = wallet;
  announceWallet(wallet, {
    uuid: info?.uuid ?? crypto.randomUUID(),
    name: info?.name ?? 'Dev Wallet',
    icon: info?.icon ?? ICON,
    rdns: info?.rdns ?? 'org.bridge-widget.dev-wallet',
  });
  if (injectEthereum) (window as unknown as { ethereum: DevWallet }).ethereum = wallet;
  return wallet;
}

const preset = (globalThis as { bridgeDevWallet?: DevWalletScriptConfig }).bridgeDevWallet;
if (preset) install(preset);
