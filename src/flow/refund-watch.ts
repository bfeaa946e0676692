/**
 * After a transfer failed, its refund: the balance of the token sent, at the
 * sender on the source chain, is read again through the service's balances
 * endpoint until it shows the refund (the rule is src/model/refund.ts) or the
 * watch gives up. A refund seen is written into the saved transfer
 * (`refundedAt`), so the history says "Refunded" after a reload too. One read
 * per account serves every transfer of it that waits for a refund.
 */
import type { WidgetClient } from '../api/client.js';
import { refundArrived } from '../model/refund.js';
import { sleep } from '../model/sleep.js';
import { balanceOf } from './form.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';
import { isAborted } from './problems.js';

export interface RefundTiming {
  /** The first read is at once; the next after this, each pause 1.5 times the last… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** A refund not seen after this long is no longer watched (a reload watches it again). */
  giveUpMs: number;
}

export const REFUND_TIMING: RefundTiming = { firstDelayMs: 3_000, maxDelayMs: 30_000, giveUpMs: 30 * 60_000 };

/** A failed transfer is watched again after a reload for this long after it was last written (its failure, usually). */
export const REFUND_RESUME_MS = 7 * 24 * 60 * 60_000;

export interface RefundWatchContext {
  readonly client: WidgetClient | undefined;
  readonly store: IntentStore;
  readonly timing?: Partial<RefundTiming> | undefined;
  /** The watch of a transfer ended: the refund arrived (`record.refundedAt` is set), or the watch gave up. */
  ended(record: SavedTransfer): void;
}

/** A failed transfer whose refund the widget can see (its floor was read before signing) and has not seen yet. */
export function awaitsRefund(record: SavedTransfer): boolean {
  return record.phase === 'failed' && record.refundFloor !== undefined && record.refundedAt === undefined;
}

export class RefundWatch {
  readonly #context: RefundWatchContext;
  readonly #timing: RefundTiming;
  /** Watched transfers by intent, with when their watch started. */
  readonly #watched = new Map<string, { record: SavedTransfer; since: number }>();
  #running: AbortController | undefined;

  constructor(context: RefundWatchContext) {
    this.#context = context;
    this.#timing = { ...REFUND_TIMING, ...context.timing };
  }

  /** Whether the balance is being read for this transfer's refund now. */
  watching(intentId: string): boolean {
    return this.#watched.has(intentId);
  }

  /** Reads the balance for this failed transfer's refund (at once, then at growing intervals), if it can be seen and is not yet. */
  watch(record: SavedTransfer): void {
    if (!awaitsRefund(record) || this.#watched.has(record.intentId) || !this.#context.client) return;
    this.#watched.set(record.intentId, { record, since: Date.now() });
    if (!this.#running) void this.#run((this.#running = new AbortController()));
  }

  /** Stops reading (the widget left the page); a reload watches again. */
  stop(): void {
    this.#running?.abort();
    this.#running = undefined;
    this.#watched.clear();
  }

  async #run(controller: AbortController): Promise<void> {
    const { signal } = controller;
    let delay = this.#timing.firstDelayMs;
    try {
      while (this.#watched.size) {
        await this.#check(signal);
        if (!this.#watched.size) break;
        await sleep(delay, signal);
        delay = Math.min(delay * 1.5, this.#timing.maxDelayMs);
      }
    } catch (error) {
      if (!signal.aborted && !isAborted(error)) throw error;
    } finally {
      if (this.#running === controller) this.#running = undefined;
    }
  }

  /** One read per account; each transfer of it whose refund shows is marked, and one watched too long is let go. */
  async #check(signal: AbortSignal): Promise<void> {
    const { client, store } = this.#context;
    const accounts = new Set([...this.#watched.values()].map(({ record }) => record.account));
    for (const account of accounts) {
      let balances;
      try {
        balances = (await client!.balances(account, { signal })).data;
      } catch (error) {
        // A busy or unreachable service: the next read tries again.
        if (isAborted(error) || signal.aborted) throw error;
      }
      for (const [intentId, { record, since }] of this.#watched) {
        if (record.account !== account) continue;
        const arrived = refundArrived(record.refundFloor, balances && balanceOf(balances, record.fromChainId, record.fromToken.address));
        if (!arrived && Date.now() - since < this.#timing.giveUpMs) continue;
        this.#watched.delete(intentId);
        const ended = arrived
          ? (store.update(account, intentId, (current) => current && { ...current, refundedAt: Date.now() }) ?? { ...record, refundedAt: Date.now() })
          : record;
        this.#context.ended(ended);
      }
    }
  }
}
