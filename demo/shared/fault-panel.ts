import { h } from './dom.js';
import type { EventLog } from './event-log.js';

/** The part of the sandbox's fault state (`GET /__sandbox/faults`) the panel shows. */
interface FaultState {
  latency: { ms: number } | null;
  rateLimitBurst: { count: number } | null;
  malformedBody: { count: number } | null;
  wrongType: { count: number } | null;
  failedProviders: string[];
  stuckBridge: boolean;
  failWithRefund: boolean;
  holdRefund: boolean;
  needsGas: boolean;
  slowBalanceChains: string[];
  allowanceRpcFailure: { status: number } | null;
  flaggedAddresses: string[];
  hostile: string | null;
  /** Older sandboxes lack the two catalog switches: the panel then shows them off. */
  catalog?: 'default' | 'large';
  plainTokenList?: boolean;
}

interface FaultContext {
  /** The wallet's current account, for the AML switch. */
  account: () => string;
  chainIds: number[];
}

interface FaultSwitch {
  id: string;
  label: string;
  help: string;
  isOn(state: FaultState, context: FaultContext): boolean;
  /** The `POST /__sandbox/faults` patch that turns the switch on or off. */
  patch(on: boolean, state: FaultState, context: FaultContext): Record<string, unknown>;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// The faults that tell a story in the widget. Counted ones ("next N") switch
// themselves off once they have fired; the panel's polling shows that.
const SWITCHES: FaultSwitch[] = [
  {
    id: 'latency',
    label: 'Slow service (2 s per request)',
    help: 'Every API call waits 2 s: loading states and abort-on-change become visible.',
    isOn: (s) => (s.latency?.ms ?? 0) > 0,
    patch: (on) => ({ latency: on ? 2000 : null }),
  },
  {
    id: 'rate-limit',
    label: 'Rate limit the next 3 requests',
    help: 'HTTP 429 with Retry-After; the widget should back off and retry.',
    isOn: (s) => (s.rateLimitBurst?.count ?? 0) > 0,
    patch: (on) => ({ rateLimitBurst: on ? 3 : null }),
  },
  {
    id: 'malformed',
    label: 'Break the next response body',
    help: 'The next successful response is cut in half.',
    isOn: (s) => (s.malformedBody?.count ?? 0) > 0,
    patch: (on) => ({ malformedBody: on ? 1 : null }),
  },
  {
    id: 'wrong-type',
    label: 'Wrong field type in the next response',
    help: 'Schema validation should catch it instead of showing nonsense.',
    isOn: (s) => (s.wrongType?.count ?? 0) > 0,
    patch: (on) => ({ wrongType: on ? 1 : null }),
  },
  {
    id: 'providers-failed',
    label: 'Every provider fails',
    help: 'Quotes and routes answer 502 with failed provider outcomes (retryable).',
    isOn: (s) => s.failedProviders.length > 0,
    patch: (on) => ({ failedProviders: on ? true : null }),
  },
  {
    id: 'aml',
    label: "Flag the wallet's address (AML)",
    help: 'Quotes for the current account are refused without a reason.',
    isOn: (s, c) => s.flaggedAddresses.some((a) => sameAddress(a, c.account())),
    patch: (on, s, c) => ({
      flaggedAddresses: on ? [...s.flaggedAddresses, c.account()] : s.flaggedAddresses.filter((a) => !sameAddress(a, c.account())),
    }),
  },
  {
    id: 'allowance-rpc',
    label: 'Allowance endpoint fails',
    help: 'The allowance check answers 502, as if its upstream RPC were down.',
    isOn: (s) => s.allowanceRpcFailure !== null,
    patch: (on) => ({ allowanceRpcFailure: on ? true : null }),
  },
  {
    id: 'stuck',
    label: 'Bridge gets stuck',
    help: 'Intents stay "bridging" forever after the source transaction.',
    isOn: (s) => s.stuckBridge,
    patch: (on) => ({ stuckBridge: on }),
  },
  {
    id: 'refund',
    label: 'Destination fails, source refunded',
    help: 'The intent ends "failed" and the deposit is refunded on the source chain.',
    isOn: (s) => s.failWithRefund,
    patch: (on) => ({ failWithRefund: on }),
  },
  {
    id: 'hold-refund',
    label: 'Refund takes its time',
    help: 'A refund is reported at once; its transaction is sent only when this is switched off.',
    isOn: (s) => s.holdRefund,
    patch: (on) => ({ holdRefund: on }),
  },
  {
    id: 'needs-gas',
    label: 'Destination needs gas',
    help: 'The intent stalls with gas_status "needs_gas" until switched off.',
    isOn: (s) => s.needsGas,
    patch: (on) => ({ needsGas: on }),
  },
  {
    id: 'slow-balances',
    label: 'Balances arrive partially',
    help: 'Balance reads miss their deadline: the response is partial.',
    isOn: (s) => s.slowBalanceChains.length > 0,
    patch: (on, _s, c) => ({ slowBalanceChains: on ? c.chainIds.map(String) : null }),
  },
  {
    id: 'large-catalog',
    label: 'Production-size catalog (40 chains, 20,000 tokens)',
    help: 'The service lists as many chains and tokens as a real one; reload the widget to see it start with them.',
    isOn: (s) => s.catalog === 'large',
    patch: (on) => ({ catalog: on ? 'large' : 'default' }),
  },
  {
    id: 'plain-token-list',
    label: 'Service ignores token paging',
    help: 'The tokens endpoint answers its whole list to every request, as a service without pagination does.',
    isOn: (s) => s.plainTokenList === true,
    patch: (on) => ({ plainTokenList: on }),
  },
];

// A compromised routing service, one lie at a time (sandbox README, "Hostile
// responses"). The widget should refuse each before the wallet opens.
const HOSTILE_MODES: { mode: string; label: string; help: string }[] = [
  { mode: 'inflated-value', label: 'Inflated value', help: "The route's transaction sends 100× the amount (native source) or 2 ETH (ERC-20 source)." },
  {
    mode: 'foreign-token-approval',
    label: 'Approval for another token',
    help: 'The first approval is for a different token on the source chain (WETH instead of USDC).',
  },
  { mode: 'huge-approval', label: 'Approval for 1000× the amount', help: 'The first approval asks for a thousand times the amount (ERC-20 source).' },
  { mode: 'max-approval', label: 'Unlimited approval', help: 'The first approval asks for 2^256 − 1 (ERC-20 source).' },
  { mode: 'drain-calldata', label: 'Drain to an attacker', help: 'The "transfer" is transfer(attacker, amount) on the token contract itself (ERC-20 source).' },
  {
    mode: 'foreign-chain-approval',
    label: 'Approvals on other chains',
    help: 'Approvals name the destination chain and chain 1 instead of the source chain (ERC-20 source).',
  },
  { mode: 'worse-terms', label: 'Worse terms than quoted', help: 'The route promises half of what the quote showed; the transaction itself is honest.' },
  { mode: 'foreign-status', label: 'Status of another intent', help: 'Every status answer claims success for a different intent until switched back.' },
  {
    mode: 'dest-another-transfer',
    label: 'Arrival: another user’s transfer',
    help: 'The service says success with the hash of a real transfer to another user: the widget checks the chain and does not say complete.',
  },
  {
    mode: 'dest-reverted',
    label: 'Arrival: reverted transaction',
    help: 'Success is reported with the hash of a transaction that reverted on the destination chain.',
  },
  {
    mode: 'dest-other-recipient',
    label: 'Arrival: sent to another address',
    help: 'The tokens are released to another address; the status says success anyway.',
  },
  { mode: 'dest-other-token', label: 'Arrival: another token', help: 'Another token is released to the recipient; the status says success anyway.' },
  {
    mode: 'dest-missing',
    label: 'Arrival: no such transaction',
    help: 'Success is reported with a hash that does not exist on the destination chain (the widget waits about a minute, then says so).',
  },
  {
    mode: 'fee-griefing',
    label: 'Network fee griefing',
    help: 'The route asks for 30,000,000 gas at 100,000 gwei: the widget passes neither, and shows the bounded fee.',
  },
  {
    mode: 'permit2-approval',
    label: 'Permit2 approve',
    help: "The transaction is Permit2's approve(token, attacker, max, max): refused by its simulated effect.",
  },
  {
    mode: 'nft-approval-for-all',
    label: 'NFT setApprovalForAll',
    help: 'The transaction is setApprovalForAll(attacker, true) on an NFT contract: refused by its simulated effect.',
  },
  {
    mode: 'eoa-spender',
    label: 'Approval to an account without code',
    help: 'The first approval names an account with no code as the spender (ERC-20 source).',
  },
  { mode: 'many-approvals', label: '50 approvals', help: 'The route lists 50 approvals (ERC-20 source): refused at once.' },
  {
    mode: 'below-minimum',
    label: 'Success below the minimum',
    help: "The transfer settles a tenth of the route's guaranteed minimum; the status says success.",
  },
  { mode: 'hex-chain-ids', label: 'Chain ids in hex', help: 'Chain ids in the route and status are written in 0x hex: a legitimate route that completes.' },
  {
    mode: 'bidi-names',
    label: 'Right-to-left overrides in names',
    help: 'Chain and token names carry U+202E and 200 characters, the explorer a javascript: URL.',
  },
];
const HONEST_HELP = 'Routes and statuses are honest. Pick a lie to see the widget refuse it; ERC-20 lies need an ERC-20 source.';

const POLL_MS = 2_000;
let panelCount = 0;

/**
 * Toggles the sandbox routing service's fault switches through its admin
 * endpoints (`GET`/`POST /__sandbox/faults`, `POST /__sandbox/reset`; see
 * sandbox/service/admin.ts). These exist only on the sandbox service;
 * the widget never sees them, it only sees the service misbehave.
 */
export function mountFaultPanel(container: HTMLElement, options: { adminUrl: string; log: EventLog; account: () => string; chainIds: number[] }): () => void {
  const faultsUrl = `${options.adminUrl}/faults`;
  const context: FaultContext = { account: options.account, chainIds: options.chainIds };
  const message = h('p', { class: 'muted', role: 'status' });
  const inputs = new Map<string, HTMLInputElement>();
  let state: FaultState | undefined;

  const list = h('ul', { class: 'faults', 'data-testid': 'fault-list' });
  for (const fault of SWITCHES) {
    const input = h('input', { type: 'checkbox', 'data-fault': fault.id, disabled: true });
    inputs.set(fault.id, input);
    input.addEventListener('change', () => void toggle(fault, input.checked));
    list.append(h('li', {}, h('label', {}, input, h('span', {}, fault.label), h('span', { class: 'fault-help' }, fault.help))));
  }
  panelCount += 1;
  const hostileId = `fault-hostile-${panelCount}`;
  const hostileHelp = h('div', { class: 'fault-help', id: `${hostileId}-help` });
  const hostileSelect = h(
    'select',
    { id: hostileId, 'data-fault': 'hostile', 'aria-describedby': `${hostileId}-help`, disabled: true },
    h('option', { value: '' }, 'Honest'),
    ...HOSTILE_MODES.map((m) => h('option', { value: m.mode }, m.label)),
  );
  hostileSelect.addEventListener('change', () => {
    const mode = hostileSelect.value === '' ? null : hostileSelect.value;
    const label = HOSTILE_MODES.find((m) => m.mode === mode)?.label ?? 'honest';
    void send({ hostile: mode }, `Hostile routing service: ${label}`);
  });
  list.append(h('li', {}, h('label', { for: hostileId }, 'Hostile routing service'), hostileSelect, hostileHelp));

  const resetButton = h('button', { type: 'button', class: 'quiet', 'data-testid': 'faults-reset' }, 'Reset all');
  resetButton.addEventListener('click', () => void reset());

  container.replaceChildren(
    h('div', { class: 'card-header' }, h('h2', {}, 'Sandbox faults'), resetButton),
    h('p', { class: 'muted' }, 'Switches on the local routing service. The widget only notices their effects.'),
    list,
    message,
  );

  function render() {
    for (const fault of SWITCHES) {
      const input = inputs.get(fault.id);
      if (!input) continue;
      input.disabled = !state;
      input.checked = state ? fault.isOn(state, context) : false;
    }
    hostileSelect.disabled = !state;
    hostileSelect.value = state?.hostile ?? '';
    hostileHelp.textContent = HOSTILE_MODES.find((m) => m.mode === hostileSelect.value)?.help ?? HONEST_HELP;
  }

  async function call(init?: RequestInit): Promise<FaultState> {
    const response = await fetch(faultsUrl, { cache: 'no-store', ...init });
    const body = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const error = (body as { error?: unknown } | undefined)?.error;
      throw new Error(typeof error === 'string' ? error : `HTTP ${response.status}`);
    }
    return unwrap(body);
  }

  async function refresh() {
    try {
      state = await call();
      message.textContent = '';
    } catch (error) {
      state = undefined;
      message.textContent = `Fault switches unavailable: ${(error as Error).message}`;
    }
    render();
  }

  async function send(patch: Record<string, unknown>, what: string) {
    try {
      state = await call({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) });
      options.log.add('sandbox', what, patch);
    } catch (error) {
      options.log.add('sandbox', `${what} failed`, (error as Error).message);
      await refresh();
    }
    render();
  }

  async function toggle(fault: FaultSwitch, on: boolean) {
    if (!state) return;
    await send(fault.patch(on, state, context), `${fault.label}: ${on ? 'on' : 'off'}`);
  }

  async function reset() {
    try {
      // Also clears the rate-limit windows, so "reset" really means a fresh start.
      const response = await fetch(`${options.adminUrl}/reset`, { method: 'POST' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      state = unwrap(await response.json());
      options.log.add('sandbox', 'faults reset');
    } catch (error) {
      options.log.add('sandbox', 'reset failed', (error as Error).message);
    }
    render();
  }

  render();
  void refresh();
  const timer = setInterval(() => void refresh(), POLL_MS);
  return () => clearInterval(timer);
}

/** The admin endpoints answer `{ faults: FaultState }`. */
function unwrap(body: unknown): FaultState {
  const state = (body as { faults?: FaultState } | undefined)?.faults;
  if (!state || typeof state !== 'object' || !Array.isArray(state.failedProviders)) {
    throw new Error('unexpected answer from /__sandbox/faults');
  }
  return state;
}
