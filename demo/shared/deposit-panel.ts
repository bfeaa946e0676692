import { bech32 } from '@scure/base';
import { encodeFunctionData, erc20Abi, hexToBytes, numberToHex } from 'viem';
import { createDevWallet } from '../dev-wallet.js';
import { h, shortAddress } from './dom.js';
import type { EventLog } from './event-log.js';
import { walletChains, type SandboxConfig } from './sandbox-config.js';

const NATIVE_ADDRESS = /^0x[eE]{40}$/;

/** What the sandbox's admin view (`GET /__sandbox/intents`) says of an intent paid into a deposit address. */
interface DepositIntent {
  status: string;
  sandbox: { deposit: { address: string; chainId: string; token: string; amount: string; paymentTxHash: string | null } | null };
}

/**
 * "Pay from the demo's other wallet": the widget, with no wallet connected
 * (press Disconnect on the development wallet), offers "Send from another
 * wallet or an exchange" and shows a deposit address; this card pays it from
 * the sandbox's second funded account, as a user would from any wallet or an
 * exchange. It finds the address the widget shows through the sandbox's admin
 * view (the open deposit, newest first), so nothing is copied by hand.
 */
export function mountDepositPanel(container: HTMLElement, config: SandboxConfig, log: EventLog): void {
  const other = config.otherAccount;
  if (!other) {
    container.replaceChildren(h('p', { class: 'muted' }, 'The sandbox has no second funded account to pay from.'));
    return;
  }
  const wallet = createDevWallet({ privateKey: other.privateKey, chains: walletChains(config), autoConnect: true });
  // The same account on the simulated Cosmos chain (cataclysm-1): its 20 bytes under the chain's prefix.
  const cosmos = bech32.encode('cata', bech32.toWords(hexToBytes(other.address)));
  const result = h('p', { class: 'muted', 'data-testid': 'deposit-result', 'aria-live': 'polite' });

  const pay = async (numerator: bigint, denominator: bigint): Promise<string> => {
    const response = await fetch(`${config.adminUrl}/intents`, { cache: 'no-store' });
    const { intents } = (await response.json()) as { intents: DepositIntent[] };
    const open = intents.filter((i) => i.status === 'pending' && i.sandbox.deposit && !i.sandbox.deposit.paymentTxHash).at(-1)?.sandbox.deposit;
    if (!open) return 'No deposit address is waiting for a payment: show one in the widget first.';
    const amount = (BigInt(open.amount) * numerator) / denominator;
    if (open.chainId === 'cataclysm-1') {
      const admin = (path: string, body: object) =>
        fetch(`${config.adminUrl}/cosmos/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await admin('fund', { address: cosmos, denom: open.token, amount: amount.toString() });
      await admin('send', { from: cosmos, to: open.address, denom: open.token, amount: amount.toString() });
    } else {
      await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(Number(open.chainId)) }] });
      const to = open.address as `0x${string}`;
      const transaction = NATIVE_ADDRESS.test(open.token)
        ? { from: wallet.address, to, value: numberToHex(amount) }
        : { from: wallet.address, to: open.token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) };
      await wallet.request({ method: 'eth_sendTransaction', params: [transaction] });
    }
    return `the other wallet paid ${amount} (smallest units) into ${shortAddress(open.address)} on ${open.chainId}`;
  };

  const button = (label: string, testId: string, numerator: bigint, denominator: bigint) => {
    const element = h('button', { type: 'button', 'data-testid': testId }, label);
    element.addEventListener('click', () => {
      pay(numerator, denominator).then(
        (done) => {
          result.textContent = done;
          log.add('demo', done);
        },
        (error: unknown) => log.add('demo', `${label} failed`, (error as Error).message),
      );
    });
    return element;
  };

  container.replaceChildren(
    h('div', { class: 'card-header' }, h('h2', {}, 'Pay from the demo’s other wallet')),
    h(
      'p',
      { class: 'muted' },
      'Press Disconnect on the development wallet, then “Send from another wallet or an exchange” in the widget. Type this wallet as the address you send from, a recipient, and show the deposit address; then pay it from here, as from any wallet or an exchange.',
    ),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Sends from'),
      h('dd', { class: 'mono', 'data-testid': 'deposit-sender' }, other.address),
      h('dt', {}, 'On Cataclysm'),
      h('dd', { class: 'mono' }, cosmos),
    ),
    h(
      'div',
      { class: 'controls' },
      button('Pay from the demo’s other wallet', 'deposit-pay', 1n, 1n),
      button('Pay too little (half)', 'deposit-pay-half', 1n, 2n),
    ),
    result,
  );
}
