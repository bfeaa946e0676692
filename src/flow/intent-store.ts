/**
 * Saved transfers, so a reload or a closed tab never loses one. Records are
 * kept per proxy and account; each write re-reads storage and replaces only
 * its own record, so two widgets or two tabs on one account do not overwrite
 * each other's transfers.
 */

export type SavedPhase = 'routed' | 'broadcast' | 'tracking' | 'success' | 'failed' | 'not-found' | 'abandoned';

export interface SavedToken {
  address: string;
  symbol: string;
  decimals: number;
}

export interface SavedTransfer {
  intentId: string;
  account: string;
  fromChainId: string;
  toChainId: string;
  fromToken: SavedToken;
  toToken: SavedToken;
  /** Smallest units, as a decimal string (JSON has no bigint). */
  fromAmount: string;
  toAmount: string;
  toAddress: string;
  createdAt: number;
  updatedAt: number;
  phase: SavedPhase;
  sourceTxHash?: string;
  receiptAccepted: boolean;
  destTxHash?: string;
  toAmountReceived?: string;
  requestId?: string;
  providerRequestId?: string;
  provider?: string;
  lastStatus?: string;
  /** The furthest the transfer got before it ended (`submitted` or `bridging`), so a failure does not undo steps shown as done. */
  reached?: 'submitted' | 'bridging';
  /** Seconds the route said it would take (`expectedSeconds`), when it said. */
  expectedSeconds?: number | undefined;
}

/** The subset of the Web Storage API we use; tests and SSR pass their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** An approval broadcast but not yet seen mined: a retry waits for it instead of sending another. */
export interface PendingApproval {
  chainId: string;
  tokenAddress: string;
  spender: string;
  amount: string;
  hash: string;
  at: number;
}

const MAX_RECORDS = 50;
// An approval still unmined after this long is assumed dropped.
const PENDING_APPROVAL_TTL_MS = 60 * 60_000;
const FINAL: readonly SavedPhase[] = ['success', 'failed', 'not-found', 'abandoned'];

export function isFinalPhase(phase: SavedPhase): boolean {
  return FINAL.includes(phase);
}

/** The JSON array stored under `key`; empty when absent or unreadable (quota, privacy mode, corrupted JSON must not break the widget). */
function readArray(storage: KeyValueStorage | undefined, key: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) || '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function writeJson(storage: KeyValueStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // A full storage loses the history, not the transfer in progress (it stays in memory),
    // and a lost pending approval only risks asking for one more approval.
  }
}

export class IntentStore {
  readonly #storage: KeyValueStorage | undefined;
  readonly #prefix: string;

  readonly approvals: PendingApprovals;

  constructor(storage: KeyValueStorage | undefined, proxyUrl: string) {
    this.#storage = storage;
    this.#prefix = `bridge-widget:v1:${proxyUrl.replace(/\/+$/, '')}`;
    this.approvals = new PendingApprovals(storage, (account) => this.keyFor(account));
  }

  keyFor(account: string): string {
    return `${this.#prefix}:${account.toLowerCase()}`;
  }

  list(account: string): SavedTransfer[] {
    return readArray(this.#storage, this.keyFor(account)).filter(isSavedTransfer);
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
    writeJson(this.#storage, this.keyFor(account), kept);
    return next;
  }
}

export class PendingApprovals {
  readonly #storage: KeyValueStorage | undefined;
  readonly #keyFor: (account: string) => string;

  constructor(storage: KeyValueStorage | undefined, keyFor: (account: string) => string) {
    this.#storage = storage;
    this.#keyFor = keyFor;
  }

  #read(account: string): PendingApproval[] {
    return (readArray(this.#storage, `${this.#keyFor(account)}:approvals`) as PendingApproval[]).filter(
      (p) => typeof p?.hash === 'string' && Date.now() - p.at < PENDING_APPROVAL_TTL_MS,
    );
  }

  #write(account: string, list: PendingApproval[]): void {
    writeJson(this.#storage, `${this.#keyFor(account)}:approvals`, list);
  }

  find(account: string, match: { chainId: string; tokenAddress: string; spender: string }): PendingApproval | undefined {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
    return this.#read(account).find((p) => p.chainId === match.chainId && same(p.tokenAddress, match.tokenAddress) && same(p.spender, match.spender));
  }

  add(account: string, approval: Omit<PendingApproval, 'at'>): void {
    this.#write(account, [...this.#read(account).filter((p) => p.hash !== approval.hash), { ...approval, at: Date.now() }]);
  }

  remove(account: string, hash: string): void {
    this.#write(
      account,
      this.#read(account).filter((p) => p.hash.toLowerCase() !== hash.toLowerCase()),
    );
  }
}

function isSavedTransfer(value: unknown): value is SavedTransfer {
  const v = value as Partial<Record<keyof SavedTransfer, unknown>> | null;
  return typeof v?.intentId === 'string' && typeof v.account === 'string' && typeof v.phase === 'string' && typeof v.fromAmount === 'string';
}
