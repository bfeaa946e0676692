/**
 * Following broadcast transfers: the one on screen and any other unfinished
 * one of the account (resumed after a reload), each until its final phase,
 * and a failed one's refund until it shows (./refund-watch.ts); the account's
 * history; the events a host hears of their progress. A chunk of its own
 * (./chunks.ts): the session loads it once the account has a saved transfer
 * or a transfer starts, so a form with nothing to follow never carries it.
 */
import type { ResponseMeta, WidgetClient } from '../api/client.js';
import { transferClient } from '../api/transfer-client.js';
import type { IntentStatus } from '../api/schemas.js';
import type { BridgeEventDetails, BridgeStatusDetail } from '../events/index.js';
import { isFinalPhase, isOver } from '../model/transfer-phase.js';
import type { ContradictionReason } from '../model/arrival.js';
import type { Eip1193Provider } from '../wallet/index.js';
import { resumeAction } from '../model/resume.js';
import { receivedBelowMinimum, type IntentStore, type SavedTransfer } from './intent-store.js';
import { DEPOSIT_ACCOUNT } from './saved-transfers.js';
import { loadTrackingSteps } from './chunks.js';
import { loadChunk } from './errors.js';
import { isAborted } from './problems.js';
import { REFUND_RESUME_MS, RefundWatch, awaitsRefund, type RefundTiming } from './refund-watch.js';
import type { TrackDeps, TrackOutcome } from './track-transfer.js';
import type { ArrivalCheckOptions } from './arrival-check.js';
import type { View } from './session-host.js';

/** The arrival check (./arrival-check.ts) and its reads through the proxy: loaded only once a transfer is reported complete. */
const loadArrivalCheck = () => loadChunk(() => import('./arrival-check.js'));
/** A batch's way to its hash (./batch.ts, the review's chunk): only for a batch the wallet took before a reload. */
const loadBatchSteps = () => loadChunk(() => import('./batch.js'));

/**
 * The transfer on screen once sent (or resumed). Whether it is over is the
 * saved transfer's to say (`isOver`, src/model/transfer-phase.ts): a record
 * that is over reaches the screen only when the host hears of its end.
 */
export interface Tracked {
  saved: SavedTransfer;
  /** The last status read (a contradicted one reads as `unknown`). */
  status: IntentStatus | undefined;
  lastCheckedAt: number | undefined;
  nextCheckAt: number | undefined;
}

/** A string key: the notice is shown in the widget's language. */
export type TrackingNotice = 'notice.busy' | 'notice.unreachable' | 'status.contradicted';

/** What the tracking reads of the session and tells it. */
export interface TrackingContext {
  readonly client: WidgetClient | undefined;
  readonly store: IntentStore;
  account(): string | undefined;
  /** The wallet: it alone knows where a batch it took stands. */
  provider(): Eip1193Provider | undefined;
  /** Polling, receipt, refund-read and batch-status timing; shorter in tests. */
  readonly timing:
    | (Pick<TrackDeps, 'poll' | 'receiptBackoff'> & {
        refunds?: Partial<RefundTiming> | undefined;
        confirmPollMs?: number | undefined;
        arrival?: ArrivalCheckOptions | undefined;
      })
    | undefined;
  /** A transfer is on screen now, or none (`undefined`: the form). */
  shown(saved: SavedTransfer | undefined): void;
  changed(): void;
  emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
  report(error: unknown, intentId: string): void;
  /** A transfer's outcome is unknown (the source chain does not show its hash): looked up, and asked about before it is sent again. */
  unknown(saved: SavedTransfer): Promise<unknown>;
  /** A transfer ended, or a refund arrived: what the wallet holds changed. */
  finished(): void;
}

/** What the tracking room reads of the session's rooms (./transfer-rooms.ts), which make it with `trackingRoom`. */
export interface TrackingRoomHost {
  readonly client: WidgetClient | undefined;
  readonly account: string | undefined;
  readonly provider: Eip1193Provider | undefined;
  readonly options: { readonly transfer?: TrackingContext['timing'] };
  readonly remote: { refreshBalances(): void };
  view: View;
  requestUpdate(): void;
  emit: TrackingContext['emit'];
  report(error: unknown, intentId?: string): void;
  unknownOutcomes(saved: SavedTransfer): Promise<unknown>;
}

/** The session's tracking room, its context read from the session's rooms, with the account's history read: made when its chunk arrives, so the wiring travels with it. */
export function trackingRoom(host: TrackingRoomHost, store: IntentStore): TransferTracking {
  const changed = () => host.requestUpdate();
  const room = new TransferTracking({
    client: host.client,
    store,
    account: () => host.account,
    provider: () => host.provider,
    timing: host.options.transfer,
    shown: (saved) => {
      host.view = saved ? 'tracking' : 'form';
      changed();
    },
    changed,
    emit: (type, detail) => host.emit(type, detail),
    report: (error, intentId) => host.report(error, intentId),
    unknown: (saved) => host.unknownOutcomes(saved),
    finished: () => host.remote.refreshBalances(),
  });
  room.readHistory();
  return room;
}

/** The `bridge-status` detail, from the saved transfer (the status merged in) and the status itself. */
export function statusDetail(saved: SavedTransfer, status: IntentStatus, meta?: ResponseMeta): BridgeStatusDetail {
  const tracked = status.kind === 'tracked' ? status : undefined;
  return {
    intentId: saved.intentId,
    status: status.status,
    rawStatus: tracked?.rawStatus ?? 'pending',
    sourceTxHash: saved.sourceTxHash,
    destTxHash: saved.destTxHash,
    needsGas: !!saved.needsGas,
    requestId: tracked ? saved.requestId : meta?.requestId,
    providerRequestId: saved.providerRequestId,
    metadata: tracked?.metadata ?? undefined,
  };
}

export class TransferTracking {
  /** The transfer on screen, if the view is tracking. */
  current: Tracked | undefined;
  notice: TrackingNotice | undefined;
  /** The account's broadcast transfers, newest first; read from the store once per change. */
  history: readonly SavedTransfer[] = [];

  readonly #context: TrackingContext;
  readonly #following = new Map<string, AbortController>();
  readonly #refunds: RefundWatch;

  constructor(context: TrackingContext) {
    this.#context = context;
    this.#refunds = new RefundWatch({
      client: context.client,
      store: context.store,
      timing: context.timing?.refunds,
      ended: (record) => {
        const current = this.current;
        if (current?.saved.intentId === record.intentId) this.current = { ...current, saved: record };
        this.readHistory();
        if (record.refundedAt !== undefined) context.finished();
        context.changed();
      },
    });
  }

  /** Whether the balance is being read for this failed transfer's refund. */
  watchingRefund(intentId: string): boolean {
    return this.#refunds.watching(intentId);
  }

  /** The account's broadcast transfers and this browser's transfers paid into a deposit address (listed with or without a wallet), newest first. */
  readHistory(): void {
    const account = this.#context.account();
    const { store } = this.#context;
    const sent = account ? store.list(account).filter((t) => t.sourceTxHash) : [];
    this.history = [...sent, ...store.list(DEPOSIT_ACCOUNT)].sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Follows the account's unfinished transfers and this browser's deposit transfers; gives up on those never
   * broadcast (see `resumeAction`); shows the first unless `busy`. Failed ones of the last days still waiting
   * for their refund are watched again.
   */
  resume(account: string | undefined, busy: boolean): void {
    let shown = busy;
    const now = Date.now();
    const store = this.#context.store;
    const accounts = account ? [account, DEPOSIT_ACCOUNT] : [DEPOSIT_ACCOUNT];
    const saved = accounts.flatMap((a) => store.list(a));
    for (const t of saved) if (awaitsRefund(t) && now - t.updatedAt < REFUND_RESUME_MS) this.#refunds.watch(t);
    // Reported complete, its arrival not yet read when the page went: read it now.
    for (const t of saved) if (t.phase === 'success' && t.arrival?.state === 'checking') this.follow(t, false);
    for (const t of accounts.flatMap((a) => store.unfinished(a))) {
      const action = resumeAction(t, Date.now());
      if (action === 'track') {
        this.follow(t, !shown);
        shown = true;
      } else if (action === 'abandon') {
        store.update(t.account, t.intentId, (c) => c && { ...c, phase: 'abandoned' });
      }
    }
  }

  /** Shows a transfer's progress, or the form again (`undefined`). */
  show(saved: SavedTransfer | undefined): void {
    this.current = saved && { saved, status: undefined, lastCheckedAt: undefined, nextCheckAt: undefined };
    this.notice = undefined;
    this.readHistory();
    this.#context.shown(saved);
  }

  /** Stops following every transfer (the widget left the page); a reload resumes them. */
  stop(): void {
    for (const controller of this.#following.values()) controller.abort();
    this.#following.clear();
    this.#refunds.stop();
  }

  /** Follows a transfer to its final phase (once, however often asked); `show` puts it on screen. */
  follow(saved: SavedTransfer, show: boolean): void {
    const { intentId } = saved;
    if (show) this.show(saved);
    if (this.#following.has(intentId) || !this.#context.client) return;
    const controller = new AbortController();
    this.#following.set(intentId, controller);
    void this.#track(saved, this.#context.client, controller.signal).finally(() => this.#following.delete(intentId));
  }

  async #track(saved: SavedTransfer, client: WidgetClient, signal: AbortSignal): Promise<void> {
    const context = this.#context;
    const { intentId } = saved;
    const onScreen = () => (this.current?.saved.intentId === intentId ? this.current : undefined);
    let latest = saved;
    const update = ({ saved: record, ...change }: Partial<Tracked>) => {
      const current = onScreen();
      // The end (a record that is over) is put on screen by #finish, with the host's event: never before it.
      if (current) this.current = { ...current, ...change, ...(record && !isOver(record.phase, record.arrival?.state) ? { saved: record } : {}) };
      this.readHistory();
      context.changed();
    };
    try {
      if (!saved.sourceTxHash && saved.batchId) {
        latest = await this.#settle(saved, signal);
        update({ saved: latest });
      }
      // A hash the source chain does not show (dropped, replaced, never broadcast): its outcome is unknown, looked up, asked about (./unknown-outcome.ts).
      // A deposit's hash is the service's word for a payment no wallet here sent: nothing to look up.
      if (
        latest.sourceTxHash &&
        !latest.deposit &&
        !isFinalPhase(latest.phase) &&
        (await (await loadBatchSteps()).hashUnseen(latest, context.provider(), signal))
      ) {
        if (onScreen()) this.show(undefined);
        return void context.unknown(latest).catch(() => undefined);
      }
      const { trackTransfer } = await loadTrackingSteps();
      const outcome = await trackTransfer(
        latest,
        { ...context.timing, client: transferClient(client), store: context.store, signal },
        {
          onRecord: (record) => {
            latest = record;
            update({ saved: record });
          },
          onStatus: (status, meta) => {
            const current = onScreen();
            const previous = current?.status;
            if (current) {
              this.notice = undefined;
              update({ status, lastCheckedAt: Date.now(), nextCheckAt: status.kind === 'tracked' ? status.nextPollAt : undefined });
            }
            const changed =
              previous?.status !== status.status || (previous.kind === 'tracked' && status.kind === 'tracked' && previous.gas_status !== status.gas_status);
            if (changed || !current) context.emit('bridge-status', statusDetail(latest, status, meta));
          },
          onStatusRejected: () => {
            if (!onScreen()) return;
            this.notice = 'status.contradicted';
            context.changed();
          },
          onPollProblem: (error, retryInMs) => {
            if (!onScreen()) return;
            this.notice = error.kind === 'rate-limited' ? 'notice.busy' : 'notice.unreachable';
            update({ nextCheckAt: Date.now() + retryInMs });
          },
        },
      );
      this.#finish(outcome.kind === 'success' && 'status' in outcome ? await this.#checkArrival(outcome, client, signal, update) : outcome);
    } catch (error) {
      if (!isAborted(error)) context.report(error, intentId);
    }
  }

  /**
   * A batch the wallet took (its id saved) before its hash was known: asks the
   * wallet until it reports it included, saves the hash and says so
   * (`bridge-transaction`). A batch that failed ends here: the form again, with why.
   */
  async #settle(saved: SavedTransfer, signal: AbortSignal): Promise<SavedTransfer> {
    const context = this.#context;
    try {
      const { settleBatch } = await loadBatchSteps();
      const settled = await settleBatch(context.provider(), saved, context.store, { signal, pollMs: context.timing?.confirmPollMs });
      const { intentId, sourceTxHash, fromChainId, batchId } = settled;
      context.emit('bridge-transaction', { intentId, txHash: sourceTxHash!, chainId: fromChainId, batchId });
      return settled;
    } catch (error) {
      if (this.current?.saved.intentId === saved.intentId && !isAborted(error)) this.show(undefined);
      throw error;
    }
  }

  /**
   * The service said `success`: its destination transaction is read on the
   * destination chain (./arrival-check.ts) before anything says complete.
   * `checking` is saved first, so a reload in between checks again.
   */
  async #checkArrival(
    outcome: Extract<TrackOutcome, { status: unknown }>,
    client: WidgetClient,
    signal: AbortSignal,
    update: (change: Partial<Tracked>) => void,
  ): Promise<TrackOutcome> {
    const store = this.#context.store;
    let record = outcome.record;
    const save = (arrival: SavedTransfer['arrival']) => {
      record = store.update(record.account, record.intentId, (current) => current && { ...current, arrival }) ?? { ...record, arrival };
      update({ saved: record });
    };
    save({ state: 'checking' });
    const { checkSavedArrival } = await loadArrivalCheck();
    save(await checkSavedArrival(record, store.list(record.account), client.baseUrl, { ...this.#context.timing?.arrival, signal }));
    return { ...outcome, record };
  }

  #finish(outcome: TrackOutcome): void {
    const context = this.#context;
    const { record } = outcome;
    const current = this.current?.saved.intentId === record.intentId ? this.current : undefined;
    if (current) this.current = { ...current, saved: record };
    const arrival = record.arrival;
    if (outcome.kind === 'success' && arrival?.state === 'contradicted') {
      const { intentId, toChainId, destTxHash, sourceTxHash, requestId, providerRequestId } = record;
      context.emit('bridge-arrival-contradicted', {
        intentId,
        reason: arrival.reason as ContradictionReason,
        toChainId,
        destTxHash: destTxHash!,
        sourceTxHash,
        requestId,
        providerRequestId,
        amount: arrival.amount,
        recipient: arrival.recipient,
        token: arrival.token,
      });
    } else if (outcome.kind === 'success') {
      context.emit('bridge-success', {
        ...statusDetail(record, outcome.status),
        toAmount: outcome.status.to_amount_wei,
        belowMinimum: receivedBelowMinimum(record),
        arrival: arrival?.state === 'checked' ? 'checked' : 'unchecked',
      });
    } else {
      const { intentId, sourceTxHash, requestId, providerRequestId } = record;
      context.emit('bridge-failed', { intentId, reason: outcome.kind, sourceTxHash, requestId, providerRequestId });
      this.#refunds.watch(record);
    }
    this.readHistory();
    context.finished();
    context.changed();
  }
}
