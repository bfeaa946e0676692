/**
 * A transfer whose outcome is unknown: the wallet forgot the batch
 * that carried it (EIP-5792 error 5730 after a reload), or the source chain
 * does not show the hash saved for it (`hashUnseen`: dropped, replaced, never
 * broadcast). It may have gone through, so it is never offered again as if
 * nothing happened:
 *
 * - the outcome is looked for (`lookUpOutcome`): the intent's status at the
 *   service (a status that names a transaction the source chain shows resolves
 *   it: the tracking follows it; a hash the chain does not show resolves
 *   nothing), then the source chain through the wallet: the account's nonce
 *   against the one read right before the prompt, the token balance against
 *   the refund floor saved with the batch id, and the allowance to the
 *   spender the batch approved (an approval mined, the transfer not);
 * - while the look-up runs, and after it while the outcome stays unknown, the
 *   form says so in plain words (`OutcomeLine`), and the primary action for
 *   the same route (same chains, tokens, amount, recipient) asks first
 *   (`primaryGate`): the first press never sends, nor does a press while the
 *   look-up runs. A different route is not held back.
 *
 * DOM-free. It travels with the transfer steps (./batch.ts re-exports it, see
 * ./chunks.ts): the chunk that finds a forgotten batch already holds it, and
 * shares its reads of the chain. `UnknownOutcomes` holds the state and brings
 * its English (../i18n/en/unknown.ts); the view says it by the keys it hands.
 */
import type { IntentStatus, QuoteRequest } from '../api/schemas.js';
import type { WidgetClient } from '../api/client.js';
import { transferClient } from '../api/transfer-client.js';
import { txHashOrNothing } from '../model/chain-value.js';
import { readErc20Allowance, readTokenBalance, type Address, type Eip1193Provider } from '../wallet/index.js';
import { callProvider } from '../wallet/provider.js';
import { enUnknown } from '../i18n/en/unknown.js';
import { addEnglish } from '../i18n/strings.js';
import { sleep } from '../model/sleep.js';
import { FlowError } from './errors.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';

/** What the source chain showed; each sign is absent when it could not be read. */
export interface OutcomeSigns {
  /** The account sent a transaction since the attempt (its nonce moved past the one read before the prompt). */
  nonceMoved?: boolean | undefined;
  /** The balance of the token sent fell below the refund floor: the amount left the account. */
  balanceDropped?: boolean | undefined;
  /** The allowance the batch's approval set (to the spender saved with the batch id) is there: that approval was mined. */
  approvalStands?: boolean | undefined;
  /** The service named a source transaction the chain does not show (neither mined nor pending): it resolves nothing. */
  hashMissing?: boolean | undefined;
}

export type OutcomeLookup =
  /** The service knows the transaction and the chain shows it: the transfer is followed as tracking does. */
  | { kind: 'found'; hash: string }
  /** Still unknown; the signs say what the chain showed (something may well have gone through). */
  | { kind: 'unknown'; signs: OutcomeSigns };

/** Whether an error means the transfer's outcome cannot be known from the wallet: a batch it forgot. */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof FlowError && error.kind === 'batch-unknown';
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

type RouteInputs = Pick<QuoteRequest, 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | 'fromAmount' | 'toAddress'>;

/** The same route as a saved transfer: same chains, tokens, amount and recipient (the sender is the store's key). */
export function sameRoute(saved: SavedTransfer, request: RouteInputs): boolean {
  return (
    saved.fromChainId === request.fromChain &&
    saved.toChainId === request.toChain &&
    same(saved.fromToken.address, request.fromToken) &&
    same(saved.toToken.address, request.toToken) &&
    saved.fromAmount === request.fromAmount &&
    same(saved.toAddress, request.toAddress)
  );
}

export type PrimaryGate = { kind: 'send' } | { kind: 'confirm'; saved: SavedTransfer };

/**
 * What the primary action does for a request: `confirm` while a transfer of the
 * same route has an unknown outcome and the user has not said to send again
 * anyway for it (`confirmed` holds the intent ids they did); else `send`.
 */
export function primaryGate(unknown: readonly SavedTransfer[], request: RouteInputs | undefined, confirmed: ReadonlySet<string>): PrimaryGate {
  if (!request) return { kind: 'send' };
  const saved = unknown.find((s) => sameRoute(s, request) && !confirmed.has(s.intentId));
  return saved ? { kind: 'confirm', saved } : { kind: 'send' };
}

export interface OutcomeLookupDeps {
  /** The intent's status at the service. */
  status: (intentId: string, signal?: AbortSignal) => Promise<IntentStatus>;
  /** The wallet, for the source chain's reads; they are skipped when it is on another chain. */
  provider?: Eip1193Provider | undefined;
  signal?: AbortSignal | undefined;
}

const READ_MS = 5_000;

/** Looks for the outcome of a saved transfer; never throws for a read that fails (that sign is left out), only for an abort. */
export async function lookUpOutcome(saved: SavedTransfer, deps: OutcomeLookupDeps): Promise<OutcomeLookup> {
  const { signal, provider } = deps;
  const status = await deps.status(saved.intentId, signal).catch(() => undefined);
  signal?.throwIfAborted();
  const named = status?.kind === 'tracked' ? txHashOrNothing(status.source_tx_hash) : undefined;
  const signs: OutcomeSigns = {};
  const options = { signal, timeoutMs: READ_MS };
  const read = (method: string, params: unknown[]) => (provider ? callProvider(provider, method, params, options, READ_MS).catch(() => undefined) : undefined);
  const chainId = await read('eth_chainId', []);
  signal?.throwIfAborted();
  const onSource = typeof chainId === 'string' && /^0x[0-9a-f]+$/i.test(chainId) && BigInt(chainId).toString() === saved.fromChainId;
  if (named) {
    // The service's word alone resolves it only when the chain cannot be asked; else the chain must show the transaction, mined or pending.
    if (!onSource || (await read('eth_getTransactionReceipt', [named])) || (await read('eth_getTransactionByHash', [named])))
      return { kind: 'found', hash: named };
    signs.hashMissing = true;
  }
  if (!onSource || !provider) return { kind: 'unknown', signs };
  const owner = saved.account as Address;
  const token = saved.fromToken.address as Address;
  if (saved.nonceAtAttempt !== undefined) {
    const nonce = await read('eth_getTransactionCount', [owner, 'latest']);
    if (typeof nonce === 'string' && /^0x[0-9a-f]+$/i.test(nonce)) signs.nonceMoved = BigInt(nonce) > BigInt(saved.nonceAtAttempt);
  }
  if (saved.refundFloor !== undefined) {
    const balance = await readTokenBalance(provider, { token, owner }, options).catch(() => undefined);
    if (balance !== undefined) signs.balanceDropped = balance < saved.refundFloor;
  }
  if (saved.approvalSpender) {
    const allowance = await readErc20Allowance(provider, { token, owner, spender: saved.approvalSpender as Address }, options).catch(() => undefined);
    if (allowance !== undefined) signs.approvalStands = allowance >= saved.fromAmount;
  }
  signal?.throwIfAborted();
  return { kind: 'unknown', signs };
}

/** The account's nonce now, read right before a prompt and saved with the attempt: a later one says the account sent something since. */
export async function nonceNow(provider: Eip1193Provider, account: string, signal?: AbortSignal): Promise<number | undefined> {
  const nonce = await callProvider(provider, 'eth_getTransactionCount', [account, 'latest'], { signal, timeoutMs: READ_MS }, READ_MS).catch(() => undefined);
  return typeof nonce === 'string' && /^0x[0-9a-f]{1,14}$/i.test(nonce) ? Number(nonce) : undefined;
}

/** How long after its broadcast a saved hash may go unseen by the source chain (a node slow to learn it) before its outcome is unknown. */
export const HASH_GRACE_MS = 60_000;

/**
 * Whether the source chain shows nothing of a saved transfer's hash, neither
 * mined nor pending (dropped, replaced, or never broadcast by the wallet),
 * asked again until `graceMs` after the broadcast. `false` whenever the chain
 * cannot be asked (no wallet, another chain, a read that fails): the tracking
 * then goes on as before.
 */
export async function hashUnseen(saved: SavedTransfer, provider: Eip1193Provider | undefined, signal?: AbortSignal, graceMs = HASH_GRACE_MS): Promise<boolean> {
  const hash = saved.sourceTxHash;
  const read = (method: string, params: unknown[]) => callProvider(provider!, method, params, { signal, timeoutMs: READ_MS }, READ_MS);
  for (;;) {
    const chainId = provider && hash && (await read('eth_chainId', []).catch(() => undefined));
    if (typeof chainId !== 'string' || !/^0x[0-9a-f]{1,14}$/i.test(chainId) || String(Number(chainId)) !== saved.fromChainId) return false;
    if ((await read('eth_getTransactionByHash', [hash]).catch(() => true)) !== null) return false;
    const left = (saved.broadcastAt ?? 0) + graceMs - Date.now();
    if (left <= 0) return true;
    await sleep(Math.min(left, 5_000), signal);
  }
}

/** Whether the signs say something went through (the question says so, more strongly). */
export function likelySent(signs: OutcomeSigns): boolean {
  return signs.nonceMoved === true || signs.balanceDropped === true;
}

/** What the form says of an unknown outcome, as a string key of the widget's tables. */
export type OutcomeLine = 'unknown.lookingUp' | 'unknown.left' | 'unknown.approval' | 'unknown.sent' | 'unknown.nothing' | 'unknown.unread';

/** The plain words for what the look-up found (or that it is still looking). */
export function outcomeLine(signs: OutcomeSigns | undefined): OutcomeLine {
  if (!signs) return 'unknown.lookingUp';
  if (signs.balanceDropped) return 'unknown.left';
  if (signs.approvalStands && signs.balanceDropped === false) return 'unknown.approval';
  if (signs.nonceMoved) return 'unknown.sent';
  // The batch is sent from the account itself: a nonce that did not move means nothing of it was mined.
  if (signs.nonceMoved === false) return 'unknown.nothing';
  return 'unknown.unread';
}

/** The question before the same route is sent again, as string keys of the widget's tables. */
export interface OutcomeQuestion {
  saved: SavedTransfer;
  likelySent: boolean;
  looking: boolean;
  key: 'unknown.likelySent' | 'unknown.sendAgain';
  button: 'action.sendAgain';
}

/** A transfer whose outcome is unknown, and what the look-up found (`undefined` while it runs). */
export interface UnknownOutcome {
  saved: SavedTransfer;
  signs: OutcomeSigns | undefined;
}

/** What the outcomes read of the session and tell it (the session is one). */
export interface UnknownOutcomesHost {
  /** The saved transfers (the session loads them before the outcomes). */
  readonly store: IntentStore | undefined;
  /** The service, for the intent's status; none: the chain alone is read. */
  readonly client: WidgetClient | undefined;
  /** The wallet, for the source chain's reads. */
  readonly provider: Eip1193Provider | undefined;
  readonly form: { setProblem(problem: undefined): void };
  /** On the form, a transfer the look-up found is shown; elsewhere (another transfer on its way) it is followed unseen. */
  readonly view: string;
  /** The service and the chain know the transaction: the tracking follows it (shown, or unseen behind another transfer). */
  follow(saved: SavedTransfer, show: boolean): void;
  requestUpdate(): void;
}

/** The session's unknown outcomes: looked up once each, asked about before the same route is sent again. */
export class UnknownOutcomes {
  entries: readonly UnknownOutcome[] = [];
  /** The unknown transfer the primary action is asking about ("Send again anyway?"): the next press sends. */
  asking: SavedTransfer | undefined;
  /** Intent ids the user chose to send again knowing the first may have gone through. */
  readonly #confirmed = new Set<string>();
  readonly #host: UnknownOutcomesHost;

  constructor(host: UnknownOutcomesHost) {
    this.#host = host;
    addEnglish(enUnknown);
  }

  /** An outcome became unknown: kept as such and looked for, once. */
  async add(saved: SavedTransfer): Promise<void> {
    const host = this.#host;
    if (this.entries.some((e) => e.saved.intentId === saved.intentId)) return;
    const entry: UnknownOutcome = { saved, signs: undefined };
    this.entries = [...this.entries, entry];
    host.requestUpdate();
    const client = host.client && transferClient(host.client);
    const status = async (intentId: string, signal?: AbortSignal) => {
      if (!client) throw new Error('no service');
      return (await client.status(intentId, { signal })).data;
    };
    const lookup = await lookUpOutcome(saved, { status, provider: host.provider }).catch(() => ({ kind: 'unknown', signs: {} }) as const);
    if (lookup.kind === 'found') {
      const change = { phase: 'broadcast', sourceTxHash: lookup.hash, batchId: undefined } as const;
      this.entries = this.entries.filter((e) => e !== entry);
      if (this.asking?.intentId === saved.intentId) this.asking = undefined;
      // No longer unknown: the problem that said so goes, and the transfer is followed as tracking does.
      host.form.setProblem(undefined);
      host.follow(
        host.store?.update(saved.account, saved.intentId, (current) => current && { ...current, ...change }) ?? { ...saved, ...change },
        host.view === 'form',
      );
    } else entry.signs = lookup.signs;
    host.requestUpdate();
  }

  /** The press of the primary action: whether it may send. The first press for a route with an unknown outcome asks; so does any press while the look-up runs. */
  mayBridge(request: RouteInputs | undefined): boolean {
    const gate = primaryGate(
      this.entries.map((e) => e.saved),
      request,
      this.#confirmed,
    );
    if (gate.kind === 'send') return true;
    const { intentId } = gate.saved;
    const known = this.entries.find((e) => e.saved.intentId === intentId)?.signs;
    if (this.asking?.intentId !== intentId || !known) {
      this.asking = gate.saved;
      this.#host.requestUpdate();
      return false;
    }
    this.#confirmed.add(intentId);
    this.asking = undefined;
    return true;
  }

  /** What the form says of each unknown outcome: that it is being looked up, then what the look-up found. */
  lines(): { key: OutcomeLine; saved: SavedTransfer }[] {
    return this.entries.map((e) => ({ key: outcomeLine(e.signs), saved: e.saved }));
  }

  /**
   * The question on screen, while the form still holds that route: its words (`key`, stronger when the chain's signs say
   * it likely went through) and the button's (`button`); `looking` while the look-up runs (the answer cannot be chosen yet).
   */
  question(request: RouteInputs | undefined): OutcomeQuestion | undefined {
    const asking = this.asking;
    if (!asking || !request) return undefined;
    // Another route on the form drops the question: coming back to this one asks again before it sends.
    if (!sameRoute(asking, request)) {
      this.asking = undefined;
      return undefined;
    }
    // The look-up may finish after the question was asked: its signs are read as they are now.
    const signs = this.entries.find((e) => e.saved.intentId === asking.intentId)?.signs;
    const likely = !!signs && likelySent(signs);
    return { saved: asking, likelySent: likely, looking: !signs, key: likely ? 'unknown.likelySent' : 'unknown.sendAgain', button: 'action.sendAgain' };
  }
}
