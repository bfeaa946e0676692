/**
 * A transfer whose outcome is unknown (issue 35): the wallet forgot the batch
 * that carried it (EIP-5792 error 5730 after a reload) or cannot find its
 * hash. It may have gone through, so it is never offered again as if nothing
 * happened:
 *
 * - the outcome is looked for (`lookUpOutcome`): the intent's status at the
 *   service (a status that names a transaction resolves it: the tracking
 *   follows it), then the source chain through the wallet: the account's
 *   nonce against the one read right before the prompt, the token balance
 *   against the refund floor saved with the batch id, and the allowance to
 *   the route's spender when it is known;
 * - while it stays unknown, the form's primary action for the same route
 *   (same chains, tokens, amount, recipient) asks first (`primaryGate`): the
 *   first press never sends. A different route is not held back.
 *
 * DOM-free; the session holds the state and the view says it.
 */
import type { IntentStatus, QuoteRequest } from '../api/schemas.js';
import { readErc20Allowance, readTokenBalance, type Address, type Eip1193Provider } from '../wallet/index.js';
import { callProvider } from '../wallet/provider.js';
import { FlowError } from './errors.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';

/** What the source chain showed; each sign is absent when it could not be read. */
export interface OutcomeSigns {
  /** The account sent a transaction since the attempt (its nonce moved past the one read before the prompt). */
  nonceMoved?: boolean | undefined;
  /** The balance of the token sent fell below the refund floor: the amount left the account. */
  balanceDropped?: boolean | undefined;
  /** The allowance to the route's spender, when the spender is known. */
  allowance?: bigint | undefined;
}

export type OutcomeLookup =
  /** The service knows the transaction: the transfer is followed as tracking does. */
  | { kind: 'found'; status: Extract<IntentStatus, { kind: 'tracked' }> }
  /** Still unknown; the signs say what the chain showed (something may well have gone through). */
  | { kind: 'unknown'; signs: OutcomeSigns };

/** Whether an error means the transfer's outcome cannot be known from the wallet: a batch it forgot. */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof FlowError && error.kind === 'batch-unknown';
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The same route as a saved transfer: same chains, tokens, amount and recipient (the sender is the store's key). */
export function sameRoute(
  saved: SavedTransfer,
  request: Pick<QuoteRequest, 'fromChain' | 'toChain' | 'fromToken' | 'toToken' | 'fromAmount' | 'toAddress'>,
): boolean {
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
export function primaryGate(
  unknown: readonly SavedTransfer[],
  request: Parameters<typeof sameRoute>[1] | undefined,
  confirmed: ReadonlySet<string>,
): PrimaryGate {
  if (!request) return { kind: 'send' };
  const saved = unknown.find((s) => sameRoute(s, request) && !confirmed.has(s.intentId));
  return saved ? { kind: 'confirm', saved } : { kind: 'send' };
}

export interface OutcomeLookupDeps {
  /** The intent's status at the service. */
  status: (intentId: string, signal?: AbortSignal) => Promise<IntentStatus>;
  /** The wallet, for the source chain's reads; they are skipped when it is on another chain. */
  provider?: Eip1193Provider | undefined;
  /** The route's spender (the approval's), when known: its allowance is read. */
  spender?: Address | undefined;
  signal?: AbortSignal | undefined;
}

const READ_MS = 5_000;

/** Looks for the outcome of a saved transfer; never throws for a read that fails (that sign is left out), only for an abort. */
export async function lookUpOutcome(saved: SavedTransfer, deps: OutcomeLookupDeps): Promise<OutcomeLookup> {
  const { signal, provider } = deps;
  const status = await deps.status(saved.intentId, signal).catch(() => undefined);
  signal?.throwIfAborted();
  if (status?.kind === 'tracked') return { kind: 'found', status };
  const signs: OutcomeSigns = {};
  if (!provider) return { kind: 'unknown', signs };
  const options = { signal, timeoutMs: READ_MS };
  const chainId = await callProvider(provider, 'eth_chainId', [], options, READ_MS).catch(() => undefined);
  signal?.throwIfAborted();
  if (typeof chainId !== 'string' || !/^0x[0-9a-f]+$/i.test(chainId) || BigInt(chainId).toString() !== saved.fromChainId) return { kind: 'unknown', signs };
  const owner = saved.account as Address;
  if (saved.nonceAtAttempt !== undefined) {
    const nonce = await callProvider(provider, 'eth_getTransactionCount', [owner, 'latest'], options, READ_MS).catch(() => undefined);
    if (typeof nonce === 'string' && /^0x[0-9a-f]+$/i.test(nonce)) signs.nonceMoved = BigInt(nonce) > BigInt(saved.nonceAtAttempt);
  }
  if (saved.refundFloor !== undefined) {
    const balance = await readTokenBalance(provider, { token: saved.fromToken.address as Address, owner }, options).catch(() => undefined);
    if (balance !== undefined) signs.balanceDropped = balance < saved.refundFloor;
  }
  if (deps.spender)
    signs.allowance = await readErc20Allowance(provider, { token: saved.fromToken.address as Address, owner, spender: deps.spender }, options).catch(
      () => undefined,
    );
  signal?.throwIfAborted();
  return { kind: 'unknown', signs };
}

/** Whether the signs say something went through (the user is told so, more strongly). */
export function likelySent(signs: OutcomeSigns): boolean {
  return signs.nonceMoved === true || signs.balanceDropped === true;
}

/**
 * The look-up, and what follows from it: a status that names a well-formed
 * source hash saves it (the transfer is then followed as tracking does);
 * otherwise the chain's signs.
 */
export async function settleUnknownOutcome(
  saved: SavedTransfer,
  deps: OutcomeLookupDeps & { store: IntentStore },
): Promise<{ follow: SavedTransfer } | { signs: OutcomeSigns }> {
  const lookup = await lookUpOutcome(saved, deps);
  if (lookup.kind === 'unknown') return { signs: lookup.signs };
  const hash = lookup.status.source_tx_hash;
  if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return { signs: {} };
  const change = { phase: 'broadcast', sourceTxHash: hash, batchId: undefined } as const;
  return { follow: deps.store.update(saved.account, saved.intentId, (current) => current && { ...current, ...change }) ?? { ...saved, ...change } };
}
