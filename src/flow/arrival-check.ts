/**
 * The arrival, checked on the destination chain. When the routing
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
 * Only an answer to what was asked is evidence. A receipt of another
 * transaction, a block header of another block, a malformed receipt (a field
 * that is not hex of its size), a balance that is not a quantity, truncated
 * JSON or an error are all a failing RPC: asked again with back-off (1, 2, 4,
 * 8, 8… s) until the check's minute is over, then `unchecked`, never a
 * contradiction (which fires the host's alert against the service) nor a
 * confirmation.
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
  /** How long the check asks again while the receipt is missing or the RPC fails (every read is asked once anyway): a new chain's RPC can lag the service. */
  waitMs?: number | undefined;
  /** First retry delay; doubles up to `maxDelayMs`. */
  firstDelayMs?: number | undefined;
  maxDelayMs?: number | undefined;
  /** Clock skew allowed between this device and the chain's block times. */
  clockSkewMs?: number | undefined;
  now?: () => number;
  /** How a retry waits (default `sleep`); a test's clock can stand in for both. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A new chain's RPC can lag the service by seconds; a minute without the transaction is an answer. */
export const ARRIVAL_WAIT_MS = 60_000;
export const ARRIVAL_CLOCK_SKEW_MS = 10 * 60_000;

/** keccak256("Transfer(address,address,uint256)"). */
const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

interface ReceiptLog {
  address: string;
  topics: readonly string[];
  data: string;
}

interface Receipt {
  status: string;
  blockNumber: bigint;
  blockHash: string;
  logs: readonly ReceiptLog[];
}

const lower = (value: string) => value.toLowerCase();
const wordAddress = (topic: string | undefined) => (topic ? `0x${topic.slice(26)}` : undefined);
const isHash = (value: unknown): value is string => typeof value === 'string' && HASH.test(value);

/**
 * The receipt of `hash`, `null` while the chain has none, or `undefined` for
 * an answer that is no such receipt: another transaction's (its
 * `transactionHash`, or a log's, is not `hash`), or one not well formed
 * (a field that is not hex of its size, a status other than 0x0 or 0x1, a
 * log's block that is not the receipt's). Such an answer is a failing RPC,
 * never evidence either way: it is asked again, and the arrival is "not
 * checked" if it goes on.
 */
function readReceipt(value: unknown, hash: string): Receipt | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { transactionHash, status, blockNumber, blockHash, logs } = value as Record<string, unknown>;
  if (!isHash(transactionHash) || lower(transactionHash) !== lower(hash)) return undefined;
  if ((status !== '0x1' && status !== '0x0') || !isHash(blockHash) || typeof blockNumber !== 'string' || !QUANTITY.test(blockNumber)) return undefined;
  if (!Array.isArray(logs)) return undefined;
  const block = BigInt(blockNumber);
  const read: ReceiptLog[] = [];
  for (const log of logs as unknown[]) {
    if (typeof log !== 'object' || log === null) return undefined;
    const { address, topics, data, transactionHash: logHash, blockNumber: logBlock } = log as Record<string, unknown>;
    if (typeof address !== 'string' || !ADDRESS.test(address) || typeof data !== 'string' || !BYTES.test(data)) return undefined;
    if (!Array.isArray(topics) || topics.length > 4 || !topics.every(isHash)) return undefined;
    if (logHash !== undefined && (!isHash(logHash) || lower(logHash) !== lower(hash))) return undefined;
    if (logBlock !== undefined && (typeof logBlock !== 'string' || !QUANTITY.test(logBlock) || BigInt(logBlock) !== block)) return undefined;
    read.push({ address: lower(address), topics: topics.map(lower), data });
  }
  return { status, blockNumber: block, blockHash: lower(blockHash), logs: read };
}

/** The timestamp of the receipt's block, or `undefined` for a header that is not that block (another number or hash). */
function blockTime(value: unknown, receipt: Receipt): bigint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { number, hash, timestamp } = value as Record<string, unknown>;
  if (quantity(number) !== receipt.blockNumber || !isHash(hash) || lower(hash) !== receipt.blockHash) return undefined;
  return quantity(timestamp);
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : undefined;
}

const hexQuantity = (value: bigint) => `0x${value.toString(16)}`;

interface Pacing {
  /** When the whole check stops asking (every read has its first attempt anyway). */
  deadline: number;
  now: () => number;
  options: ArrivalCheckOptions;
}

/**
 * One read, asked again with back-off (1, 2, 4, 8, 8… s) while the RPC fails
 * or answers something other than what was asked (`take` gives undefined),
 * or while `again` holds for its answer (a receipt not there yet), until the
 * check's deadline. `'unreadable'` when the last attempt still failed.
 */
async function retried<T>(
  pacing: Pacing,
  ask: () => Promise<unknown>,
  take: (answer: unknown) => T | undefined,
  again?: (value: T) => boolean,
): Promise<T | 'unreadable'> {
  const { options, now } = pacing;
  let delay = options.firstDelayMs ?? 1_000;
  for (;;) {
    let value: T | undefined;
    try {
      value = take(await ask());
    } catch (error) {
      if (error instanceof ChainUnreadable) throw error;
      options.signal?.throwIfAborted();
    }
    if (value !== undefined && !again?.(value)) return value;
    if (now() >= pacing.deadline) return value === undefined ? 'unreadable' : value;
    await (options.wait ?? sleep)(Math.min(delay, Math.max(0, pacing.deadline - now())), options.signal);
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
  const now = options.now ?? Date.now;
  const pacing: Pacing = { deadline: now() + (options.waitMs ?? ARRIVAL_WAIT_MS), now, options };
  const unreadable: Arrival = { kind: 'unchecked', reason: 'unreadable' };
  try {
    const receipt = await retried(
      pacing,
      () => read('eth_getTransactionReceipt', [hash], options.signal),
      (answer) => readReceipt(answer, hash),
      (found) => found === null,
    );
    if (receipt === 'unreadable') return unreadable;
    if (receipt === null) return { kind: 'contradicted', reason: 'not-found', txHash: hash };
    if (receipt.status !== '0x1') return { kind: 'contradicted', reason: 'reverted', txHash: hash };

    const timestamp = await retried(
      pacing,
      () => read('eth_getBlockByNumber', [hexQuantity(receipt.blockNumber), false], options.signal),
      (answer) => blockTime(answer, receipt),
    );
    if (timestamp === 'unreadable') return unreadable;
    const skew = BigInt(options.clockSkewMs ?? ARRIVAL_CLOCK_SKEW_MS);
    if (timestamp * 1000n < BigInt(expected.createdAt) - skew) return { kind: 'contradicted', reason: 'too-early', txHash: hash };

    const recipient = lower(expected.recipient);
    const token = lower(expected.token);
    const base = { txHash: hash, recipient, token, blockNumber: receipt.blockNumber };
    if (isNativeToken(token)) return await nativeArrival(read, pacing, expected, receipt, base);
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
  // A Transfer's amount is one word; a log of that topic with more data is some other event.
  const transfers = receipt.logs
    .filter((log) => log.topics[0] === TRANSFER_TOPIC && log.topics.length === 3 && log.data.length <= 66)
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

async function nativeArrival(read: ChainRead, pacing: Pacing, expected: ExpectedArrival, receipt: Receipt, base: Base): Promise<Arrival> {
  if (receipt.blockNumber === 0n) return { kind: 'unchecked', reason: 'unreadable' };
  const balanceAt = (block: bigint) => retried(pacing, () => read('eth_getBalance', [base.recipient, hexQuantity(block)], pacing.options.signal), quantity);
  const [after, before] = await Promise.all([balanceAt(receipt.blockNumber), balanceAt(receipt.blockNumber - 1n)]);
  if (after === 'unreadable' || before === 'unreadable') return { kind: 'unchecked', reason: 'unreadable' };
  const amount = after - before;
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
