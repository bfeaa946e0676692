/**
 * The session's rooms that a transfer needs, each loaded on demand
 * (./chunks.ts) once, and asked for again after a failed load:
 * - the saved transfers' store (./intent-store.ts): the form only looks whether
 *   there are any (./saved-transfers.ts);
 * - `execution` (./execution.ts): the attempt between the click and the
 *   broadcast, loaded with the review (`prepareTransfer`);
 * - `tracking` (./tracking.ts): broadcast transfers followed to their end, and
 *   the history; loaded when the account (or this browser, for deposit
 *   transfers) has a saved transfer to resume or list, or a transfer starts;
 * - `unknown` (./unknown-outcome.ts, with the transfer steps): transfers whose
 *   outcome is unknown (a batch the wallet forgot, a hash the source chain never
 *   showed), looked up and asked about before the same route is sent again;
 *   loaded once one is, and they wait here meanwhile: none is lost when the
 *   chunk fails to load.
 * What one room hands the next goes through here: a failed attempt returns to
 * the form, a broadcast one is followed, a hash the source chain never showed
 * becomes an unknown outcome. The session (./session.ts) is these rooms and
 * coordinates them with the form.
 */
import type { WidgetClient } from '../api/client.js';
import { lazy } from '../model/lazy.js';
import type { Address, Eip1193Provider } from '../wallet/index.js';
import { loadExecutionRoom, loadIntentStore, loadTrackingRoom, loadTrackingSteps, loadUnknownOutcomes } from './chunks.js';
import type { Attempt, ExecutionContext, TransferExecution } from './execution.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';
import { hasSavedTransfers } from './saved-transfers.js';
import { SessionHost, type View } from './session-host.js';
import type { SessionSettings } from './settings.js';
import type { KeyValueStorage } from './storage.js';
import type { TrackingContext, TransferTracking } from './tracking.js';
import type { UnknownOutcomes } from './unknown-outcome.js';

export abstract class SessionRooms extends SessionHost {
  abstract readonly options: { proxyUrl: string; storage?: KeyValueStorage | undefined; transfer?: ExecutionContext['timing'] & TrackingContext['timing'] };
  abstract readonly settings: SessionSettings;
  abstract readonly client: WidgetClient | undefined;
  abstract readonly account: Address | undefined;
  abstract readonly provider: Eip1193Provider | undefined;
  abstract readonly form: { setProblem(problem: undefined): void };
  abstract readonly remote: { refreshBalances(): void };
  abstract view: View;
  abstract report(error: unknown, intentId?: string): void;

  /** The attempt between the click and the broadcast, loaded on demand (`prepareTransfer`): a form never needs it. */
  execution: TransferExecution | undefined;
  /** Broadcast transfers followed, and the history: a form with nothing saved to follow or list never needs them. */
  tracking: TransferTracking | undefined;
  /** The saved transfers, once loaded with the execution, the tracking or the unknown outcomes (`loadStore`). */
  store: IntentStore | undefined;
  /** Transfers whose outcome is unknown, once their rules' chunk is in (`unknownOutcomes`). */
  unknown: UnknownOutcomes | undefined;
  /** Set once an outcome is unknown: from then on the primary action asks those rules first, and sends nothing while they cannot load. */
  protected unknownSeen = false;
  /** Unknown outcomes waiting for their rules' chunk. */
  readonly #unknownPending: SavedTransfer[] = [];
  /** `stopRooms` ran and no `startRooms` since: a tracking room that arrives now follows nothing. */
  #stopped = false;

  /** The saved transfers' store, in the transfer's chunk: the form needs only to know whether there are any. */
  readonly #store = lazy(() => loadIntentStore().then(({ IntentStore }) => (this.store = new IntentStore(this.options.storage, this.options.proxyUrl))));

  readonly #unknown = lazy(() =>
    Promise.all([loadUnknownOutcomes(), this.loadStore()]).then(([UnknownOutcomes]) => (this.unknown = new UnknownOutcomes(this))),
  );

  readonly #execution = lazy(() =>
    Promise.all([loadExecutionRoom(), this.loadStore()]).then(([{ executionRoom }, store]) => (this.execution = executionRoom(this, store))),
  );

  /**
   * The attempt is broadcast: the tracking room (asked for with the execution
   * room, so here already unless its chunk could not be loaded) follows it.
   * Without the room the form says so; the transfer is saved, and a reload
   * follows it. A transfer broadcast after the widget left the page is saved:
   * followed when it comes back (`startRooms`) or on the next visit.
   */
  followBroadcast(record: SavedTransfer, show: boolean): void {
    this.#withTracking(
      (tracking) => {
        if (!this.#stopped) return tracking.follow(record, show || this.view === 'form');
        if (this.view === 'executing') this.view = 'form';
      },
      (error) => {
        if (this.view === 'executing') this.view = 'form';
        this.report(error, record.intentId);
      },
    );
  }

  /**
   * On arrival the tracking reads the account's history and resumes its
   * unfinished transfers: the account may have changed while the chunk was on
   * its way, so it reads the account then.
   */
  readonly #tracking = lazy(() => {
    // Its receipt and status steps are fetched beside it, not after it: a resumed transfer is followed as soon as the room is here.
    loadTrackingSteps().catch(() => undefined);
    return Promise.all([loadTrackingRoom(), this.loadStore()]).then(([{ trackingRoom }, store]) => {
      const tracking = (this.tracking = trackingRoom(this, store));
      if (!this.#stopped) tracking.resume(this.account, this.view !== 'form');
      this.requestUpdate();
      return tracking;
    });
  });

  /** The saved transfers' store, loaded once. */
  loadStore(): Promise<IntentStore> {
    return this.#store.load();
  }

  /** Loads the unknown outcomes' rules once and hands them the outcomes waiting (`saved`: one more). */
  unknownOutcomes(saved?: SavedTransfer): Promise<UnknownOutcomes> {
    this.unknownSeen = true;
    if (saved) this.#unknownPending.push(saved);
    // Each call hands over what waits, so an outcome found after the chunk arrived is looked up too.
    return this.#unknown.load().then((unknown) => {
      for (const waiting of this.#unknownPending.splice(0)) void unknown.add(waiting);
      return unknown;
    });
  }

  /**
   * Loads what a transfer needs, the execution room and the tracking room,
   * once: the element awaits it with the review's chunk before Bridge starts
   * anything, so the review never shows an attempt not yet there.
   */
  prepareTransfer(): Promise<TransferExecution> {
    this.#tracking.load().catch(() => undefined);
    return this.#execution.load();
  }

  /** Follows a saved transfer with the tracking room (one the history opens, a deposit's, one the unknown-outcome look-up found on chain); shown when `show`. */
  follow(saved: SavedTransfer, show: boolean): void {
    this.#withTracking(
      // A room that arrives after the widget left the page follows nothing: `startRooms` resumes the saved transfer on its return.
      (tracking) => {
        if (!this.#stopped) tracking.follow(saved, show);
      },
      (error) => this.report(error, saved.intentId),
    );
  }

  /** Runs an attempt: at once when the execution room is here (the element prepared it with the review); otherwise (a host driving the session) it comes first. */
  protected runAttempt(attempt: Attempt): Promise<void> {
    if (this.execution) return this.execution.run(attempt);
    return this.prepareTransfer().then(
      (execution) => execution.run(attempt),
      (error: unknown) => {
        this.view = 'form';
        this.report(error);
      },
    );
  }

  /** On the page (again): the transfers `stopRooms` left are followed again, and this browser's deposit transfers, wallet or not, resumed. */
  protected startRooms(): void {
    this.#stopped = false;
    if (this.tracking) this.tracking.resume(this.account, this.view !== 'form');
    else this.#loadIfSaved();
  }

  /** Off the page: nothing further is signed or followed from here. */
  protected stopRooms(): void {
    this.#stopped = true;
    this.execution?.stop();
    this.tracking?.stop();
  }

  /** The wallet's account changed (from `previous`): an attempt stops, and the new account's history and unfinished transfers come. */
  protected accountChanged(previous: Address | undefined, account: Address | undefined): void {
    if (previous && this.view === 'executing') this.execution?.accountChanged();
    if (this.tracking) {
      this.tracking.readHistory();
      if (account) this.tracking.resume(account, this.view !== 'form');
    } else if (account) this.#loadIfSaved(account);
  }

  /** The tracking room comes when storage holds something to resume or list (the account's transfers, by default this browser's deposit transfers); it resumes them on arrival. */
  #loadIfSaved(account?: Address): void {
    if (hasSavedTransfers(this.options.storage, this.options.proxyUrl, account)) this.#withTracking(() => undefined);
  }

  /** Runs `use` with the tracking room: at once when it is here, otherwise once it arrived; `failed` hears why it could not come (by default the form shows it). */
  #withTracking(use: (tracking: TransferTracking) => void, failed: (error: unknown) => void = (error) => this.report(error)): void {
    if (this.tracking) return use(this.tracking);
    this.#tracking.load().then(use, failed);
  }
}
