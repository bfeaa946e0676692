/**
 * EIP-5792 (wallet call API): several calls in one wallet prompt.
 * `getAtomicStatus` asks whether the wallet runs a batch atomically on a
 * chain (`wallet_getCapabilities`), `sendCalls` sends one (`wallet_sendCalls`,
 * version 2.0.0), `getCallsStatus` and `waitForCalls` follow it to its
 * receipts (`wallet_getCallsStatus`). Deadlines and errors as everywhere in
 * src/wallet; a wallet that does not know a method answers "method not
 * found" (4200 or -32601), which arrives as `WalletError` kind `unsupported`.
 *
 * What a wallet answers is untrusted: it is read field by field here, and a
 * shape this module does not know reads as "no batching", never as a guess.
 */
import { sleep } from '../model/sleep.js';
import { WalletError } from './errors.js';
import { assertAddress, parseHash, toQuantity, type Address, type Hash } from './hex.js';
import { PROMPT_TIMEOUT_MS, READ_TIMEOUT_MS, callProvider, type CallOptions, type Eip1193Provider } from './provider.js';
import { assertSigner, checksummed, type WaitOptions } from './transaction.js';

/**
 * EIP-5792's `atomic` capability on one chain: `supported` (the wallet runs a
 * batch atomically), `ready` (it will, once the user accepts an account
 * upgrade, EIP-7702, in the same prompt) or `unsupported`.
 */
export type AtomicStatus = 'supported' | 'ready' | 'unsupported';

/** One call of a batch. */
export interface Call {
  to: Address;
  data: `0x${string}`;
  value: bigint;
}

export interface SendCallsRequest {
  from: Address;
  chainId: number;
  calls: readonly Call[];
}

/** Where a batch stands (EIP-5792 status codes 1xx to 6xx). */
export type CallsState = 'pending' | 'confirmed' | 'failed' | 'reverted' | 'partial';

export interface CallsReceipt {
  transactionHash: Hash;
  status: 'success' | 'reverted';
}

export interface CallsStatus {
  state: CallsState;
  /** The wallet ran the calls atomically (its own word). */
  atomic: boolean;
  /** One per transaction that carried calls of the batch, in order (one for an atomic batch, usually). */
  receipts: CallsReceipt[];
}

const STATES: Record<number, CallsState> = { 1: 'pending', 2: 'confirmed', 4: 'failed', 5: 'reverted', 6: 'partial' };

/** The `atomic` status a `wallet_getCapabilities` answer gives `chainId`: its own entry, else the all-chains entry `0x0`. */
export function atomicStatusOf(capabilities: unknown, chainId: number): AtomicStatus {
  if (typeof capabilities !== 'object' || capabilities === null) return 'unsupported';
  const entries = Object.entries(capabilities as Record<string, unknown>);
  const byChain = (id: number) => entries.find(([key]) => /^0x[0-9a-fA-F]+$/.test(key) && Number(key) === id)?.[1];
  const status = ((byChain(chainId) ?? byChain(0)) as { atomic?: { status?: unknown } } | undefined)?.atomic?.status;
  return status === 'supported' || status === 'ready' ? status : 'unsupported';
}

/** Whether the wallet batches atomically for `account` (handed on checksummed) on `chainId`; `unsupported` when it has no EIP-5792 at all. */
export async function getAtomicStatus(provider: Eip1193Provider, account: Address, chainId: number, options?: CallOptions): Promise<AtomicStatus> {
  try {
    const params = [await checksummed(account), [toQuantity(chainId)]];
    return atomicStatusOf(await callProvider(provider, 'wallet_getCapabilities', params, options, READ_TIMEOUT_MS), chainId);
  } catch (error) {
    if (error instanceof WalletError && error.kind === 'unsupported') return 'unsupported';
    throw error;
  }
}

/**
 * Asks the wallet to run `calls` in order, all or nothing (`atomicRequired`),
 * in one prompt; resolves with the batch id. Checks chain and account first,
 * as `sendTransaction` does: a batch signed on the wrong chain or by another
 * account would move funds the route did not plan for. `from` goes checksummed,
 * as in `sendTransaction`.
 */
export async function sendCalls(provider: Eip1193Provider, request: SendCallsRequest, options?: CallOptions): Promise<string> {
  assertAddress(request.from, 'from');
  for (const call of request.calls) assertAddress(call.to, 'to');
  const from = await checksummed(request.from);
  await assertSigner(provider, { chainId: request.chainId, from }, 'the batch', options);
  const params = {
    version: '2.0.0',
    from,
    chainId: toQuantity(request.chainId),
    atomicRequired: true,
    calls: request.calls.map(({ to, data, value }) => ({ to, data, value: toQuantity(value) })),
  };
  return parseBatchId(await callProvider(provider, 'wallet_sendCalls', [params], options, PROMPT_TIMEOUT_MS));
}

/** The batch id: `{ id }` (EIP-5792 2.0.0), or the bare string earlier drafts returned. */
export function parseBatchId(value: unknown): string {
  const id = typeof value === 'string' ? value : (value as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id === '' || id.length > 4096) {
    throw new WalletError('rpc', `The wallet returned a malformed batch id: ${JSON.stringify(value)?.slice(0, 100)}.`);
  }
  return id;
}

/** The batch's state and receipts as the wallet reports them. */
export async function getCallsStatus(provider: Eip1193Provider, id: string, options?: CallOptions): Promise<CallsStatus> {
  return parseCallsStatus(await callProvider(provider, 'wallet_getCallsStatus', [id], options, READ_TIMEOUT_MS));
}

export function parseCallsStatus(value: unknown): CallsStatus {
  const { status, atomic, receipts } = (value ?? {}) as { status?: unknown; atomic?: unknown; receipts?: unknown };
  // Numbers since EIP-5792 2.0.0; the words of earlier drafts are still read.
  const state =
    typeof status === 'number' ? STATES[Math.floor(status / 100)] : status === 'PENDING' ? 'pending' : status === 'CONFIRMED' ? 'confirmed' : undefined;
  if (!state || (receipts !== undefined && !Array.isArray(receipts))) {
    throw new WalletError('rpc', `The wallet returned a malformed batch status: ${JSON.stringify(value)?.slice(0, 200)}.`);
  }
  return {
    state,
    atomic: atomic === true,
    receipts: ((receipts as unknown[] | undefined) ?? []).map((receipt) => {
      const { transactionHash, status: outcome } = (receipt ?? {}) as { transactionHash?: unknown; status?: unknown };
      if (outcome !== '0x1' && outcome !== '0x0') throw new WalletError('rpc', `The wallet returned a batch receipt without a status.`);
      return { transactionHash: parseHash(transactionHash, 'batch transaction hash'), status: outcome === '0x1' ? 'success' : 'reverted' };
    }),
  };
}

// Generous, as for a single transaction: a congested chain can take minutes.
const DEFAULT_BATCH_TIMEOUT_MS = 10 * 60_000;
const MAX_CONSECUTIVE_POLL_ERRORS = 5;

/** Polls `wallet_getCallsStatus` until the batch is no longer pending; `onPending` hears each pending answer. */
export async function waitForCalls(provider: Eip1193Provider, id: string, options?: WaitOptions): Promise<CallsStatus> {
  const pollMs = options?.pollMs ?? 1_000;
  const deadline = Date.now() + (options?.timeoutMs ?? DEFAULT_BATCH_TIMEOUT_MS);
  const signal = options?.signal;
  let errors = 0;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new WalletError('timeout', `The batch ${id} was not included in time.`);
    try {
      const status = await getCallsStatus(provider, id, { signal, timeoutMs: Math.min(remaining, READ_TIMEOUT_MS) });
      errors = 0;
      if (status.state !== 'pending') return status;
    } catch (error) {
      // A wallet that does not know the id (5730) or the method will not learn it by being asked again.
      if (!(error instanceof WalletError) || error.kind === 'unsupported' || error.rpcCode === UNKNOWN_BUNDLE || ++errors >= MAX_CONSECUTIVE_POLL_ERRORS)
        throw error;
    }
    await sleep(Math.min(pollMs, Math.max(0, deadline - Date.now())), signal);
  }
}

/** EIP-5792: the wallet knows no batch with this id. */
export const UNKNOWN_BUNDLE = 5730;
