/**
 * Saved transfers, so a reload or a closed tab never loses one. Records are
 * kept per proxy and account; each write re-reads storage and replaces only
 * its own record, so two widgets or two tabs on one account do not overwrite
 * each other's transfers.
 *
 * In memory a record is typed (amounts are bigint); it becomes JSON only here,
 * at the storage boundary, and is parsed again on every read: a corrupted or
 * foreign record is dropped, never half-read.
 */
import * as z from 'zod/mini';
import { isFinalPhase, TRANSFER_PHASES, type ReachedPhase, type TransferPhase } from '../model/transfer-phase.js';
import type { SavedArrival } from '../model/arrival.js';
import { savedTransfersKey } from './saved-transfers.js';
import type { KeyValueStorage } from './storage.js';

export interface SavedToken {
  address: string;
  symbol: string;
  decimals: number;
}

/**
 * A transfer paid into a deposit address (./deposit.ts): the address shown,
 * saved before it was shown, so a reload shows the same one; the sender the
 * user named (the quote screened it; refunds go there); when it stops taking
 * payments. The token, chain and exact amount are the transfer's own
 * (`fromToken`, `fromChainId`, `fromAmount`). Such a transfer is kept under
 * `DEPOSIT_ACCOUNT` (./saved-transfers.ts), not under a wallet's account.
 */
export interface SavedDeposit {
  address: string;
  sender: string;
  /** Epoch milliseconds, when the service gave one. */
  expiresAt?: number | undefined;
}

export interface SavedTransfer {
  intentId: string;
  /** Lower-case: the store's key. */
  account: string;
  fromChainId: string;
  toChainId: string;
  fromToken: SavedToken;
  toToken: SavedToken;
  /** Smallest units. */
  fromAmount: bigint;
  /** What the route said would arrive, smallest units. */
  toAmount: bigint;
  /** The least the route guaranteed (`toAmountMin`), smallest units; absent in records saved before it was kept. */
  toAmountMin?: bigint | undefined;
  toAddress: string;
  createdAt: number;
  updatedAt: number;
  phase: TransferPhase;
  sourceTxHash?: string | undefined;
  /** When the source transaction was broadcast (its hash came back); "taking longer than usual" counts from here. Records saved before it was kept lack it. */
  broadcastAt?: number | undefined;
  /**
   * The wallet's id of the EIP-5792 batch that carries the transfer (approvals
   * and the bridge transaction in one prompt), saved as soon as the wallet
   * returns it; the bridge transaction's hash (`sourceTxHash`) follows once
   * the wallet reports the batch included.
   */
  batchId?: string | undefined;
  receiptAccepted: boolean;
  destTxHash?: string | undefined;
  /** What the service said arrived (`to_amount_wei`), once it said. */
  toAmountReceived?: bigint | undefined;
  requestId?: string | undefined;
  providerRequestId?: string | undefined;
  provider?: string | undefined;
  /** The service's last status word, as it wrote it (an unknown one included). */
  lastStatus?: string | undefined;
  /** The furthest the transfer got before it ended, so a failure does not undo steps shown as done. */
  reached?: ReachedPhase | undefined;
  /** The last status said the destination step waits for gas. */
  needsGas?: boolean | undefined;
  /** When the transfer first reached a final phase ("took 2 min"); later writes (a refund seen, a status read again) do not move it. Records saved before it was kept lack it. */
  finishedAt?: number | undefined;
  /** Seconds the route said it would take (`expectedSeconds`), when it said. */
  expectedSeconds?: number | undefined;
  /** The balance of the token sent, at the sender on the source chain, at which a refund counts as arrived (src/model/refund.ts); unknown when the wallet could not read it before signing. */
  refundFloor?: bigint | undefined;
  /** The account's nonce on the source chain right before the wallet's prompt: a later one says it sent something since (./unknown-outcome.ts). */
  nonceAtAttempt?: number | undefined;
  /** The spender a batch approved the token sent to: its allowance says whether that approval was mined (./unknown-outcome.ts). */
  approvalSpender?: string | undefined;
  /** When the refund of a failed transfer was seen arrived: the history then says "Refunded". */
  refundedAt?: number | undefined;
  /** After `success`: what the destination chain showed (src/model/arrival.ts); records saved before the check lack it. */
  arrival?: SavedArrival | undefined;
  /** Paid into a deposit address, not signed here. */
  deposit?: SavedDeposit | undefined;
}

/** A success that delivered less than the route guaranteed: it says so, and `bridge-success` carries `belowMinimum: true`. */
export function receivedBelowMinimum(saved: SavedTransfer): boolean {
  const { toAmountReceived: received, toAmountMin: minimum } = saved;
  return received !== undefined && minimum !== undefined && received < minimum;
}

/** An approval broadcast but not yet seen mined: a retry waits for it instead of sending another. */
export interface PendingApproval {
  chainId: string;
  tokenAddress: string;
  spender: string;
  amount: bigint;
  hash: string;
  at: number;
}

/** At most this many finished transfers are kept per account (unfinished ones are never dropped). */
export const MAX_RECORDS = 50;
/** An approval still unmined after this long is assumed dropped. */
export const PENDING_APPROVAL_TTL_MS = 60 * 60_000;

// ---- the storage boundary -------------------------------------------------

const amount = z.pipe(
  z.string().check(z.regex(/^\d+$/)),
  z.transform((value: string) => BigInt(value)),
);
const text = z.optional(z.string());
const token = z.object({ address: z.string(), symbol: z.string(), decimals: z.number() });

/** Phases written by earlier versions, read in today's vocabulary (a transfer saved before an upgrade still resumes). */
const LEGACY_PHASES: Readonly<Record<string, TransferPhase>> = { routed: 'signing', tracking: 'submitted' };
const phase = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const known = (TRANSFER_PHASES as readonly string[]).includes(value) ? (value as TransferPhase) : LEGACY_PHASES[value];
    if (known) return known;
    ctx.issues.push({ code: 'custom', message: `unknown phase ${value}`, input: value });
    return z.NEVER;
  }),
);

const storedTransfer = z.object({
  intentId: z.string(),
  account: z.string(),
  fromChainId: z.string(),
  toChainId: z.string(),
  fromToken: token,
  toToken: token,
  fromAmount: amount,
  toAmount: amount,
  toAmountMin: z.optional(amount),
  toAddress: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  phase,
  sourceTxHash: text,
  broadcastAt: z.optional(z.number()),
  batchId: text,
  receiptAccepted: z.boolean(),
  destTxHash: text,
  toAmountReceived: z.optional(amount),
  requestId: text,
  providerRequestId: text,
  provider: text,
  lastStatus: text,
  reached: z.optional(z.enum(['submitted', 'bridging'])),
  needsGas: z.optional(z.boolean()),
  expectedSeconds: z.optional(z.number()),
  finishedAt: z.optional(z.number()),
  refundFloor: z.optional(amount),
  nonceAtAttempt: z.optional(z.number()),
  approvalSpender: text,
  refundedAt: z.optional(z.number()),
  arrival: z.optional(
    z.object({
      state: z.enum(['checking', 'checked', 'unchecked', 'contradicted']),
      reason: text,
      amount: z.optional(amount),
      recipient: text,
      token: text,
    }),
  ),
  deposit: z.optional(z.object({ address: z.string(), sender: z.string(), expiresAt: z.optional(z.number()) })),
});

const storedApproval = z.object({ chainId: z.string(), tokenAddress: z.string(), spender: z.string(), amount, hash: z.string(), at: z.number() });

/** The records stored under `key` that parse; none when absent or unreadable (quota, privacy mode, corrupted JSON must not break the widget). */
function readAll<T>(storage: KeyValueStorage | undefined, key: string, schema: z.ZodMiniType<T>): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(key) || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    const record = schema.safeParse(entry);
    return record.success ? [record.data] : [];
  });
}

/** JSON with bigints as decimal strings, the shape `readAll` parses back. */
function writeAll(storage: KeyValueStorage | undefined, key: string, records: readonly object[]): void {
  try {
    storage?.setItem(
      key,
      JSON.stringify(records, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    );
  } catch {
    // A full storage loses the history, not the transfer in progress (it stays in memory),
    // and a lost pending approval only risks asking for one more approval.
  }
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// ---- the stores ------------------------------------------------------------

export class IntentStore {
  readonly #storage: KeyValueStorage | undefined;
  readonly #proxyUrl: string;

  readonly approvals: PendingApprovals;

  constructor(storage: KeyValueStorage | undefined, proxyUrl: string) {
    this.#storage = storage;
    this.#proxyUrl = proxyUrl;
    this.approvals = new PendingApprovals(storage, (account) => `${this.keyFor(account)}:approvals`);
  }

  /** Storage key of an account's transfers (./saved-transfers.ts). */
  keyFor(account: string): string {
    return savedTransfersKey(this.#proxyUrl, account);
  }

  list(account: string): SavedTransfer[] {
    return readAll(this.#storage, this.keyFor(account), storedTransfer);
  }

  get(account: string, intentId: string): SavedTransfer | undefined {
    return this.list(account).find((t) => t.intentId === intentId);
  }

  /** Transfers that still need the widget: a receipt to submit or a status to follow. */
  unfinished(account: string): SavedTransfer[] {
    return this.list(account).filter((t) => !isFinalPhase(t.phase));
  }

  save(record: SavedTransfer): void {
    this.update(record.account, record.intentId, () => record);
  }

  /** Read-modify-write of one record, merging with whatever other tabs wrote meanwhile. */
  update(account: string, intentId: string, change: (current: SavedTransfer | undefined) => SavedTransfer | undefined): SavedTransfer | undefined {
    if (!this.#storage) return undefined;
    const all = this.list(account);
    const index = all.findIndex((t) => t.intentId === intentId);
    const next = change(all[index]);
    if (!next) return undefined;
    next.updatedAt = Date.now();
    if (index === -1) all.unshift(next);
    else all[index] = next;
    // Keep the newest; never drop an unfinished transfer to make room.
    const unfinished = all.filter((t) => !isFinalPhase(t.phase));
    const kept = [...unfinished, ...all.filter((t) => isFinalPhase(t.phase))]
      .slice(0, Math.max(MAX_RECORDS, unfinished.length))
      .sort((a, b) => b.createdAt - a.createdAt);
    writeAll(this.#storage, this.keyFor(account), kept);
    return next;
  }
}

export class PendingApprovals {
  readonly #storage: KeyValueStorage | undefined;
  readonly #keyFor: (account: string) => string;
  readonly #now: () => number;

  constructor(storage: KeyValueStorage | undefined, keyFor: (account: string) => string, now: () => number = Date.now) {
    this.#storage = storage;
    this.#keyFor = keyFor;
    this.#now = now;
  }

  #read(account: string): PendingApproval[] {
    return readAll(this.#storage, this.#keyFor(account), storedApproval).filter((p) => this.#now() - p.at < PENDING_APPROVAL_TTL_MS);
  }

  find(account: string, match: { chainId: string; tokenAddress: string; spender: string }): PendingApproval | undefined {
    return this.#read(account).find(
      (p) => p.chainId === match.chainId && sameAddress(p.tokenAddress, match.tokenAddress) && sameAddress(p.spender, match.spender),
    );
  }

  add(account: string, approval: Omit<PendingApproval, 'at'>): void {
    writeAll(this.#storage, this.#keyFor(account), [...this.#read(account).filter((p) => p.hash !== approval.hash), { ...approval, at: this.#now() }]);
  }

  remove(account: string, hash: string): void {
    writeAll(
      this.#storage,
      this.#keyFor(account),
      this.#read(account).filter((p) => !sameAddress(p.hash, hash)),
    );
  }
}
