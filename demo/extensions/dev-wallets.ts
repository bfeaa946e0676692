/**
 * Stands in for two browser extensions on demo/pages/zero-js.html: two
 * development wallets, each over one funded sandbox account, announcing
 * themselves over EIP-6963 as installed wallets do. It is not the page's code:
 * on a real site the user's browser brings the wallets.
 *
 * Like a real extension, each remembers that the site connected (here in
 * localStorage), so that a reload finds it still connected and the widget
 * reconnects without a prompt.
 */
import { announceWallet, createDevWallet } from '../dev-wallet.ts';
import { loadSandboxConfig, type SandboxAccount } from '../shared/sandbox-config.ts';

const config = await loadSandboxConfig();
const chains = config.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name }));

function icon(colour: string, letter: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${colour}"/><text x="16" y="22" font-family="sans-serif" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function install(account: SandboxAccount | null, name: string, rdns: string, colour: string, letter: string): void {
  if (!account) return;
  const connectedKey = `demo-extension:${rdns}:connected`;
  const wallet = createDevWallet({
    privateKey: account.privateKey,
    chains,
    autoConnect: localStorage.getItem(connectedKey) === '1',
    onActivity: ({ method, outcome }) => {
      console.info(`[${name}] ${method}: ${outcome}`);
      if (method === 'eth_requestAccounts' && outcome === 'ok') localStorage.setItem(connectedKey, '1');
    },
  });
  // A fresh uuid per page load, as EIP-6963 asks; the rdns stays.
  announceWallet(wallet, { uuid: crypto.randomUUID(), name, icon: icon(colour, letter), rdns });
}

install(config.account, 'Dev Wallet One', 'dev.bridge-widget.one', '#3a5bd9', '1');
install(config.otherAccount, 'Dev Wallet Two', 'dev.bridge-widget.two', '#1d7a46', '2');
