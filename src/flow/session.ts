/**
 * The transfer session: everything <bridge-widget> knows and does, without a
 * DOM, as a short coordinator over rooms with one concern each:
 * - `remote` (./remote-resources.ts): what is read from the service, as `@lit/task` Tasks;
 * - `form` (./form-state.ts): what the user typed and chose, and the draft it adds up to;
 * - `execution` (./execution.ts): the attempt between the click and the broadcast;
 *   a chunk of its own, loaded with the review (`prepareTransfer`), `undefined` until then;
 * - `tracking` (./tracking.ts): broadcast transfers followed to their end, and the history;
 *   a chunk of its own, loaded when the account (or this browser, for deposit transfers)
 *   has a saved transfer (to resume or list) or a transfer starts, and `undefined` until then;
 * - `deposit` (./deposit.ts): paying into a deposit address, while the user has chosen
 *   it; set and cleared by the element's deposit moment, `undefined` otherwise;
 * - the wording of problems (./problems.ts).
 * It moves through form → executing → tracking. The element gives it what the
 * host set and what the user typed, renders its rooms' state, and turns its
 * events into DOM events.
 *
 * The session is the Tasks' ReactiveControllerHost: `requestUpdate` batches
 * every change of a turn into one update, in which the Tasks see the new
 * draft (a quote runs when its inputs change) and then the listeners hear of it.
 */
import { TaskStatus } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import { WidgetClient } from '../api/client.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import type { BridgeEventDetails } from '../events/index.js';
import { sameId } from '../model/tokens.js';
import { checksumNow } from '../model/checksum.js';
import { lossToConfirm } from '../model/quote.js';
import { requestAccounts, type Address, type Eip1193Provider } from '../wallet/index.js';
import { loadExecutionRoom, loadIntentStore, loadTrackingRoom, loadTrackingSteps, loadUnknownOutcomes } from './chunks.js';
import type { Attempt, ExecutionContext, TransferExecution } from './execution.js';
import { FormState } from './form-state.js';
import { findToken, mainAction, type FormConfig, type MainAction, type QuoteResult } from './form.js';
import type { DepositRoom } from './deposit.js';
import type { IntentStore, SavedTransfer } from './intent-store.js';
import type { KeyValueStorage } from './storage.js';
import { hasSavedTransfers } from './saved-transfers.js';
import { describeError, type Problem } from './problems.js';
import { RemoteResources } from './remote-resources.js';
import type { SessionSettings } from './settings.js';
import type { TransferTracking, TrackingContext } from './tracking.js';
import type { UnknownOutcomes } from './unknown-outcome.js';
import { FlowError } from './errors.js';

export type View = 'form' | 'executing' | 'tracking';

export interface SessionOptions {
  proxyUrl: string;
  /** The host's settings, read when needed (<bridge-widget> passes itself); `configure` says what changed. */
  settings: SessionSettings;
  /** Where transfers are kept between visits (the element passes `localStorage`); none: in memory only. */
  storage?: KeyValueStorage | undefined;
  /** Client retry timing; shorter in tests. */
  backoff?: BackoffOptions;
  /** The wait after a keystroke before a quote is asked (QUOTE_DEBOUNCE_MS by default); tests set it. */
  quoteDebounceMs?: number;
  /** Transfer timing (polling, receipt retries, approval confirmations); shorter in tests. */
  transfer?: ExecutionContext['timing'] & TrackingContext['timing'];
}

/** What the session tells its host: something changed (render again), or a public event happened. */
export interface SessionListener {
  changed?(): void;
  event?<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
}

export class TransferSession implements ReactiveControllerHost {
  readonly options: SessionOptions;
  readonly client: WidgetClient | undefined;
  /** The saved transfers, loaded with the execution or the tracking room (`loadStore`): the form needs only to know whether there are any. */
  store: IntentStore | undefined;
  readonly remote: RemoteResources;
  readonly form: FormState;
  /** Loaded on demand (`prepareTransfer`): a form never needs it. */
  execution: TransferExecution | undefined;
  /** Loaded on demand (see `#loadTracking`): a form with nothing saved to follow or list never needs it. */
  tracking: TransferTracking | undefined;
  /** Paying into a deposit address, while the user has chosen it (the deposit moment sets it). */
  deposit: DepositRoom | undefined;

  view: View = 'form';
  settings: SessionSettings;
  provider: Eip1193Provider | undefined;
  account: Address | undefined;
  connected = false;

  /** The tracking room on its way or here (cleared when the load failed, so that the next need tries again). */
  #trackingLoad: Promise<TransferTracking> | undefined;
  /** The execution room on its way or here (cleared when the load failed). */
  #executionLoad: Promise<TransferExecution> | undefined;
  /** `disconnect` ran and no `connect` since: a tracking room that arrives now follows nothing. */
  #stopped = false;

  readonly #listeners = new Set<SessionListener>();
  readonly #controllers = new Set<ReactiveController>();
  #updating: Promise<boolean> | undefined;

  constructor(options: SessionOptions) {
    this.options = options;
    this.settings = options.settings;
    const { proxyUrl, storage } = options;
    const client = (this.client = proxyUrl ? new WidgetClient({ baseUrl: proxyUrl, ...(options.backoff ? { backoff: options.backoff } : {}) }) : undefined);
    const changed = () => this.requestUpdate();
    const emit = this.#emit.bind(this);
    this.form = new FormState({
      settings: () => this.settings,
      catalog: () => this.remote.catalog,
      balances: () => this.remote.balances.value,
      account: () => this.account,
      inForm: () => this.view === 'form',
      chainStarted: (chainId) => this.remote.tokens.known(chainId).started,
      loadChain: (side, chainId) => this.remote.loadChain(side, chainId),
      changed,
    });
    this.remote = new RemoteResources(
      this,
      {
        client,
        connected: () => this.connected,
        account: () => this.account,
        quoteInputs: () => this.form.draft.inputs,
        inForm: () => this.view === 'form',
        form: this.form,
        quoteDebounceMs: options.quoteDebounceMs,
        emit,
      },
      storage,
    );
  }

  #storeLoad: Promise<IntentStore> | undefined;
  /** The saved transfers' store, loaded once (in the transfer's chunk, ./chunks.ts); a chunk that failed is asked for again next time. */
  loadStore(): Promise<IntentStore> {
    const { storage, proxyUrl } = this.options;
    this.#storeLoad ??= loadIntentStore().then(
      ({ IntentStore }) => (this.store ??= new IntentStore(storage, proxyUrl)),
      (error: unknown) => {
        this.#storeLoad = undefined;
        throw error;
      },
    );
    return this.#storeLoad;
  }

  /**
   * Loads what a transfer needs, the execution room and the tracking room
   * (./chunks.ts), once: the element awaits it with the review's chunk before
   * Bridge starts anything, so the review never shows an attempt not yet there.
   */
  prepareTransfer(): Promise<TransferExecution> {
    this.#loadTracking().catch(() => undefined);
    this.#executionLoad ??= Promise.all([loadExecutionRoom(), this.loadStore()]).then(
      ([{ TransferExecution }, store]) => {
        const execution = (this.execution = new TransferExecution({
          store,
          settings: () => this.settings,
          timing: this.options.transfer,
          changed: () => this.requestUpdate(),
          emit: this.#emit.bind(this),
          failed: (error, intentId) => {
            this.view = 'form';
            this.report(error, intentId);
          },
          // The tracking room was asked for with this one: here already, unless its chunk could not be loaded.
          // Then the form says so; the transfer is saved, and a reload follows it.
          // A transfer broadcast after the widget left the page is saved: followed when it comes back (`connect`) or on the next visit.
          broadcast: (record, show) =>
            this.#withTracking(
              (tracking) => {
                if (!this.#stopped) return tracking.follow(record, show || this.view === 'form');
                if (this.view === 'executing') this.view = 'form';
              },
              (error) => {
                if (this.view === 'executing') this.view = 'form';
                this.report(error, record.intentId);
              },
            ),
        }));
        return execution;
      },
      (error: unknown) => {
        this.#executionLoad = undefined;
        throw error;
      },
    );
    return this.#executionLoad;
  }

  /**
   * The tracking room, loaded once (./chunks.ts). On arrival it reads the
   * account's history and resumes its unfinished transfers: the account may
   * have changed while the chunk was on its way, so it reads the account then.
   */
  #loadTracking(): Promise<TransferTracking> {
    // Its receipt and status steps are fetched beside it, not after it: a resumed transfer is followed as soon as the room is here.
    if (!this.#trackingLoad) loadTrackingSteps().catch(() => undefined);
    this.#trackingLoad ??= Promise.all([loadTrackingRoom(), this.loadStore()]).then(
      ([{ TransferTracking }, store]) => {
        const changed = () => this.requestUpdate();
        const tracking = (this.tracking = new TransferTracking({
          client: this.client,
          store,
          account: () => this.account,
          provider: () => this.provider,
          timing: this.options.transfer,
          shown: (saved) => {
            this.view = saved ? 'tracking' : 'form';
            changed();
          },
          changed,
          emit: this.#emit.bind(this),
          report: (error, intentId) => this.report(error, intentId),
          unknown: (saved) => this.#unknownOutcomes(saved),
          finished: () => this.remote.refreshBalances(),
        }));
        tracking.readHistory();
        if (!this.#stopped) tracking.resume(this.account, this.view !== 'form');
        changed();
        return tracking;
      },
      (error: unknown) => {
        this.#trackingLoad = undefined;
        throw error;
      },
    );
    return this.#trackingLoad;
  }

  /** Runs `use` with the tracking room: at once when it is here, otherwise once it arrived; `failed` hears why it could not come (by default the form shows it). */
  #withTracking(use: (tracking: TransferTracking) => void, failed: (error: unknown) => void = (error) => this.report(error)): void {
    if (this.tracking) return use(this.tracking);
    this.#loadTracking().then(use, failed);
  }

  // ---- the Tasks' host --------------------------------------------------------

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Batches the changes of this turn into one update: the Tasks look at their inputs, then the listeners render. */
  requestUpdate(): void {
    this.#updating ??= Promise.resolve().then(() => {
      this.#updating = undefined;
      for (const controller of this.#controllers) controller.hostUpdate?.();
      for (const listener of this.#listeners) listener.changed?.();
      for (const controller of this.#controllers) controller.hostUpdated?.();
      return true;
    });
  }

  get updateComplete(): Promise<boolean> {
    return this.#updating ?? Promise.resolve(true);
  }

  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void {
    for (const listener of this.#listeners) listener.event?.(type, detail);
  }

  // ---- lifecycle --------------------------------------------------------------

  /** Starts (or, after `disconnect`, restarts) what the session fetches; a quote stopped by detaching runs again. */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.#stopped = false;
    this.remote.loadCatalog();
    // Back on the page (moved, or re-rendered by a framework): the transfers `disconnect` stopped following are followed again.
    if (this.tracking) this.tracking.resume(this.account, this.view !== 'form');
    // This browser's deposit transfers, wallet or not: the room comes, and resumes them on arrival.
    else if (hasSavedTransfers(this.options.storage, this.options.proxyUrl)) this.#withTracking(() => undefined);
    this.requestUpdate();
  }

  /** Stops every timer and request: a detached widget must not keep requests (and itself) alive. */
  disconnect(): void {
    this.connected = false;
    this.#stopped = true;
    this.remote.stop();
    this.execution?.stop();
    this.tracking?.stop();
    this.requestUpdate();
  }

  // ---- what the host sets -----------------------------------------------------

  /** The host's settings (kept by reference) and the names of those that changed: each change applies once. */
  configure(settings: SessionSettings, changed: Iterable<PropertyKey> = []): void {
    this.settings = settings;
    this.form.configure(settings, new Set(changed));
  }

  /** The host's presets and allow/deny lists, per side. */
  get config(): FormConfig {
    return this.form.config;
  }

  /** The account as shown: EIP-55 once the checksum code is here (asked for when first shown, then shown again), lowercase until then. */
  get shownAccount(): Address | undefined {
    return this.account && checksumNow(this.account, () => this.requestUpdate());
  }

  /** The wallet in use and its account, lowercase (the wallet controller decides which provider that is). */
  setWallet(provider: Eip1193Provider | undefined, account: Address | undefined): void {
    this.provider = provider;
    if (sameId(account, this.account)) return this.requestUpdate();
    const previous = this.account;
    this.account = account;
    if (previous && this.view === 'executing') this.execution?.accountChanged();
    if (this.tracking) {
      this.tracking.readHistory();
      if (account) this.tracking.resume(account, this.view !== 'form');
    } else if (account && hasSavedTransfers(this.options.storage, this.options.proxyUrl, account)) {
      // Something saved to resume or to list: the room comes now, and resumes on arrival.
      this.#withTracking(() => undefined);
    }
    this.requestUpdate();
  }

  /** Transfers whose outcome is unknown (a batch the wallet forgot, a saved hash the source chain never showed), once their chunk is in: looked up, and asked about before the same route is sent again (./unknown-outcome.ts). */
  unknown: UnknownOutcomes | undefined;
  /** Set once an outcome is unknown: from then on the primary action asks those rules first, and sends nothing while they cannot load. */
  #unknownSeen = false;
  /** Unknown outcomes waiting for that chunk: a chunk that failed to load loses none of them. */
  readonly #unknownPending: SavedTransfer[] = [];
  #unknownLoad: Promise<UnknownOutcomes> | undefined;
  /** Loads ./unknown-outcome.ts once and hands it the outcomes waiting (`saved`: one more); a chunk that failed is asked for again next time. */
  #unknownOutcomes(saved?: SavedTransfer): Promise<UnknownOutcomes> {
    this.#unknownSeen = true;
    if (saved) this.#unknownPending.push(saved);
    this.#unknownLoad ??= Promise.all([loadUnknownOutcomes(), this.loadStore()]).then(
      ([UnknownOutcomes]) => (this.unknown ??= new UnknownOutcomes(this)),
      (error: unknown) => {
        this.#unknownLoad = undefined;
        throw error;
      },
    );
    // Each call hands over what waits, so an outcome found after the chunk arrived is looked up too.
    return this.#unknownLoad.then((unknown) => {
      for (const waiting of this.#unknownPending.splice(0)) void unknown.add(waiting);
      return unknown;
    });
  }

  /** A problem (the flow's, or one the host found: an unusable provider, a refused connection), shown and reported as `bridge-error`. */
  report(error: unknown, intentId?: string): void {
    // A forgotten batch: its outcome is unknown (./unknown-outcome.ts).
    const saved =
      this.account && error instanceof FlowError && error.kind === 'batch-unknown' && this.store?.list(this.account).find((t) => t.intentId === intentId);
    // Until the rules' chunk is in, the primary action waits for it (`primary`): nothing is sent unasked meanwhile.
    if (saved) void this.#unknownOutcomes(saved).catch(() => undefined);
    const problem = describeError(error);
    this.form.setProblem(problem);
    this.#emit('bridge-error', {
      kind: problem.kind,
      rule: problem.rule,
      message: problem.message,
      intentId,
      requestId: problem.requestId,
      retryable: problem.retryable,
    });
  }

  /** A problem found outside the flow (an unusable provider), shown without an event. */
  showProblem(problem: Problem): void {
    this.form.setProblem(problem);
  }

  // ---- what the user does -----------------------------------------------------

  async connectWallet(): Promise<void> {
    if (!this.provider) return;
    this.form.setProblem(undefined);
    try {
      const [account] = await requestAccounts(this.provider);
      this.setWallet(this.provider, account);
    } catch (error) {
      this.report(error);
    }
  }

  /** The quote on screen, only if it still matches the inputs. */
  get currentQuote(): QuoteResult | undefined {
    const value = this.remote.quote.value;
    return value && value.inputs === this.form.draft.inputs ? value : undefined;
  }

  /**
   * The value loss of the quote on screen that the user must confirm, in
   * percent, else undefined: decided here, once, from the host's
   * `value-loss-threshold`, for the main button and the quote panel alike.
   */
  get valueLoss(): number | undefined {
    return lossToConfirm(this.currentQuote?.estimate, this.form.draft.fromToken, this.settings.valueLossThreshold);
  }

  get mainAction(): MainAction {
    return mainAction({
      // Paying into a deposit address, the typed sender stands where a wallet's account would (./deposit.ts).
      account: this.form.draft.sender ?? this.account,
      values: this.form.values,
      draft: this.form.draft,
      quote: this.currentQuote,
      quoteFailed: this.remote.quote.status === TaskStatus.ERROR,
      valueLoss: this.valueLoss,
    });
  }

  /** The main button: connects without an account, bridges with one. */
  async primary(): Promise<void> {
    if (!this.account) return this.connectWallet();
    // While a transfer of the same route has an unknown outcome, the first press asks; the next one, once the look-up answered, sends.
    if (this.#unknownSeen) {
      const unknown = await this.#unknownOutcomes().catch((error: unknown) => this.report(error));
      if (!unknown?.mayBridge(this.form.draft.inputs)) return this.requestUpdate();
    }
    return this.bridge();
  }

  /** Sends what the form says, with the quote on screen as what the user agreed to. */
  bridge(): Promise<void> {
    const quote = this.currentQuote;
    const { inputs, fromToken, toToken } = this.form.draft;
    const { provider, account, client } = this;
    const chains = this.remote.catalog?.chains ?? [];
    const fromChain = this.chain(this.form.values.fromChainId);
    const toChain = this.chain(this.form.values.toChainId);
    // A preview (no account when it was asked) is never routed: the account's own quote replaces it first.
    if (!quote || !inputs || inputs.preview || !provider || !account || !client || !fromChain || !toChain || !fromToken || !toToken) return Promise.resolve();
    this.form.setProblem(undefined);
    this.view = 'executing';
    const attempt: Attempt = { quote, inputs, fromChain, toChain, fromToken, toToken, chains, provider, account, client };
    // Here already when the element prepared the transfer with the review; otherwise (a host driving the session) it comes first.
    if (this.execution) return this.execution.run(attempt);
    return this.prepareTransfer().then(
      (execution) => execution.run(attempt),
      (error: unknown) => {
        this.view = 'form';
        this.report(error);
      },
    );
  }

  /** Back to the form after a transfer; a locked preset amount stays. */
  newTransfer(): void {
    // Only the tracking view leads here, and the room came with it.
    this.tracking?.show(undefined);
    this.form.reset();
  }

  /** Follows a transfer the unknown-outcome look-up found on chain (./unknown-outcome.ts); shown when `show`. */
  followFound(saved: SavedTransfer, show: boolean): void {
    this.#withTracking(
      (tracking) => tracking.follow(saved, show),
      (error) => this.report(error, saved.intentId),
    );
  }

  /** Shows a saved transfer (from the history) and follows it. */
  open(saved: Parameters<TransferTracking['follow']>[0]): void {
    this.#withTracking(
      (tracking) => tracking.follow(saved, true),
      (error) => this.report(error, saved.intentId),
    );
  }

  // ---- labels -------------------------------------------------------------------

  /** A token of the catalog, for labels. */
  token(chainId: string, address: string) {
    return findToken(this.remote.catalog?.tokens ?? [], chainId, address);
  }

  chain(chainId: string) {
    return this.remote.catalog?.chains.find((c) => c.chainId === chainId);
  }
}
