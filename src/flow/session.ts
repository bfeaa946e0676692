/**
 * The transfer session: everything <bridge-widget> knows and does, without a
 * DOM, as a short coordinator over rooms with one concern each:
 * - `remote` (./remote-resources.ts): what is read from the service, as `@lit/task` Tasks;
 * - `form` (./form-state.ts): what the user typed and chose, and the draft it adds up to;
 * - `execution` (./execution.ts): the attempt between the click and the broadcast;
 *   a chunk of its own, loaded with the review (`prepareTransfer`), `undefined` until then;
 * - `tracking` (./tracking.ts): broadcast transfers followed to their end (the arrival
 *   check, ./arrival-check.ts, with them), and the history; a chunk of its own, loaded
 *   when the account (or this browser, for deposit transfers) has a saved transfer (to
 *   resume or list) or a transfer starts, and `undefined` until then;
 * - `unknown` (./unknown-outcome.ts): transfers whose outcome is unknown (a batch the
 *   wallet forgot, a hash the source chain never showed), looked up and asked about
 *   before the same route is sent again; its rules come with the transfer steps (./batch.ts);
 * - `deposit` (./deposit.ts): paying into a deposit address, while the user has chosen
 *   it; set and cleared by the element's deposit moment, `undefined` otherwise;
 * - the wording of problems (./problems.ts).
 * It moves through form → executing → tracking. The element gives it what the
 * host set and what the user typed, renders its rooms' state, and turns its
 * events into DOM events. It is the Tasks' host (./session-host.ts) and its
 * rooms that load on demand (./transfer-rooms.ts).
 */
import { TaskStatus } from '@lit/task';
import { WidgetClient } from '../api/client.js';
import type { BackoffOptions } from '../api/rate-limit.js';
import { sameId } from '../model/tokens.js';
import { checksumNow } from '../model/checksum.js';
import { lossToConfirm } from '../model/quote.js';
import { requestAccounts, type Address, type Eip1193Provider } from '../wallet/index.js';
import type { ExecutionContext } from './execution.js';
import { FormState } from './form-state.js';
import { findToken, mainAction, type FormConfig, type MainAction, type QuoteResult } from './form.js';
import type { DepositRoom } from './deposit.js';
import type { KeyValueStorage } from './storage.js';
import { describeError, type Problem } from './problems.js';
import { RemoteResources } from './remote-resources.js';
import type { SessionSettings } from './settings.js';
import type { TrackingContext } from './tracking.js';
import type { View } from './session-host.js';
import { SessionRooms } from './transfer-rooms.js';
import { FlowError } from './errors.js';

export type { SessionListener, View } from './session-host.js';

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

export class TransferSession extends SessionRooms {
  readonly options: SessionOptions;
  readonly client: WidgetClient | undefined;
  readonly remote: RemoteResources;
  readonly form: FormState;
  /** Paying into a deposit address, while the user has chosen it (the deposit moment sets it). */
  deposit: DepositRoom | undefined;

  view: View = 'form';
  settings: SessionSettings;
  provider: Eip1193Provider | undefined;
  account: Address | undefined;
  connected = false;

  constructor(options: SessionOptions) {
    super();
    this.options = options;
    this.settings = options.settings;
    const { proxyUrl, storage } = options;
    const client = (this.client = proxyUrl ? new WidgetClient({ baseUrl: proxyUrl, ...(options.backoff ? { backoff: options.backoff } : {}) }) : undefined);
    const changed = () => this.requestUpdate();
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
        emit: this.emit.bind(this),
      },
      storage,
    );
  }

  // ---- lifecycle --------------------------------------------------------------

  /** Starts (or, after `disconnect`, restarts) what the session fetches; a quote stopped by detaching runs again. */
  connect(): void {
    if (this.connected) return;
    this.connected = true;
    this.remote.loadCatalog();
    // Back on the page (moved, or re-rendered by a framework): the transfers `disconnect` stopped following are followed again.
    this.startRooms();
    this.requestUpdate();
  }

  /** Stops every timer and request: a detached widget must not keep requests (and itself) alive. */
  disconnect(): void {
    this.connected = false;
    this.remote.stop();
    this.stopRooms();
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
    this.accountChanged(previous, account);
    this.requestUpdate();
  }

  /** A problem (the flow's, or one the host found: an unusable provider, a refused connection), shown and reported as `bridge-error`. */
  report(error: unknown, intentId?: string): void {
    // A forgotten batch: its outcome is unknown (./unknown-outcome.ts).
    const saved =
      this.account && error instanceof FlowError && error.kind === 'batch-unknown' && this.store?.list(this.account).find((t) => t.intentId === intentId);
    // Until the rules' chunk is in, the primary action waits for it (`primary`): nothing is sent unasked meanwhile.
    if (saved) void this.unknownOutcomes(saved).catch(() => undefined);
    const problem = describeError(error);
    this.form.setProblem(problem);
    this.emit('bridge-error', {
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

  /** The value loss of the quote on screen that the user must confirm, in percent, else undefined: decided here, once, from the host's `value-loss-threshold`, for the main button and the quote panel alike. */
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
    if (this.unknownSeen) {
      const unknown = await this.unknownOutcomes().catch((error: unknown) => this.report(error));
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
    return this.runAttempt({ quote, inputs, fromChain, toChain, fromToken, toToken, chains, provider, account, client });
  }

  /** Back to the form after a transfer; a locked preset amount stays. */
  newTransfer(): void {
    // Only the tracking view leads here, and the room came with it.
    this.tracking?.show(undefined);
    this.form.reset();
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
