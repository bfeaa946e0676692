import { generatePrivateKey } from 'viem/accounts';
import { PROMPT_METHODS, type DevWallet } from '../dev-wallet.js';
import { readBalances, type Balance } from './balances.js';
import { h, shortAddress } from './dom.js';
import type { EventLog } from './event-log.js';
import type { SandboxChain, SandboxConfig } from './sandbox-config.js';

/** How long the demo's wallet waits before it answers a prompt, by default: long enough to read the widget's review. */
export const DEMO_PROMPT_DELAY_MS = 1_500;

const BALANCE_REFRESH_MS = 4_000;
const NATIVE_ADDRESS = /^0x[eE]{40}$/;

/**
 * The development wallet's card: who is connected where, balances on every
 * sandbox chain, and levers that imitate what a user does in a real wallet.
 */
export interface WalletPanel {
  /** Re-reads the wallet's state (e.g. after a trap fired). */
  render(): void;
  dispose(): void;
}

export function mountWalletPanel(container: HTMLElement, wallet: DevWallet, config: SandboxConfig, log: EventLog): WalletPanel {
  // A second account: switching to it shows how the widget copes with an
  // account change mid-flow. The sandbox funds a few; a fresh key otherwise.
  const otherKey = config.otherAccount?.privateKey ?? generatePrivateKey();
  let usingSandboxAccount = true;

  const status = h('dd', { 'data-testid': 'wallet-status' });
  const address = h('dd', { class: 'mono', 'data-testid': 'wallet-address' });
  const chain = h('dd', { 'data-testid': 'wallet-chain' });
  const batching = h('dd', { 'data-testid': 'wallet-batching' });
  const traps = h('p', { class: 'muted traps', 'data-testid': 'wallet-traps', 'aria-live': 'polite' });
  const balances = h('table', { class: 'balances', 'data-testid': 'wallet-balances' });

  // `onClick` may return a line for the event log describing what it did.
  const button = (label: string, testId: string, onClick: () => string | void | Promise<string | void>) => {
    const element = h('button', { type: 'button', 'data-testid': testId }, label);
    element.addEventListener('click', () => {
      Promise.resolve(onClick())
        .then((done) => done && log.add('demo', done))
        .catch((error: unknown) => log.add('demo', `${label} failed`, (error as Error).message))
        .finally(render);
    });
    return element;
  };

  // EIP-5792 on: the widget sends approvals and the transfer as one batch (one prompt), atomic through
  // a real EIP-7702 delegation to the chain's BatchExecutor. Off: "method not found", the sequence.
  const batchingButton = button('Batching (EIP-5792)', 'wallet-batching-toggle', () => {
    wallet.eip5792 = !wallet.eip5792;
    return `EIP-5792 batching ${wallet.eip5792 ? 'on: one prompt for approvals and transfer' : 'off: one prompt per step'}`;
  });
  // A person takes a moment before answering a prompt: the review shows meanwhile. Off: the wallet answers at once.
  const delayButton = button('Wait before answering', 'wallet-delay-toggle', () => {
    wallet.promptDelayMs = wallet.promptDelayMs ? 0 : DEMO_PROMPT_DELAY_MS;
    return wallet.promptDelayMs ? `the wallet waits ${wallet.promptDelayMs / 1000} s before it answers a prompt` : 'the wallet answers prompts at once';
  });
  const connectButton = button('Connect', 'wallet-connect', async () => {
    if (wallet.connected) wallet.disconnect();
    else await wallet.request({ method: 'eth_requestAccounts' });
  });
  const controls = h(
    'div',
    { class: 'controls' },
    // Only prompts (connect, switch, sign, send): background reads are not
    // something a user can reject, and would swallow the trap.
    button('Reject next wallet request', 'wallet-reject-next', () => {
      wallet.rejectNext(PROMPT_METHODS);
      return 'armed: the next wallet prompt will be rejected';
    }),
    button('Hang next wallet request', 'wallet-hang-next', () => {
      wallet.hang(PROMPT_METHODS);
      return 'armed: the next wallet prompt will never be answered';
    }),
    button('Switch wallet account', 'wallet-switch-account', () => {
      usingSandboxAccount = !usingSandboxAccount;
      wallet.setAccount(usingSandboxAccount ? config.account.privateKey : otherKey);
      return `wallet account switched to ${shortAddress(wallet.address)}`;
    }),
    button('Switch wallet chain', 'wallet-switch-chain', () => {
      const known = wallet.knownChains;
      const index = known.findIndex((item) => item.chainId === wallet.chainId);
      const next = known[(index + 1) % known.length];
      if (next) wallet.setChain(next.chainId);
      return `wallet chain switched to ${chainLabel(wallet.chainId)}`;
    }),
    batchingButton,
    delayButton,
    connectButton,
  );

  container.replaceChildren(
    h('div', { class: 'card-header' }, h('h2', {}, 'Development wallet')),
    h(
      'p',
      { class: 'muted' },
      "An EIP-1193 provider over the sandbox's funded test key. It signs locally and broadcasts to the local chains, like an injected wallet without the popups. It speaks EIP-5792: approvals and transfer in one prompt, run atomically by a real EIP-7702 delegation; turn batching off to see one prompt per step.",
    ),
    h('dl', { class: 'facts' }, h('dt', {}, 'Status'), status, h('dt', {}, 'Account'), address, h('dt', {}, 'Chain'), chain, h('dt', {}, 'Batching'), batching),
    controls,
    traps,
    h('h3', {}, 'Balances'),
    balances,
  );

  function chainLabel(chainId: number): string {
    const known = wallet.knownChains.find((item) => item.chainId === chainId);
    return known?.name ? `${known.name} (${chainId})` : String(chainId);
  }

  function render() {
    status.textContent = wallet.connected ? 'Connected' : 'Not connected';
    status.className = wallet.connected ? 'ok' : 'warn';
    address.textContent = wallet.address;
    address.title = usingSandboxAccount ? "The sandbox's demo account" : 'The second test account';
    chain.textContent = chainLabel(wallet.chainId);
    connectButton.textContent = wallet.connected ? 'Disconnect' : 'Connect';
    batching.textContent = wallet.eip5792 ? 'EIP-5792 on (atomic through EIP-7702)' : 'EIP-5792 off (method not found)';
    batchingButton.setAttribute('aria-pressed', String(wallet.eip5792));
    delayButton.setAttribute('aria-pressed', String(wallet.promptDelayMs > 0));
    const pending = wallet.pendingTraps;
    traps.textContent = pending.length ? `Armed: ${pending.map((trap) => `${trap.action} the next ${describeMatcher(trap.method)}`).join(', ')}` : '';
  }

  function renderBalances(rows: Balance[]) {
    const body = h('tbody');
    for (const item of config.chains) {
      body.append(h('tr', {}, h('th', { colspan: '2', scope: 'colgroup' }, chainLabel(item.chainId))));
      for (const balance of rows.filter((row) => row.chainId === item.chainId)) {
        body.append(h('tr', {}, h('td', { class: 'num' }, balance.formatted ?? 'unavailable'), h('td', {}, balance.symbol)));
      }
    }
    balances.replaceChildren(h('caption', { class: 'muted' }, shortAddress(wallet.address)), body);
  }

  function describeMatcher(method: string | readonly string[] | undefined): string {
    if (method === undefined) return 'request';
    if (method === PROMPT_METHODS) return 'prompt';
    return typeof method === 'string' ? method : method.join(' / ');
  }

  const nativeSymbol = (item: SandboxChain) =>
    config.tokens.find((token) => token.chainId === item.chainId && NATIVE_ADDRESS.test(token.address))?.symbol ?? 'ETH';

  let refreshing: AbortController | undefined;
  async function refreshBalances() {
    refreshing?.abort();
    const controller = (refreshing = new AbortController());
    try {
      const rows = await readBalances(wallet.address, config.chains, config.tokens, nativeSymbol, controller.signal);
      if (!controller.signal.aborted) renderBalances(rows);
    } catch {
      // Aborted by a newer refresh.
    }
  }

  const onChange = () => {
    render();
    void refreshBalances();
  };
  wallet.on('accountsChanged', onChange);
  wallet.on('chainChanged', onChange);
  const timer = setInterval(() => {
    render();
    void refreshBalances();
  }, BALANCE_REFRESH_MS);
  onChange();

  return {
    render,
    dispose() {
      clearInterval(timer);
      refreshing?.abort();
      wallet.removeListener('accountsChanged', onChange);
      wallet.removeListener('chainChanged', onChange);
    },
  };
}
