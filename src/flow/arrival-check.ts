/**
 * The arrival, checked on the destination chain (issue 36). When the routing
 * service says a transfer is complete, its `dest_tx_hash` is read on the
 * destination chain (through the host's proxy, `POST {proxy}/read/{chainId}`:
 * the wallet is on the source chain) and the transfer is called complete only
 * if the chain shows it: the transaction succeeded, in a block not older than
 * the transfer, and it moved at least the route's `toAmountMin` of the
 * destination token to the recipient (an ERC-20 `Transfer` log; for the
 * native token, the recipient's balance at the receipt's block against the
 * block before).
 *
 * Three outcomes, never a crash: `checked`; `unchecked` when the chain cannot
 * be read here (no RPC for it at the proxy, a non-EVM destination, no hash,
 * an RPC that kept failing), which is said plainly and is not a failure; and
 * `contradicted` when the chain shows something else, which is never called
 * complete.
 *
 * DOM-free; the reads come in as a function so the element's tracking chunk
 * wires the proxy and Node tests wire a real chain.
 */
import { ChainUnreadable, proxyChainRead, type ChainRead } from '../api/chain-read.js';
import type { SavedTransfer } from './intent-store.js';
import { isNativeToken } from '../model/tokens.js';
import { sleep } from '../model/sleep.js';
import { evmChainId } from '../model/chain-id.js';
import type { ContradictionReason, SavedArrival } from '../model/arrival.js';

export { ChainUnreadable, type ChainRead } from '../api/chain-read.js';
export type { ContradictionReason } from '../model/arrival.js';

/** Why the arrival was not checked (not a failure: the chain could not be read here). */
export type UncheckedReason = 'no-rpc' | 'non-evm' | 'no-hash' | 'unreadable';

export type Arrival =
  | { kind: 'checked'; txHash: string; amount: bigint; recipient: string; token: string; blockNumber: bigint }
  | { kind: 'unchecked'; reason: UncheckedReason }
  | {
      kind: 'contradicted';
      reason: ContradictionReason;
      txHash: string;
      /** What the chain shows, where it shows an amount: moved, to whom, of which token (the largest movement found). */
      amount?: bigint | undefined;
      recipient?: string | undefined;
      token?: string | undefined;
    };

/** What the route promised: the destination chain, token, recipient and the least that must arrive. */
export interface ExpectedArrival {
  toChainId: string;
  /** Address of the destination token (`0xeeee…` for the native token). */
  token: string;
  recipient: string;
  toAmountMin: bigint;
  /** The transaction hash the service reported. */
  destTxHash: string | undefined;
  /** When the transfer was created (ms); a destination transaction mined well before it is not this transfer's. */
  createdAt: number;
}

export interface ArrivalCheckOptions {
  signal?: AbortSignal | undefined;
  /** How long a missing receipt (or a failing RPC) is retried: a new chain's RPC can lag the service. */
  waitMs?: number | undefined;
  /** First retry delay; doubles up to `maxDelayMs`. */
  firstDelayMs?: number | undefined;
  maxDelayMs?: number | undefined;
  /** Clock skew allowed between this device and the chain's block times. */
  clockSkewMs?: number | undefined;
  now?: () => number;
}

/** A new chain's RPC can lag the service by seconds; a minute without the transaction is an answer. */
export const ARRIVAL_WAIT_MS = 60_000;
export const ARRIVAL_CLOCK_SKEW_MS = 10 * 60_000;

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

interface ReceiptLog {
  address: string;
  topics: readonly string[];
  data: string;
}

interface Receipt {
  status: string;
  blockNumber: bigint;
  logs: readonly ReceiptLog[];
}

const lower = (value: string) => value.toLowerCase();
const wordAddress = (topic: string | undefined) => (topic && HASH.test(topic) ? `0x${topic.slice(26)}`.toLowerCase() : undefined);

function readReceipt(value: unknown): Receipt | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const { status, blockNumber, logs } = value as Record<string, unknown>;
  if (typeof status !== 'string' || typeof blockNumber !== 'string' || !QUANTITY.test(blockNumber) || !Array.isArray(logs)) return undefined;
  const read: ReceiptLog[] = [];
  for (const log of logs as unknown[]) {
    if (typeof log !== 'object' || log === null) return undefined;
    const { address, topics, data } = log as Record<string, unknown>;
    if (typeof address !== 'string' || !ADDRESS.test(address) || !Array.isArray(topics) || typeof data !== 'string') return undefined;
    read.push({ address: lower(address), topics: topics.filter((t): t is string => typeof t === 'string').map(lower), data });
  }
  return { status, blockNumber: BigInt(blockNumber), logs: read };
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : undefined;
}

const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

/** The receipt, retried with back-off while it is missing or the RPC fails, until `waitMs`. `null`: still none. */
async function receiptWithin(read: ChainRead, hash: string, options: ArrivalCheckOptions): Promise<Receipt | null | 'unreadable'> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.waitMs ?? ARRIVAL_WAIT_MS);
  let delay = options.firstDelayMs ?? 1_000;
  let lastFailed: boolean;
  for (;;) {
    try {
      const receipt = readReceipt(await read('eth_getTransactionReceipt', [hash], options.signal));
      if (receipt === undefined) lastFailed = true;
      else if (receipt !== null) return receipt;
      else lastFailed = false;
    } catch (error) {
      if (error instanceof ChainUnreadable) throw error;
      options.signal?.throwIfAborted();
      lastFailed = true;
    }
    if (now() >= deadline) return lastFailed ? 'unreadable' : null;
    await sleep(Math.min(delay, Math.max(0, deadline - now())), options.signal);
    delay = Math.min(delay * 2, options.maxDelayMs ?? 8_000);
  }
}

/** Reads the arrival on the destination chain. Rejects only when `signal` aborts. */
export async function checkArrival(expected: ExpectedArrival, read: ChainRead, options: ArrivalCheckOptions = {}): Promise<Arrival> {
  const hash = expected.destTxHash;
  if (evmChainId(expected.toChainId) === undefined || !ADDRESS.test(expected.recipient) || !ADDRESS.test(expected.token)) {
    return { kind: 'unchecked', reason: 'non-evm' };
  }
  if (!hash || !HASH.test(hash)) return { kind: 'unchecked', reason: 'no-hash' };
  try {
    const receipt = await receiptWithin(read, hash, options);
    if (receipt === 'unreadable') return { kind: 'unchecked', reason: 'unreadable' };
    if (receipt === null) return { kind: 'contradicted', reason: 'not-found', txHash: hash };
    if (receipt.status !== '0x1') return { kind: 'contradicted', reason: 'reverted', txHash: hash };

    const block = (await read('eth_getBlockByNumber', [hexQuantity(receipt.blockNumber), false], options.signal)) as Record<string, unknown> | null;
    const timestamp = quantity(block?.timestamp);
    if (timestamp === undefined) return { kind: 'unchecked', reason: 'unreadable' };
    const skew = BigInt(options.clockSkewMs ?? ARRIVAL_CLOCK_SKEW_MS);
    if (timestamp * 1000n < BigInt(expected.createdAt) - skew) return { kind: 'contradicted', reason: 'too-early', txHash: hash };

    const recipient = lower(expected.recipient);
    const token = lower(expected.token);
    const base = { txHash: hash, recipient, token, blockNumber: receipt.blockNumber };
    if (isNativeToken(token)) return await nativeArrival(read, expected, receipt, base, options.signal);
    return tokenArrival(receipt, expected, base);
  } catch (error) {
    options.signal?.throwIfAborted();
    return { kind: 'unchecked', reason: error instanceof ChainUnreadable ? 'no-rpc' : 'unreadable' };
  }
}

interface Base {
  txHash: string;
  recipient: string;
  token: string;
  blockNumber: bigint;
}

function tokenArrival(receipt: Receipt, expected: ExpectedArrival, base: Base): Arrival {
  const transfers = receipt.logs
    .filter((log) => log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3 && QUANTITY.test(log.data === '0x' ? '0x0' : log.data))
    .map((log) => ({ token: log.address, to: wordAddress(log.topics[2]), amount: BigInt(log.data === '0x' ? 0 : log.data) }));
  const toRecipient = transfers.filter((t) => t.token === base.token && t.to === base.recipient);
  const amount = toRecipient.reduce((sum, t) => sum + t.amount, 0n);
  if (toRecipient.length > 0) {
    return amount >= expected.toAmountMin ? { kind: 'checked', ...base, amount } : { kind: 'contradicted', reason: 'below-minimum', ...base, amount };
  }
  const largest = (list: typeof transfers) =>
    list.reduce<(typeof transfers)[number] | undefined>((max, t) => (!max || t.amount > max.amount ? t : max), undefined);
  const elsewhere = largest(transfers.filter((t) => t.token === base.token));
  if (elsewhere)
    return { kind: 'contradicted', reason: 'other-recipient', txHash: base.txHash, token: base.token, recipient: elsewhere.to, amount: elsewhere.amount };
  const otherToken = largest(transfers.filter((t) => t.to === base.recipient));
  if (otherToken)
    return { kind: 'contradicted', reason: 'other-token', txHash: base.txHash, token: otherToken.token, recipient: base.recipient, amount: otherToken.amount };
  return { kind: 'contradicted', reason: 'no-transfer', txHash: base.txHash };
}

async function nativeArrival(read: ChainRead, expected: ExpectedArrival, receipt: Receipt, base: Base, signal: AbortSignal | undefined): Promise<Arrival> {
  if (receipt.blockNumber === 0n) return { kind: 'unchecked', reason: 'unreadable' };
  const [after, before] = await Promise.all([
    read('eth_getBalance', [base.recipient, hexQuantity(receipt.blockNumber)], signal),
    read('eth_getBalance', [base.recipient, hexQuantity(receipt.blockNumber - 1n)], signal),
  ]);
  const a = quantity(after);
  const b = quantity(before);
  if (a === undefined || b === undefined) return { kind: 'unchecked', reason: 'unreadable' };
  const amount = a - b;
  if (amount <= 0n) return { kind: 'contradicted', reason: 'no-transfer', txHash: base.txHash };
  return amount >= expected.toAmountMin ? { kind: 'checked', ...base, amount } : { kind: 'contradicted', reason: 'below-minimum', ...base, amount };
}

/** The arrival as the saved transfer keeps it (amounts and addresses only where the chain showed them). */
export function savedArrival(arrival: Arrival): SavedArrival {
  if (arrival.kind === 'unchecked') return { state: 'unchecked', reason: arrival.reason };
  const { amount, recipient, token } = arrival;
  return { state: arrival.kind, reason: arrival.kind === 'contradicted' ? arrival.reason : undefined, amount, recipient, token };
}

/**
 * The tracking's one call (kept here, in the chunk loaded on success): a saved
 * transfer's arrival read through the proxy at `proxyUrl`. A hash another of
 * the account's transfers (`others`) already arrived with is not this
 * arrival: an older transaction replayed.
 */
export async function checkSavedArrival(
  record: SavedTransfer,
  others: readonly SavedTransfer[],
  proxyUrl: string,
  options: ArrivalCheckOptions = {},
): Promise<SavedArrival> {
  const { toChainId, toToken, toAddress, toAmountMin, toAmount, destTxHash, createdAt } = record;
  const arrival = await checkArrival(
    { toChainId, token: toToken.address, recipient: toAddress, toAmountMin: toAmountMin ?? toAmount, destTxHash, createdAt },
    proxyChainRead(proxyUrl, toChainId),
    options,
  );
  const reused = others.some((t) => t.intentId !== record.intentId && !!t.destTxHash && t.destTxHash.toLowerCase() === destTxHash?.toLowerCase());
  return arrival.kind === 'checked' && reused ? { state: 'contradicted', reason: 'too-early' } : savedArrival(arrival);
}
