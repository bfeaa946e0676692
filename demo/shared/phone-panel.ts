/**
 * The phone wallet's card (sandbox/walletconnect/phone-wallet.ts, driven over
 * `/__sandbox/phone`): what a wallet app on a phone shows its user. "Scan
 * the code" reads the pairing link off the widget's WalletConnect dialog, as
 * a camera reads its QR code; each connection and request then waits here
 * for Approve or Reject (or is approved by itself).
 */
import { h, shortAddress } from './dom.js';
import type { EventLog } from './event-log.js';
import type { SandboxChain } from './sandbox-config.js';

interface PhoneState {
  address: string;
  chainId: number;
  settings: { approve: 'auto' | 'manual'; switchChain: 'grant' | 'refuse'; batching: boolean; reads: boolean };
  pending: { id: number; kind: 'proposal' | 'request'; title: string; chains: string[]; detail: string }[];
  sessions: { topic: string; peer: string; chains: string[] }[];
  log: string[];
}

const POLL_MS = 700;

export function mountPhonePanel(
  container: HTMLElement,
  options: { adminUrl: string; widget: HTMLElement; log: EventLog; chains: SandboxChain[] },
): { dispose(): void } {
  const { adminUrl, widget, log, chains } = options;
  const call = async (action: string, body: unknown = {}) => {
    const response = await fetch(`${adminUrl}/phone/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? `HTTP ${response.status}`);
    return (await response.json()) as PhoneState;
  };
  const act = (label: string, work: () => Promise<unknown>) => () => {
    work()
      .then(() => log.add('phone', label))
      .catch((error: unknown) => log.add('phone', `${label} failed`, (error as Error).message))
      .finally(() => void refresh());
  };
  const button = (label: string, testId: string, onClick: () => void) => {
    const element = h('button', { type: 'button', 'data-testid': testId }, label);
    element.addEventListener('click', onClick);
    return element;
  };
  const checkbox = (label: string, testId: string, read: (s: PhoneState['settings']) => boolean, patch: (on: boolean) => object) => {
    const input = h('input', { type: 'checkbox', 'data-testid': testId });
    input.addEventListener(
      'change',
      act(`${label}: ${input.checked ? 'on' : 'off'}`, () => call('settings', patch(input.checked))),
    );
    return { element: h('label', { class: 'toggle' }, input, ` ${label}`), sync: (s: PhoneState['settings']) => (input.checked = read(s)) };
  };

  const account = h('dd', { class: 'mono', 'data-testid': 'phone-address' });
  const network = h('select', { 'data-testid': 'phone-chain', 'aria-label': 'Network' });
  for (const chain of chains) network.append(h('option', { value: String(chain.chainId) }, chain.name));
  network.addEventListener(
    'change',
    act(`switched to ${network.value}`, () => call('chain', { chainId: Number(network.value) })),
  );
  const auto = checkbox(
    'Approve everything by itself',
    'phone-auto',
    (s) => s.approve === 'auto',
    (on) => ({ approve: on ? 'auto' : 'manual' }),
  );
  const batching = checkbox(
    'One prompt for a batch (EIP-5792)',
    'phone-batching',
    (s) => s.batching,
    (on) => ({ batching: on }),
  );
  const refuse = checkbox(
    'Refuse network switches',
    'phone-refuse-switch',
    (s) => s.switchChain === 'refuse',
    (on) => ({ switchChain: on ? 'refuse' : 'grant' }),
  );
  const pending = h('ul', { class: 'phone-pending', 'data-testid': 'phone-pending', 'aria-live': 'polite' });
  const sessions = h('p', { class: 'muted', 'data-testid': 'phone-sessions' });
  const lines = h('ol', { class: 'phone-log muted', 'data-testid': 'phone-log' });

  const scan = button('Scan the widget’s code', 'phone-scan', () => {
    const uri = (widget.shadowRoot?.querySelector('bw-walletconnect-dialog') as (HTMLElement & { uri?: string }) | null)?.uri;
    if (!uri) return log.add('phone', 'no code to scan: press Connect wallet, then WalletConnect');
    act('scanned the code', () => call('pair', { uri }))();
  });
  const end = button(
    'End the session',
    'phone-disconnect',
    act('ended the session', () => call('disconnect')),
  );

  container.replaceChildren(
    h('h2', {}, 'Phone wallet'),
    h('p', { class: 'muted' }, 'A wallet app on another device, through the sandbox’s WalletConnect relay.'),
    h('dl', {}, h('dt', {}, 'Account'), account, h('dt', {}, 'Network'), h('dd', {}, network)),
    h('div', { class: 'controls' }, scan, end),
    h('div', { class: 'controls' }, auto.element, batching.element, refuse.element),
    h('h3', {}, 'Waiting for you'),
    pending,
    sessions,
    h('h3', {}, 'On the phone'),
    lines,
  );

  let state: PhoneState | undefined;
  async function refresh(): Promise<void> {
    try {
      state = (await (await fetch(`${adminUrl}/phone`, { cache: 'no-store' })).json()) as PhoneState;
    } catch {
      return;
    }
    account.textContent = shortAddress(state.address);
    account.title = state.address;
    if (document.activeElement !== network) network.value = String(state.chainId);
    for (const toggle of [auto, batching, refuse]) toggle.sync(state.settings);
    pending.replaceChildren(
      ...(state.pending.length
        ? state.pending.map((item) =>
            h(
              'li',
              {},
              h('strong', {}, item.kind === 'proposal' ? `${item.title} asks to connect` : item.title),
              item.detail ? ` ${item.detail}` : '',
              ' ',
              button(
                'Approve',
                `phone-approve-${item.id}`,
                act(`approved ${item.title}`, () => call('respond', { id: item.id, approve: true })),
              ),
              button(
                'Reject',
                `phone-reject-${item.id}`,
                act(`rejected ${item.title}`, () => call('respond', { id: item.id, approve: false })),
              ),
            ),
          )
        : [h('li', { class: 'muted' }, 'Nothing')]),
    );
    sessions.textContent = state.sessions.length ? `Connected to ${state.sessions.map((s) => s.peer).join(', ')}` : 'Not connected to any page';
    lines.replaceChildren(...state.log.slice(-8).map((line) => h('li', {}, line)));
  }
  void refresh();
  const timer = setInterval(() => void refresh(), POLL_MS);
  return { dispose: () => clearInterval(timer) };
}
